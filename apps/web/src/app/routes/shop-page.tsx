import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductSort } from '@clubhouse/contract'
import { ListSearch } from '../../components/ui/list-controls.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button.tsx'
import { useShopList } from '../../features/shop/api/get-shop-list.ts'
import { PRODUCT_SORTS, SHOP_PAGE_SIZE } from '../../features/shop/api/shop-grid-status.ts'
import {
  ProductCard,
  ProductCardSkeleton,
  ProductListItem,
} from '../../features/shop/components/product-card.tsx'
import { ProductTypeFilter, ShopSort } from '../../features/shop/components/shop-filters.tsx'
import { paths } from '../../config/paths.ts'
import { readListPage, readListText, useListParams, useScrollToListTop, withParams } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'
import { ListState } from '../../components/ui/list-state.tsx'

const SORT_VALUES: readonly number[] = Object.values(PRODUCT_SORTS)

/**
 * The shop (spec 1 §2): "Showing X–Y of N results", sort, search (also from `?search=`), product
 * type filter with All, 30 products a page with at most 4 page links, and the popular products.
 * Every choice lives in the address, so the back button and shared links keep it.
 */
export function ShopPage() {
  const { t } = useTranslation()
  usePageTitle(t('shop.title'))
  const [params, choose] = useListParams()
  const listRef = useRef<HTMLDivElement>(null)

  const search = readListText(params, 'search')
  const sortParam = Number(params.get('sort'))
  const sort = (SORT_VALUES.includes(sortParam) ? sortParam : PRODUCT_SORTS.ByNew) as ProductSort
  const typeParam = Number(params.get('type'))
  const productTypeId = Number.isInteger(typeParam) && typeParam > 0 ? typeParam : null
  const page = readListPage(params)
  useScrollToListTop(page, listRef)

  const { data, isPending, isError, isPlaceholderData, refetch } = useShopList({
    page,
    sort,
    search,
    productTypeId,
  })

  const onSearch = useCallback((text: string) => choose({ search: text || null }), [choose])

  // While the next page loads the last one stays on screen; the count describes what is shown.
  const [shownPage, setShownPage] = useState(page)
  if (data && !isPlaceholderData && shownPage !== page) setShownPage(page)
  const total = data?.totalCount ?? 0
  const pageCount = Math.ceil(total / SHOP_PAGE_SIZE)
  const from = total === 0 ? 0 : (shownPage - 1) * SHOP_PAGE_SIZE + 1
  const to = Math.min(total, shownPage * SHOP_PAGE_SIZE)
  const hrefFor = (n: number) => `${paths.shop}?${withParams(params, { page: n > 1 ? String(n) : null })}`
  const typeName = (id: number) => data?.productTypes.find((type) => type.id === id)?.name

  return (
    <div className="list-page">
      <header className="list-page__header">
        <div className="container">
          <h1 className="page-title">{t('shop.title')}</h1>
          <p className="list-page__count" role="status">
            {data && total > 0 ? t('shop.showing', { from, to, count: total }) : ''}
          </p>
        </div>
      </header>

      <div className="container list-page__layout">
        <div className="list-page__main" ref={listRef}>
          <div className="list-toolbar">
            <ListSearch label={t('shop.search')} value={search} onSearch={onSearch} />
            <ShopSort
              value={sort}
              onChange={(value) => choose({ sort: value === 1 ? null : String(value) })}
            />
          </div>
          <ProductTypeFilter
            loading={isPending}
            types={data?.productTypes ?? []}
            value={productTypeId}
            onChange={(id) => choose({ type: id ? String(id) : null })}
          />

          {isPending ? (
            <ul className="product-grid" aria-busy="true" aria-label={t('common.loading')}>
              {Array.from({ length: 6 }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))}
            </ul>
          ) : isError ? (
            <ListState
              message={t('shop.error')}
              action={{ label: t('common.retry'), onClick: () => void refetch() }}
            />
          ) : data.data.length === 0 ? (
            <ListState
              message={search || productTypeId ? t('shop.noMatch') : t('shop.empty')}
              {...(search || productTypeId
                ? {
                    action: { label: t('shop.showAll'), onClick: () => choose({ search: null, type: null }) },
                  }
                : {})}
            />
          ) : (
            <ul
              className={`product-grid${isPlaceholderData ? ' is-updating' : ''}`}
              aria-busy={isPlaceholderData}
            >
              {data.data.map((product, i) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    category={typeName(product.productTypeId)}
                    priority={i < 2}
                    headingLevel={2}
                    action={<AddToCartButton product={product} />}
                  />
                </li>
              ))}
            </ul>
          )}

          <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
        </div>

        {data && data.popular.length > 0 && (
          <aside className="list-page__aside" aria-labelledby="shop-popular">
            <h2 id="shop-popular" className="aside-title">
              {t('shop.popular')}
            </h2>
            <ul className="mini-list">
              {data.popular.slice(0, 5).map((product) => (
                <ProductListItem key={product.id} product={product} />
              ))}
            </ul>
          </aside>
        )}
      </div>
    </div>
  )
}
