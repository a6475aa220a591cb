import type { ProductSort } from '@clubhouse/contract'
import { searchEntry, type GridStatus } from '../../../lib/grid-status.ts'

/** The shop's page size (spec 1 §9). */
export const SHOP_PAGE_SIZE = 30

/** The spec's product sorts: 1 new, 2 price ascending, 3 price descending. */
export const PRODUCT_SORTS = { ByNew: 1, ByPriceAsc: 2, ByPriceDesc: 3 } as const satisfies Record<
  string,
  ProductSort
>

export interface ShopFilters {
  sort: ProductSort
  /** Text searched in the name, detail and description; empty for none. */
  search: string
  /** One product type, or null for All. */
  productTypeId: number | null
}

const SORT_MODELS: Record<ProductSort, GridStatus['sortModel']> = {
  1: [{ colId: 'Created', sort: 'desc' }],
  2: [{ colId: 'GrossPrice', sort: 'asc' }],
  3: [{ colId: 'GrossPrice', sort: 'desc' }],
}

/** The shop list's gridStatus (spec 1 §7 notes) for the chosen sort, search and product type. */
export function buildShopGridStatus({ sort, search, productTypeId }: ShopFilters): GridStatus {
  return {
    sortModel: SORT_MODELS[sort] ?? SORT_MODELS[PRODUCT_SORTS.ByNew],
    filterModel: {
      ...(productTypeId
        ? { ProductTypeId: { filterType: 'number', type: 'equals', filter: productTypeId } }
        : {}),
      ...searchEntry(search),
    },
  }
}
