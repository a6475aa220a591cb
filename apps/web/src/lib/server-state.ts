import type { DehydratedState } from '@tanstack/react-query'
import { ApiError } from './api-error.ts'

/** How a failed query's error travels from the server's render to the browser: as data, not a class. */
interface SentError {
  apiError: { status: number; code: string; errorMsg: string }
}

const isSentError = (value: unknown): value is SentError =>
  typeof value === 'object' && value !== null && 'apiError' in value

/** What a server-rendered page hands the browser to hydrate from. */
export interface ServerState {
  /** The query cache the markup was rendered from. */
  cache: DehydratedState
  /** When the markup was rendered (epoch ms): the clock the hydration reads (lib/use-now.ts). */
  renderedAt: number | undefined
}

/**
 * The state sent with a server-rendered page: the dehydrated cache, with each failed query's error
 * made plain so the browser renders the same "not found" or error state the server did (decision
 * 086), and the time of the render.
 */
export function sentState(state: DehydratedState, renderedAt: number) {
  return {
    renderedAt,
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error
      if (error === null || error === undefined) return query
      const sent: SentError = {
        apiError:
          error instanceof ApiError
            ? { status: error.status, code: error.code, errorMsg: error.errorMsg }
            : { status: 0, code: 'network', errorMsg: '' },
      }
      return { ...query, state: { ...query.state, error: sent as unknown as Error } }
    }),
  }
}

/**
 * The server's state: its dehydrated cache with its errors as `ApiError`s again, and its render
 * time; undefined when it is not one.
 */
export function revivedState(value: unknown): ServerState | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const state = value as Partial<DehydratedState> & { renderedAt?: unknown }
  if (!Array.isArray(state.queries) || !Array.isArray(state.mutations)) return undefined
  const renderedAt = typeof state.renderedAt === 'number' ? state.renderedAt : undefined
  const cache: DehydratedState = {
    mutations: [],
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error
      if (!isSentError(error)) return query
      const { status, code, errorMsg } = error.apiError
      return { ...query, state: { ...query.state, error: new ApiError(status, code, errorMsg) } }
    }),
  }
  return { cache, renderedAt }
}
