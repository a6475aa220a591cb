import { useTranslation } from 'react-i18next'
import type { ProductSort, ProductType } from '@clubhouse/contract'
import { SortSelect } from '../../../components/ui/list-controls.tsx'
import { PRODUCT_SORTS } from '../api/shop-grid-status.ts'

/** The shop's order: newest, price ascending, price descending. */
export function ShopSort({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  const { t } = useTranslation()
  return (
    <SortSelect
      label={t('list.sortBy')}
      value={value}
      onChange={onChange}
      options={[
        { value: PRODUCT_SORTS.ByNew, label: t('shop.sortNew') },
        { value: PRODUCT_SORTS.ByPriceAsc, label: t('shop.sortPriceAsc') },
        { value: PRODUCT_SORTS.ByPriceDesc, label: t('shop.sortPriceDesc') },
      ]}
    />
  )
}

/** The product-type filter: All, then every type; the chosen one is pressed. */
export function ProductTypeFilter({
  types,
  value,
  onChange,
  loading = false,
}: {
  types: ProductType[]
  value: number | null
  onChange: (productTypeId: number | null) => void
  /** While the list loads, the row keeps its place, so the products do not move down when it comes. */
  loading?: boolean
}) {
  const { t } = useTranslation()
  if (loading && types.length === 0) {
    return (
      <div className="chips" aria-hidden="true" data-testid="type-filter-loading">
        {[4, 6, 5].map((size, i) => (
          <span key={i} className="chip chip--skeleton" style={{ width: `${size}rem` }} />
        ))}
      </div>
    )
  }
  if (types.length === 0) return null
  const choices = [{ id: null, name: t('shop.allTypes') }, ...types]
  return (
    <div className="chips" role="group" aria-label={t('shop.productType')}>
      {choices.map((type) => (
        <button
          key={type.id ?? 'all'}
          type="button"
          className="chip"
          aria-pressed={value === type.id}
          onClick={() => onChange(type.id)}
        >
          {type.name}
        </button>
      ))}
    </div>
  )
}
