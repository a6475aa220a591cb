import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductVariant } from '@clubhouse/contract'

/** At or below this many units left, the choice says how many remain. */
export const FEW_UNITS_LEFT = 5

/**
 * The sizes or colours of a product as a row of choices (radio buttons drawn as chips): sold-out
 * ones are shown struck through and cannot be chosen; ones with few units left say how many.
 */
export function VariantPicker({
  variants,
  value,
  onChange,
}: {
  variants: readonly ProductVariant[]
  value: number | null
  onChange: (variant: ProductVariant) => void
}) {
  const { t } = useTranslation()
  const name = useId()
  const group = variants[0]?.group ?? ''
  const chosen = variants.find((v) => v.id === value)
  return (
    <fieldset className="variant-picker">
      <legend className="variant-picker__legend">
        {group}
        {chosen && <span className="variant-picker__chosen">: {chosen.name}</span>}
      </legend>
      <div className="variant-picker__options">
        {variants.map((variant) => {
          const few = variant.hasStock && variant.stock !== null && variant.stock <= FEW_UNITS_LEFT
          return (
            <label
              key={variant.id}
              className={`variant-chip${variant.hasStock ? '' : ' is-sold-out'}${variant.id === value ? ' is-chosen' : ''}`}
            >
              <input
                type="radio"
                className="variant-chip__input"
                name={name}
                value={variant.id}
                checked={variant.id === value}
                disabled={!variant.hasStock}
                onChange={() => onChange(variant)}
              />
              <span className="variant-chip__name">{variant.name}</span>
              {!variant.hasStock ? (
                <span className="variant-chip__note">{t('product.soldOut')}</span>
              ) : few ? (
                <span className="variant-chip__note">
                  {t('product.unitsLeft', { count: variant.stock ?? 0 })}
                </span>
              ) : null}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
