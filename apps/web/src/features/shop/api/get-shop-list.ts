import { useSyncExternalStore } from 'react'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callApiLazily } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'
import { pageQuery } from '../../../lib/grid-status.ts'
import { getCustomerId, isLoggedIn, subscribeToStorage } from '../../../lib/storage.ts'
import { buildShopGridStatus, SHOP_PAGE_SIZE, type ShopFilters } from './shop-grid-status.ts'

export interface ShopListParams extends ShopFilters {
  page: number
  pageSize?: number
}

/**
 * One page of the shop. A logged-in customer gets the customer's list (their prices, spec 1 §6);
 * a visitor the general list. The contract loads with the first call (the menu's site search uses
 * this too, and must not bring the schemas into the first paint).
 */
export async function getShopList(
  { page, pageSize = SHOP_PAGE_SIZE, ...filters }: ShopListParams,
  customerId: number,
  signal?: AbortSignal,
) {
  const query = pageQuery(page, pageSize, buildShopGridStatus(filters))
  const contract = () => import('@clubhouse/contract')
  const call = customerId
    ? callApiLazily(async () => (await contract()).shopRoutes.shopListByCustomer, {
        query: { customerId, ...query },
        signal,
      })
    : callApiLazily(async () => (await contract()).shopRoutes.shopList, { query, signal })
  return logCrash('shop', signal, call)
}

/** The customer whose prices the shop shows: the stored one when logged in, else none (0). */
export const shopCustomerId = () => (isLoggedIn() ? getCustomerId() : 0)

/**
 * `shopCustomerId` for rendering: a page rendered on the server shows a visitor's prices, and the
 * browser switches to the customer's once hydrated (following logins and logouts).
 */
export function useShopCustomerId(): number {
  return useSyncExternalStore(subscribeToStorage, shopCustomerId, () => 0)
}

export const shopListQuery = (params: ShopListParams, customerId = shopCustomerId()) =>
  queryOptions({
    queryKey: ['shop', 'list', customerId, params],
    queryFn: ({ signal }) => getShopList(params, customerId, signal),
    // The page keeps showing the last answer while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
  })

export function useShopList(params: ShopListParams) {
  return useQuery(shopListQuery(params, useShopCustomerId()))
}
