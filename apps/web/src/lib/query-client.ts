import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-error.ts'

/** A refused request (4xx) is not asked again; a lost answer or a 5xx is, twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false
  return failureCount < 2
}

/**
 * The app's query cache. On the server (a page being rendered) a failure is not asked again: the
 * page is rendered with it and the browser tries again once hydrated.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: server ? false : shouldRetry,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A failed load stays failed until asked again (the error states offer Retry): a page the
        // server rendered as "not found" is hydrated as that, not as a skeleton.
        retryOnMount: false,
      },
      mutations: { retry: false },
    },
  })
}
