import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-error.ts'

/** A refused request (4xx) is not asked again; a lost answer or a 5xx is, twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false
  return failureCount < 2
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}
