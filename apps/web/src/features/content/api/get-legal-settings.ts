import { queryOptions, useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'

export const legalSettingsQuery = () =>
  queryOptions({
    queryKey: ['content', 'legal-settings'],
    queryFn: async ({ signal }) => {
      try {
        return (await callRoute('contentRoutes', 'legalSettings', { signal })).data
      } catch (error) {
        if (!signal.aborted) console.warn('Crash getting legal settings', error)
        throw error
      }
    },
    staleTime: 5 * 60_000,
  })

/** The four legal texts (sanitised HTML). A failure is only logged; the text stays empty (spec). */
export function useLegalSettings() {
  return useQuery(legalSettingsQuery())
}
