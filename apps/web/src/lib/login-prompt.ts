import { useSyncExternalStore } from 'react'

/**
 * The login dialog's state, openable from anywhere: menu entries, the route guard, and the API
 * client when the server answers 401 or 403. The layout renders the dialog from this store.
 */
export type LoginMode = 'login' | 'register' | 'reset'

export interface LoginPrompt {
  open: boolean
  mode: LoginMode
  /** Where to go after a successful login (the page that asked for it). */
  backUrl: string | null
}

const closed: LoginPrompt = { open: false, mode: 'login', backUrl: null }
let state: LoginPrompt = closed
const listeners = new Set<() => void>()

function set(next: LoginPrompt) {
  state = next
  for (const listener of listeners) listener()
}

export function openLogin({
  mode = 'login',
  backUrl = null,
}: { mode?: LoginMode; backUrl?: string | null } = {}) {
  set({ open: true, mode, backUrl })
}

/** Switches the open dialog to another mode, keeping where to go back to. */
export function setLoginMode(mode: LoginMode) {
  set({ ...state, mode })
}

export function closeLogin() {
  set({ ...state, open: false })
}

export function getLoginPrompt(): LoginPrompt {
  return state
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useLoginPrompt(): LoginPrompt {
  return useSyncExternalStore(subscribe, getLoginPrompt, getLoginPrompt)
}

/** The current address inside the app: what a back URL points at. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location
  return `${pathname}${search}${hash}`
}
