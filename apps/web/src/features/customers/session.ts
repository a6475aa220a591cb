import { useSyncExternalStore } from 'react'
import { callApiLazily } from '../../lib/lazy-api.ts'
import { reloadPage } from '../../lib/reload.ts'
import {
  clearCart,
  clearSession,
  getCustomerName,
  getToken,
  isLoggedIn,
  subscribeToStorage,
} from '../../lib/storage.ts'

/** Logged in means a customer token is stored (spec 1 §4); follows logins, logouts and refusals. */
export function useIsLoggedIn(): boolean {
  // A page rendered on the server is a visitor's; the browser shows the customer once hydrated.
  return useSyncExternalStore(subscribeToStorage, isLoggedIn, () => false)
}

/** The logged-in customer's first name, when known; follows logins, logouts and profile changes. */
export function useCustomerName(): string | undefined {
  return useSyncExternalStore(subscribeToStorage, getCustomerName, () => undefined)
}

/** How long logout waits for the server to revoke the token before leaving anyway. */
const REVOKE_WAIT_MS = 2_000

/**
 * Logout empties the cart, forgets the token and the customer record, and reloads (spec 1 §2).
 * First it asks the server to revoke the token, so a copy of it stops working too; that is best
 * effort: a failed or slow call never keeps the customer logged in.
 */
export async function logout() {
  if (getToken()) {
    const revoke = callApiLazily(async () => (await import('@clubhouse/contract')).customerRoutes.logout)
    await Promise.race([
      revoke.catch((error: unknown) => console.warn('Crash revoking the login', error)),
      new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS)),
    ])
  }
  clearCart()
  clearSession()
  reloadPage()
}
