import type { Locale } from '@clubhouse/contract'
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LOCALES } from './constants.ts'

/**
 * The browser's localStorage with an expiry per entry. Every entry is stored as `{ v, e }`: the
 * value and the instant (epoch ms) after which it no longer exists, or null for "kept". An expired
 * entry is removed when it is read, and all expired entries are swept when the app starts.
 */

export const StorageKey = {
  /** The customer's bearer token. */
  token: 'ctk',
  /** The customer record, holding at least the id. */
  customer: 'cc',
  /** The cart: what the customer wants to buy (prices always come from the server). */
  cart: 'crt',
  /** The chosen language of the site. */
  language: 'lang',
  /** The home gallery, cached from the file uploads list. */
  gallery: 'all-gallery',
} as const

const DAY_MS = 24 * 60 * 60 * 1000
/** The cart is kept for 24 days (spec 1 §9). */
export const CART_TTL_MS = 24 * DAY_MS
const YEAR_S = 365 * 24 * 60 * 60

interface Entry<T> {
  v: T
  e: number | null
}

/** A stand-in when localStorage is unavailable (private modes, blocked storage): the tab still works. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'> {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size
    },
  }
}

/**
 * The storage in use, probed once for the window it belongs to (a test's next page is a new
 * window); on the server, where there is none, the stand-in.
 */
let backend: { page: Window | undefined; storage: ReturnType<typeof memoryStorage> } | undefined
function store() {
  const page = typeof window === 'undefined' ? undefined : window
  if (backend && backend.page === page) return backend.storage
  let storage: ReturnType<typeof memoryStorage>
  try {
    const probe = '__cz_probe__'
    page!.localStorage.setItem(probe, probe)
    page!.localStorage.removeItem(probe)
    storage = page!.localStorage
  } catch {
    storage = memoryStorage()
  }
  backend = { page, storage }
  return storage
}

type Listener = (key: string) => void
const listeners = new Set<Listener>()

/** The windows whose `storage` events (writes in another tab) reach the listeners. */
const heardWindows = new WeakSet<Window>()

/** Calls `listener` with the key whenever an entry is written or removed (here or in another tab). */
export function subscribeToStorage(listener: Listener): () => void {
  if (!heardWindows.has(window)) {
    heardWindows.add(window)
    window.addEventListener('storage', (event) => {
      if (event.key) notify(event.key)
    })
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function notify(key: string) {
  for (const listener of listeners) listener(key)
}

function parse(raw: string | null): Entry<unknown> | undefined {
  if (raw === null) return undefined
  try {
    const entry = JSON.parse(raw) as unknown
    if (typeof entry === 'object' && entry !== null && 'v' in entry && 'e' in entry) {
      const e = (entry as { e: unknown }).e
      if (e === null || typeof e === 'number') return entry as Entry<unknown>
    }
  } catch {
    // Written by someone else in another format: not ours to read.
  }
  return undefined
}

const isExpired = (entry: Entry<unknown>, now = Date.now()) => entry.e !== null && entry.e <= now

/** The stored value, or undefined when it is absent or expired (an expired entry is removed). */
export function readItem<T>(key: string): T | undefined {
  const entry = parse(store().getItem(key))
  if (!entry) return undefined
  if (isExpired(entry)) {
    removeItem(key)
    return undefined
  }
  return entry.v as T
}

/**
 * The stored value with the instant it expires (epoch ms, or null when kept) and the stored text,
 * or undefined when absent or expired. Lets a reader cache what it made of a value until the
 * stored text changes or the value expires.
 */
export function readEntry<T>(key: string): { value: T; expiresAt: number | null; raw: string } | undefined {
  const raw = store().getItem(key)
  const entry = parse(raw)
  if (!entry || raw === null) return undefined
  if (isExpired(entry)) {
    removeItem(key)
    return undefined
  }
  return { value: entry.v as T, expiresAt: entry.e, raw }
}

/** The stored text of an entry as it is, without reading or expiring it. */
export const readRawItem = (key: string): string | null => store().getItem(key)

/** Stores `value`; with `ttlMs` or `expiresAt` it disappears at that time, otherwise it is kept. */
export function writeItem<T>(
  key: string,
  value: T,
  opts: { ttlMs?: number; expiresAt?: number | Date } = {},
) {
  const expiresAt =
    opts.expiresAt !== undefined
      ? new Date(opts.expiresAt).getTime()
      : opts.ttlMs !== undefined
        ? Date.now() + opts.ttlMs
        : null
  const entry: Entry<T> = { v: value, e: expiresAt }
  try {
    store().setItem(key, JSON.stringify(entry))
  } catch {
    // Storage full: the value lives only as long as the page; nothing the visitor can do about it.
  }
  notify(key)
}

export function removeItem(key: string) {
  store().removeItem(key)
  notify(key)
}

/** Removes every entry whose expiry is past. Run once when the app starts. */
export function sweepExpired() {
  const s = store()
  const now = Date.now()
  const keys: string[] = []
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i)
    if (key !== null) keys.push(key)
  }
  for (const key of keys) {
    const entry = parse(s.getItem(key))
    if (entry && isExpired(entry, now)) removeItem(key)
  }
}

