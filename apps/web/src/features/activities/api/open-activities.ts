import { queryOptions, useQuery } from '@tanstack/react-query'
import { logCrash } from '../../../lib/crash-log.ts'
import { callApiLazily } from '../../../lib/lazy-api.ts'

/**
 * The activities open to sign up, soonest first (the home page's carousel, spec 2 §2). The contract
 * loads with the call: the home page must not bring the schemas into its first paint.
 */
export const openActivitiesQuery = () =>
  queryOptions({
    queryKey: ['activities', 'open'],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'activities',
          signal,
          callApiLazily(async () => (await import('@clubhouse/contract')).activityRoutes.activitiesList, {
            signal,
          }),
        )
      ).model,
    staleTime: 5 * 60_000,
  })

export function useOpenActivities() {
  return useQuery(openActivitiesQuery())
}
