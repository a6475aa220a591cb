import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TextBlock } from '@clubhouse/contract'
import { logCrash } from '../../../lib/crash-log.ts'
import { callApiLazily } from '../../../lib/lazy-api.ts'

/** The menu and the footer load the last 2 posts; the home page the last 3 (spec 1 §7). */
export const RECENT_POSTS_COUNT = 2
export const HOME_POSTS_COUNT = 3
/** The post page's "Popular Posts" (spec 1 §9). */
export const POPULAR_POSTS_COUNT = 2

const noPosts: TextBlock[] = []

/**
 * The latest (or, with `popular`, the popular) posts with their authors. The contract loads with
 * the call: the menu and the home page use this and must not bring the schemas into the first paint.
 */
export const postsWithUsersQuery = (count: number, popular = false) =>
  queryOptions({
    queryKey: ['blog', popular ? 'popular-posts' : 'recent-posts', count],
    queryFn: ({ signal }) =>
      logCrash(
        'posts',
        signal,
        callApiLazily(async () => (await import('@clubhouse/contract')).blogRoutes.postsWithUsers, {
          query: popular ? { count, popular: 'true' } : { count },
          signal,
        }),
      ),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  })

/**
 * The latest posts; the Blog menu entry shows only when there are some. A failure counts as "no
 * posts", is only logged (spec 1 §8) and is not asked again by every part of the page that shows posts.
 */
export function useRecentPosts(count = RECENT_POSTS_COUNT): TextBlock[] {
  const { data } = useQuery(postsWithUsersQuery(count))
  return data ?? noPosts
}

/** The latest posts with loading and error states, for a section that shows a skeleton. */
export function useLatestPosts(count: number) {
  return useQuery(postsWithUsersQuery(count))
}

/** One more than shown, so the list stays full when the post being read is among them. */
export function usePopularPosts() {
  return useQuery(postsWithUsersQuery(POPULAR_POSTS_COUNT + 1, true))
}
