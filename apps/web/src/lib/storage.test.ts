import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CART_TTL_MS,
  clearSession,
  getCustomerId,
  getLanguage,
  getToken,
  readItem,
  saveCart,
  saveSession,
  setLanguage,
  StorageKey,
  sweepExpired,
  writeItem,
} from './storage.ts'

const NOW = new Date('2025-05-01T10:00:00Z')

describe('storage with expiry', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })

  afterEach(() => {
    document.cookie = 'cz-lang=; path=/; max-age=0'
  })

  it('answers an entry until its expiry and then forgets it', () => {
    writeItem('note', 'hello', { ttlMs: 60_000 })
    vi.setSystemTime(NOW.getTime() + 59_000)
    expect(readItem('note')).toBe('hello')

    vi.setSystemTime(NOW.getTime() + 60_000)
    expect(readItem('note')).toBeUndefined()
    expect(window.localStorage.getItem('note')).toBeNull()
  })

  it('keeps an entry without expiry', () => {
    writeItem('kept', { a: 1 })
    vi.setSystemTime(NOW.getTime() + 10 * 365 * 86_400_000)
    expect(readItem('kept')).toEqual({ a: 1 })
  })

  it('sweeps every expired entry at start and leaves the rest', () => {
    writeItem('old', 1, { ttlMs: 1000 })
    writeItem('fresh', 2, { ttlMs: 60_000 })
    window.localStorage.setItem('foreign', 'not ours')
    vi.setSystemTime(NOW.getTime() + 5000)

    sweepExpired()

    expect(window.localStorage.getItem('old')).toBeNull()
    expect(readItem('fresh')).toBe(2)
    expect(window.localStorage.getItem('foreign')).toBe('not ours')
  })

  it('keeps the session until the expiry the server gave at login', () => {
    saveSession('token-1', { id: 42 }, new Date(NOW.getTime() + 3_600_000))
    expect(getToken()).toBe('token-1')
    expect(getCustomerId()).toBe(42)

    vi.setSystemTime(NOW.getTime() + 3_600_000)
    expect(getToken()).toBeUndefined()
    expect(getCustomerId()).toBe(0)
  })

  it('forgets token and customer on logout', () => {
    saveSession('token-1', { id: 42 }, NOW.getTime() + 3_600_000)
    clearSession()
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull()
    expect(window.localStorage.getItem(StorageKey.customer)).toBeNull()
  })

  it('keeps the cart for 24 days', () => {
    saveCart({ count: 1 })
    vi.setSystemTime(NOW.getTime() + CART_TTL_MS - 1)
    expect(readItem(StorageKey.cart)).toEqual({ count: 1 })
    vi.setSystemTime(NOW.getTime() + CART_TTL_MS)
    expect(readItem(StorageKey.cart)).toBeUndefined()
  })

  it('defaults the language to Spanish and writes the cookie with the chosen one', () => {
    expect(getLanguage()).toBe('es-ES')
    setLanguage('en-US')
    expect(getLanguage()).toBe('en-US')
    expect(document.cookie).toContain('cz-lang=en-US')
  })

  it('ignores a stored language the site does not offer', () => {
    writeItem(StorageKey.language, 'fr-FR')
    expect(getLanguage()).toBe('es-ES')
  })
})
