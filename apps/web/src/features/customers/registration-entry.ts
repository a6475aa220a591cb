import { REGISTRATION_ENTRY_TTL_MINUTES } from '@clubhouse/contract'
import { readItem, removeItem, writeItem } from '../../lib/storage.ts'

/**
 * The temporary login entry kept after a registration (spec 1 §4): the new customer's id, and the
 * email they registered with, for 5 minutes under its own key. It is not a login: no token comes
 * with it, so it never makes the session logged in and never stands in for the customer id of
 * customer-scoped calls (docs/decisions/019). The login form reads it to fill in the email.
 */
export const REGISTRATION_ENTRY_KEY = 'creg'

export interface RegistrationEntry {
  id: number
  email: string
}

export function saveRegistrationEntry(entry: RegistrationEntry) {
  writeItem(REGISTRATION_ENTRY_KEY, entry, { ttlMs: REGISTRATION_ENTRY_TTL_MINUTES * 60_000 })
}

export const getRegistrationEntry = () => readItem<RegistrationEntry>(REGISTRATION_ENTRY_KEY)

export const clearRegistrationEntry = () => removeItem(REGISTRATION_ENTRY_KEY)