// ---------------------------------------------------------------------------------------------
// Session: token and customer record, both with the expiry the server gives at login.

export interface StoredCustomer {
  id: number
  [field: string]: unknown
}

export const getToken = () => readItem<string>(StorageKey.token) || undefined
export const getCustomer = () => readItem<StoredCustomer>(StorageKey.customer)
/** The stored customer's id, or 0 ("no customer") as the spec says. */
export const getCustomerId = () => getCustomer()?.id ?? 0
export const isLoggedIn = () => getToken() !== undefined

/** The stored customer's first name, when the login or the profile gave it. */
export function getCustomerName(): string | undefined {
  const name = getCustomer()?.name
  return typeof name === 'string' && name.trim() ? name.trim() : undefined
}

/** Keeps the customer's first name in the stored record (a profile read or saved), with its expiry. */
export function rememberCustomerName(name: string) {
  const entry = readEntry<StoredCustomer>(StorageKey.customer)
  if (!entry || entry.value.name === name) return
  writeItem(
    StorageKey.customer,
    { ...entry.value, name },
    entry.expiresAt === null ? {} : { expiresAt: entry.expiresAt },
  )
}

export function saveSession(token: string, customer: StoredCustomer, expiresAt: number | Date) {
  writeItem(StorageKey.token, token, { expiresAt })
  writeItem(StorageKey.customer, customer, { expiresAt })
}

export function clearSession() {
  removeItem(StorageKey.token)
  removeItem(StorageKey.customer)
}

// ---------------------------------------------------------------------------------------------
// Cart

export const saveCart = <T>(cart: T) => writeItem(StorageKey.cart, cart, { ttlMs: CART_TTL_MS })
export const clearCart = () => removeItem(StorageKey.cart)

// ---------------------------------------------------------------------------------------------
// Language: stored without expiry and mirrored in the cz-lang cookie, so the server renders
// index.html (title, description, settings texts) in the same language.

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

export function getLanguage(): Locale {
  const stored = readItem<string>(StorageKey.language)
  return isLocale(stored) ? stored : DEFAULT_LANGUAGE
}

export function writeLanguageCookie(language: Locale) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${YEAR_S}; SameSite=Lax${secure}`
}

export function setLanguage(language: Locale) {
  writeItem(StorageKey.language, language)
  writeLanguageCookie(language)
}

// ---------------------------------------------------------------------------------------------
// Version marker of the running build, one per host (a centre may serve several hosts).

const versionKey = () => `czv:${window.location.host}`
// A page rendered on the server runs the build the server runs: it has no marker of its own.
export const getVersionMarker = () =>
  typeof window === 'undefined' ? undefined : readItem<string>(versionKey()) || undefined
export const setVersionMarker = (marker: string) => writeItem(versionKey(), marker)
