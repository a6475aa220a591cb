import type { RouteDef, RouteResponse } from '@clubhouse/contract'
import type { CallInput } from './api-client.ts'

/**
 * `callApi` for code in the first-load shell (menu, top bar): the client, the contract and zod are
 * loaded on the first call, so the first paint does not wait for them. Pages, which load on
 * demand anyway, import `callApi` directly.
 */
export async function callApiLazily<R extends RouteDef>(
  loadRoute: () => Promise<R>,
  input: CallInput<R> = {} as CallInput<R>,
): Promise<RouteResponse<R>> {
  const [{ callApi }, route] = await Promise.all([import('./api-client.ts'), loadRoute()])
  return callApi(route, input)
}
