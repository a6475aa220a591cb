import { useSyncExternalStore } from 'react'

/**
 * The global error popup (spec 2 §8: a failed stock check, a checkout refusal "also sent to the
 * global error dialog"): one message at a time, openable from anywhere (the cart's stock check runs
 * outside any page). The layout renders the dialog from this store.
 */
let message: string | null = null
const listeners = new Set<() => void>()

function set(next: string | null) {
  message = next
  for (const listener of listeners) listener()
}

/** Shows `text` in the popup; an empty text shows nothing. */
export function showErrorPopup(text: string) {
  if (text) set(text)
}

export function closeErrorPopup() {
  set(null)
}

export const getErrorPopup = () => message

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useErrorPopup(): string | null {
  return useSyncExternalStore(subscribe, getErrorPopup, getErrorPopup)
}
