import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApiLazily } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** The trending block shows at most 4 products (spec 1 §9). */
export const TRENDING_COUNT = 4

export const trendingProductsQuery = () =>
  queryOptions({
    queryKey: ['shop', 'trending-products'],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'trending products',
          signal,
          callApiLazily(async () => (await import('@clubhouse/contract')).productRoutes.trendingProducts, {
            signal,
          }),
        )
      ).data.slice(0, TRENDING_COUNT),
    staleTime: 5 * 60_000,
  })

export function useTrendingProducts() {
  return useQuery(trendingProductsQuery())
}
