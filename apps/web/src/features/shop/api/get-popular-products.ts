import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApiLazily } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** The popular products (home carousel, payment result). Loads the contract with the call (home budget). */
export const popularProductsQuery = () =>
  queryOptions({
    queryKey: ['shop', 'popular-products'],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'popular products',
          signal,
          callApiLazily(async () => (await import('@clubhouse/contract')).productRoutes.popularProducts, {
            signal,
          }),
        )
      ).data,
    staleTime: 5 * 60_000,
  })

export function usePopularProducts() {
  return useQuery(popularProductsQuery())
}
