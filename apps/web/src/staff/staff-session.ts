import { useSyncExternalStore } from 'react'
import { queryOptions } from '@tanstack/react-query'
import type { RouteDef, RouteResponse } from '@clubhouse/contract'
import { staffRoutes } from '@clubhouse/contract/server'
import { callApi, type ApiSession, type CallInput } from '../lib/api-client.ts'
import { readItem, removeItem, subscribeToStorage, writeItem } from '../lib/storage.ts'

/**
 * The staff member's session in this browser (issue 23): a bearer token of the staff's own, apart
 * from a customer's. It is kept without an expiry of its own: the server ends it after 12 idle hours
 * and answers 401, which forgets it here. Nothing reads it while rendering on the server.
 */
const STAFF_TOKEN_KEY = 'stk'

export const getStaffToken = () => readItem<string>(STAFF_TOKEN_KEY) || undefined
export const saveStaffToken = (token: string) => writeItem(STAFF_TOKEN_KEY, token)
export const clearStaffToken = () => removeItem(STAFF_TOKEN_KEY)

/** Whether a staff token is stored; follows sign-ins, sign-outs and refusals, in every tab. */
export function useHasStaffToken(): boolean {
  return useSyncExternalStore(
    subscribeToStorage,
    () => getStaffToken() !== undefined,
    () => false,
  )
}

/** A 401 ends the session here (the sign-in shows); a 403 is a role too low, shown by the page. */
const staffSession: ApiSession = {
  token: getStaffToken,
  refused(status) {
    if (status === 401) clearStaffToken()
  },
}

/** Calls a staff route with the staff's token; the answer is parsed with the route's schema. */
export function callStaff<R extends RouteDef>(
  route: R,
  input: CallInput<R> = {} as CallInput<R>,
): Promise<RouteResponse<R>> {
  return callApi(route, input, staffSession)
}

/** Who is signed in: read once per session and kept while the desk is open. */
export const staffMeQuery = ['staff', 'me'] as const

/** The signed-in staff member's query: the gate reads it, a page asks it for the role. */
export const staffMeOptions = queryOptions({
  queryKey: staffMeQuery,
  queryFn: async ({ signal }) => (await callStaff(staffRoutes.staffMe, { signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
})
