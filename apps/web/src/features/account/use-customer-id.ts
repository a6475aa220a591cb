import { useSyncExternalStore } from 'react'
import { getCustomerId, subscribeToStorage } from '../../lib/storage.ts'

/** The stored customer's id, 0 when none (spec 1 §6); follows logins and logouts. */
export function useCustomerId(): number {
  return useSyncExternalStore(subscribeToStorage, getCustomerId, () => 0)
}
