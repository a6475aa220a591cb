import { useId, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckboxField, TextField } from '../form/field.tsx'
import { useFieldErrors } from '../form/use-field-errors.ts'
import '../../lib/i18n/card-texts.ts'
import { Button } from './button.tsx'
import {
  BRAND_NAMES,
  checkCard,
  detectBrand,
  digitsOf,
  formatExpiry,
  formatNumber,
  NAME_MAX,
  numberGroups,
  type CardEntry,
  type CardField,
  type CardInput,
  type CardProblem,
} from './card-rules.ts'
import './card-widget.css'

export interface CardWidgetProps {
  /** Called with a card that passed every check; `saveCard` is false unless saving is offered. */
  onSubmit: (card: CardEntry, saveCard: boolean) => Promise<void> | void
  /** The method tokenises cards and the customer has no saved one: "Save card…" is offered. */
  allowSave: boolean
  /** A payment is being asked for: the button shows a spinner and sending again does nothing. */
  busy: boolean
  /** The payment's refusal, in the customer's words, shown above the button. */
  error?: string | null
  submitLabel: string
  /** The clock the expiry is judged by, read when the form is sent (tests fix it). */
  now?: () => Date
}

type FieldTexts = Partial<Record<CardField, string>>

const EMPTY: CardInput = { name: '', number: '', expiry: '', cvv: '' }

/**
 * The card widget (spec 2 §2, §5): a card drawn as it is typed (brand colour and name, number in its
 * brand's groups, holder, MM/YY, and on its back the security code, turned while that field has
 * focus) above the four fields it is drawn from. The drawing is decoration, hidden from assistive
 * technology: the form says the same, the brand included. Nothing is sent until every check passes;
 * nothing typed is cleared on an error.
 */
