import { queryOptions, useQuery } from '@tanstack/react-query'
import { SPONSOR_FILES } from './file-lists.ts'
import { logCrash } from '../../../lib/crash-log.ts'
import { callApiLazily } from '../../../lib/lazy-api.ts'

export const sponsorsQuery = () =>
  queryOptions({
    queryKey: ['content', 'sponsors'],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'sponsors',
          signal,
          callApiLazily(async () => (await import('@clubhouse/contract')).homeRoutes.fileUploads, {
            query: SPONSOR_FILES,
            signal,
          }),
        )
      ).data,
    staleTime: 5 * 60_000,
  })

/** The sponsors' images (270x145) with their link targets in `description`. */
export function useSponsors() {
  return useQuery(sponsorsQuery())
}
