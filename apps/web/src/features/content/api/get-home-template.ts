import { queryOptions, useQuery } from '@tanstack/react-query'
import { logCrash } from '../../../lib/crash-log.ts'
import { callApiLazily } from '../../../lib/lazy-api.ts'

/**
 * The home template: hero slider, "Us in numbers" and the trending block's image. The home page
 * loads the contract with its first call rather than before its first paint (the home budget).
 */
export const homeTemplateQuery = () =>
  queryOptions({
    queryKey: ['content', 'home-template'],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'template settings',
          signal,
          callApiLazily(async () => (await import('@clubhouse/contract')).contentRoutes.template, { signal }),
        )
      ).data,
    staleTime: 5 * 60_000,
  })

export function useHomeTemplate() {
  return useQuery(homeTemplateQuery())
}