export function CardWidget({
  onSubmit,
  allowSave,
  busy,
  error = null,
  submitLabel,
  now = () => new Date(),
}: CardWidgetProps) {
  const { t } = useTranslation()
  const id = useId()
  const [values, setValues] = useState<CardInput>(EMPTY)
  const [save, setSave] = useState(false)
  const [flipped, setFlipped] = useState(false)
  const [summary, setSummary] = useState<string | null>(null)

  const ids = useMemo(
    () => ({
      name: `${id}-name`,
      number: `${id}-number`,
      expiry: `${id}-expiry`,
      cvv: `${id}-cvv`,
    }),
    [id],
  )
  const { errors, passes, edited } = useFieldErrors<FieldTexts>(ids)
  const brand = detectBrand(values.number)
  const brandName = brand ? BRAND_NAMES[brand] : ''

  const problemText = (problem: CardProblem): string =>
    problem === 'required'
      ? t('messages.required')
      : problem === 'nameTooLong'
        ? t('card.nameTooLong', { max: NAME_MAX })
        : t(`card.${problem}`)

  const check = (input: CardInput) => {
    const found = checkCard(input, now())
    const fields = Object.fromEntries(
      Object.entries(found.fields).map(([field, problem]) => [field, problemText(problem)]),
    ) as FieldTexts
    const message = found.missing ? t('card.fillAll') : found.card ? null : t('card.checkFields')
    return { fields, message, card: found.card }
  }

  function change(field: CardField, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    edited(field, () => check(next).fields)
    // Once shown, the summary follows the fields, and goes when they are right.
    if (summary !== null) setSummary(check(next).message)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const result = check(values)
    setSummary(result.message)
    if (!passes(result.fields) || !result.card) return
    await onSubmit(result.card, allowSave && save)
  }

  const alert = summary ?? error ?? ''

  return (
    <div className="card-widget">
      <CardPicture
        brand={brandName}
        brandClass={brand ?? 'none'}
        values={values}
        groups={numberGroups(brand)}
        flipped={flipped}
        namePlaceholder={t('card.namePlaceholder')}
        validThru={t('card.validThru')}
        expiryFormat={t('card.expiryFormat')}
      />
      <form className="card-widget__form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id={ids.name}
          label={t('card.name')}
          required
          value={values.name}
          error={errors.name}
          maxLength={NAME_MAX}
          autoComplete="cc-name"
          autoCapitalize="words"
          spellCheck={false}
          onValueChange={(value) => change('name', value.slice(0, NAME_MAX))}
        />
        <TextField
          id={ids.number}
          label={t('card.number')}
          required
          value={values.number}
          error={errors.number}
          inputMode="numeric"
          autoComplete="cc-number"
          hint={
            <span aria-live="polite">
              {digitsOf(values.number)
                ? brand
                  ? t('card.brand', { brand: brandName })
                  : t('card.brandUnknown')
                : ''}
            </span>
          }
          onValueChange={(value) => change('number', formatNumber(value))}
        />
        <div className="card-widget__row">
          <TextField
            id={ids.expiry}
            label={t('card.expiry')}
            required
            value={values.expiry}
            error={errors.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('card.expiryFormat')}
            maxLength={5}
            onValueChange={(value) => change('expiry', formatExpiry(value))}
          />
          <TextField
            id={ids.cvv}
            label={t('card.cvv')}
            required
            value={values.cvv}
            error={errors.cvv}
            hint={t('card.cvvHint')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            onFocus={() => setFlipped(true)}
            onBlur={() => setFlipped(false)}
            onValueChange={(value) => change('cvv', digitsOf(value).slice(0, 4))}
          />
        </div>
        {allowSave && (
          <CheckboxField id={`${id}-save`} label={t('card.save')} checked={save} onCheckedChange={setSave} />
        )}
        <p className="card-widget__alert" role="alert">
          {alert}
        </p>
        <Button
          type="submit"
          variant="primary"
          className="button--large card-widget__submit"
          busy={busy}
          busyLabel={t('common.sending')}
        >
          {submitLabel}
        </Button>
      </form>
    </div>
  )
}

/** The typed digits in the brand's groups, the digits still to come as dots. */
function maskedNumber(number: string, groups: readonly number[]): string {
  const digits = digitsOf(number)
  let at = 0
  return groups
    .map((size) => {
      const part = digits.slice(at, at + size).padEnd(size, '•')
      at += size
      return part
    })
    .join(' ')
}

function CardPicture({
  brand,
  brandClass,
  values,
  groups,
  flipped,
  namePlaceholder,
  validThru,
  expiryFormat,
}: {
  brand: string
  brandClass: string
  values: CardInput
  groups: readonly number[]
  flipped: boolean
  namePlaceholder: string
  validThru: string
  expiryFormat: string
}) {
  return (
    <div
      className={`card-widget__card card-widget__card--${brandClass}${flipped ? ' is-flipped' : ''}`}
      aria-hidden="true"
      data-testid="card-picture"
      data-side={flipped ? 'back' : 'front'}
    >
      <div className="card-widget__inner">
        <div className="card-widget__face card-widget__front">
          <div className="card-widget__top">
            <span className="card-widget__chip" />
            <span className="card-widget__brand" data-testid="card-brand">
              {brand}
            </span>
          </div>
          <span className="card-widget__number" data-testid="card-number">
            {maskedNumber(values.number, groups)}
          </span>
          <div className="card-widget__bottom">
            <span className="card-widget__holder">{values.name || namePlaceholder}</span>
            <span className="card-widget__expiry">
              <small>{validThru}</small>
              {values.expiry || expiryFormat}
            </span>
          </div>
        </div>
        <div className="card-widget__face card-widget__back">
          <span className="card-widget__stripe" />
          <div className="card-widget__signature">
            <span className="card-widget__cvv" data-testid="card-cvv">
              {values.cvv || '•••'}
            </span>
          </div>
          <span className="card-widget__brand">{brand}</span>
        </div>
      </div>
    </div>
  )
}
