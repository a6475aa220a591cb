import { useQuery } from '@tanstack/react-query'
import { callApiLazily } from '../../../lib/lazy-api.ts'
import type { RecentPost } from './recent-posts-route.ts'

/** The menu and the footer load the last 2 posts (spec 1 §7). */
export const RECENT_POSTS_COUNT = 2

const noPosts: RecentPost[] = []

async function getRecentPosts(signal: AbortSignal): Promise<RecentPost[]> {
  try {
    return await callApiLazily(async () => (await import('./recent-posts-route.ts')).recentPostsRoute, {
      query: { count: RECENT_POSTS_COUNT },
      signal,
    })
  } catch (error) {
    if (!signal.aborted) console.warn('Crash getting posts', error)
    throw error
  }
}

/**
 * The latest posts; the Blog menu entry shows only when there are some. A failure counts as "no
 * posts", is only logged (spec 1 §8) and is not asked again by every part of the page that shows posts.
 */
export function useRecentPosts(): RecentPost[] {
  const { data } = useQuery({
    queryKey: ['blog', 'recent-posts', RECENT_POSTS_COUNT],
    queryFn: ({ signal }) => getRecentPosts(signal),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  })
  return data ?? noPosts
}
