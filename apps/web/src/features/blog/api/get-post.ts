import { queryOptions, useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** One blog post with its author. */
export const postQuery = (id: number) =>
  queryOptions({
    queryKey: ['blog', 'post', id],
    queryFn: ({ signal }) =>
      logCrash('post', signal, callRoute('blogRoutes', 'postWithUser', { query: { id }, signal })),
  })

export function usePost(id: number) {
  return useQuery(postQuery(id))
}
