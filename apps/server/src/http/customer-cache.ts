import type { Changes, CustomerChange } from '../db/changes.ts'
import { inUnit } from '../db/units.ts'

/** What is kept: the value, the customer it belongs to, and until when it holds (ms since epoch). */
export interface Kept<V> {
  customerId: number
  value: V
  /** An instant after which the value no longer holds (a session's expiry); none: until a change. */
  until?: Date | undefined
}

interface Entry {
  customerId: number
  value: unknown
  until: number
}

/** Above this many entries the oldest go first (an answer kept is a few KB, a session far less). */
const MAX_ENTRIES = 10_000
/** Customers whose change was heard while a read was under way, remembered to refuse what it read. */
const MAX_REMEMBERED_CHANGES = 10_000

/**
 * A customer's sessions and own answers, kept in this process until the database says that
 * customer's data changed (decision 038). It answers from memory only while `changes` is current for
 * that customer — every change committed anywhere up to a moment ago, and every write of this
 * instance that may have changed their data, has been heard — and otherwise reads through to the
 * database. Inside a unit of work it reads through and keeps nothing: what a unit reads may roll back.
 */
export function createCustomerCache(
  changes: Changes,
  opts: { maxEntries?: number; now?: () => number } = {},
) {
  const now = opts.now ?? Date.now
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES
  const entries = new Map<string, Entry>()
  const keysOf = new Map<number, Set<string>>()
  /** Changes heard so far; a read keeps what it found only if its customer's last change came before it. */
  let heard = 0
  let everyoneChangedAt = 0
  const changedAt = new Map<number, number>()

  function forget(change: CustomerChange) {
    heard++
    if (change === '*') {
      everyoneChangedAt = heard
      changedAt.clear()
      entries.clear()
      keysOf.clear()
      return
    }
    if (changedAt.size >= MAX_REMEMBERED_CHANGES) {
      changedAt.clear()
      everyoneChangedAt = heard
    }
    changedAt.set(change, heard)
    const keys = keysOf.get(change)
    if (!keys) return
    for (const key of keys) entries.delete(key)
    keysOf.delete(change)
  }
  const stopListening = changes.onChange(forget)

  function keep(key: string, kept: Kept<unknown>, until: number) {
    entries.delete(key)
    entries.set(key, { customerId: kept.customerId, value: kept.value, until })
    let keys = keysOf.get(kept.customerId)
    if (!keys) keysOf.set(kept.customerId, (keys = new Set()))
    keys.add(key)
    if (entries.size > maxEntries) {
      const [oldest, entry] = entries.entries().next().value as [string, Entry]
      entries.delete(oldest)
      const left = keysOf.get(entry.customerId)
      left?.delete(oldest)
      if (left?.size === 0) keysOf.delete(entry.customerId)
    }
  }

  /**
   * The value kept under `key`, if it can be trusted now, else what `read` finds (kept when it may
   * be). Whether it can be trusted is asked for the customer it belongs to (`customerId`, or the
   * kept entry's): another customer's writes on this instance do not make it wait (decision 102).
   */
  async function remember<V>(
    key: string,
    customerId: number | undefined,
    read: () => Promise<Kept<V> | undefined>,
  ): Promise<V | undefined> {
    if (inUnit()) return (await read())?.value
    const hit = entries.get(key)
    const state = changes.state(hit?.customerId ?? customerId)
    if (state === 'current' && hit && hit.until > now()) return hit.value as V
    const startedAt = heard
    const kept = await read()
    if (!kept) return undefined
    const until = kept.until?.getTime() ?? Infinity
    const changedMeanwhile =
      everyoneChangedAt > startedAt || (changedAt.get(kept.customerId) ?? 0) > startedAt
    // While deaf a change could go unheard: what is read now is right, but may not be kept.
    if (!changedMeanwhile && state !== 'deaf' && changes.state(kept.customerId) !== 'deaf' && until > now()) {
      keep(key, kept, until)
    }
    return kept.value
  }

  return {
    /**
     * The session of a token (by its hash), kept until its expiry or a change of its customer (a
     * logout, a password or email change, a revocation). Unknown tokens are not kept.
     */
    session<S extends { customer: { id: number }; expiresAt: Date }>(
      tokenHash: string,
      find: (tokenHash: string) => Promise<S | undefined>,
    ): Promise<S | undefined> {
      return remember(`session|${tokenHash}`, undefined, async () => {
        const session = await find(tokenHash)
        return session && { customerId: session.customer.id, value: session, until: session.expiresAt }
      })
    },

    /** One of a customer's own answers under `key`, built by `build` when it is not kept. */
    async answer<V>(
      customerId: number,
      key: string,
      build: () => Promise<{ value: V; until?: Date | undefined }>,
    ): Promise<V> {
      const value = await remember(`${customerId}|${key}`, customerId, async () => ({
        customerId,
        ...(await build()),
      }))
      return value as V
    },

    /** How many entries are kept (tests). */
    size: () => entries.size,

    close: stopListening,
  }
}

export type CustomerCache = ReturnType<typeof createCustomerCache>
