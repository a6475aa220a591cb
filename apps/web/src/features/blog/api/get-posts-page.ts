import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { DateSort } from '@clubhouse/contract'
import { logCrash } from '../../../lib/crash-log.ts'
import { pageQuery } from '../../../lib/grid-status.ts'
import { callApiLazily } from '../../../lib/lazy-api.ts'
import { BLOG_PAGE_SIZE, buildPostsGridStatus } from './blog-grid-status.ts'

export interface PostsPageParams {
  page: number
  pageSize?: number
  sort: DateSort
  search: string
}

/** One page of blog posts. Used by the blog page and by the menu's site search (hence lazy). */
export function getPostsPage(
  { page, pageSize = BLOG_PAGE_SIZE, sort, search }: PostsPageParams,
  signal?: AbortSignal,
) {
  return logCrash(
    'posts',
    signal,
    callApiLazily(async () => (await import('@clubhouse/contract')).blogRoutes.textBlocksByPage, {
      query: pageQuery(page, pageSize, buildPostsGridStatus({ sort, search })),
      signal,
    }),
  )
}

export const postsPageQuery = (params: PostsPageParams) =>
  queryOptions({
    queryKey: ['blog', 'page', params],
    queryFn: ({ signal }) => getPostsPage(params, signal),
    placeholderData: keepPreviousData,
  })

export function usePostsPage(params: PostsPageParams) {
  return useQuery(postsPageQuery(params))
}
