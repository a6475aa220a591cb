import { useSyncExternalStore } from 'react'
import { reloadPage } from '../../lib/reload.ts'
import { clearCart, clearSession, isLoggedIn, subscribeToStorage } from '../../lib/storage.ts'

/** Logged in means a customer token is stored (spec 1 §4); follows logins, logouts and refusals. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeToStorage, isLoggedIn, isLoggedIn)
}

/** Logout empties the cart, forgets the token and the customer record, and reloads (spec 1 §2). */
export function logout() {
  clearCart()
  clearSession()
  reloadPage()
}
