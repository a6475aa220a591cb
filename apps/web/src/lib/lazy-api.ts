import type * as ContractModule from '@clubhouse/contract'
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

type Contract = typeof ContractModule
/** The contract's groups of routes (`blogRoutes`, `shopRoutes`…). */
type RouteGroups = {
  [G in keyof Contract as Contract[G] extends Record<string, RouteDef> ? G : never]: Contract[G]
}

/**
 * `callApi` of the route `name` of the contract's `group`: the client, the contract and zod load on
 * the first call, not with the page, so a page's first render neither downloads nor evaluates the
 * schemas (decision 087). The answer is still parsed with the route's response schema.
 */
export function callRoute<G extends keyof RouteGroups, K extends keyof RouteGroups[G]>(
  group: G,
  name: K,
  input: CallInput<RouteGroups[G][K]> = {} as CallInput<RouteGroups[G][K]>,
): Promise<RouteResponse<RouteGroups[G][K]>> {
  return callApiLazily(
    async () => (await import('@clubhouse/contract'))[group][name] as RouteDef,
    input as CallInput<RouteDef>,
  ) as Promise<RouteResponse<RouteGroups[G][K]>>
}
