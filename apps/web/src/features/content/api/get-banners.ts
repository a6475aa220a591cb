import { queryOptions, useQuery } from '@tanstack/react-query'
import { logCrash } from '../../../lib/crash-log.ts'
import { callApiLazily } from '../../../lib/lazy-api.ts'

export const bannersQuery = () =>
  queryOptions({
    queryKey: ['content', 'banners'],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'banners',
          signal,
          callApiLazily(async () => (await import('@clubhouse/contract')).homeRoutes.banners, { signal }),
        )
      ).rowData,
    staleTime: 5 * 60_000,
  })

/** The home banners in their order. */
export function useBanners() {
  return useQuery(bannersQuery())
}
