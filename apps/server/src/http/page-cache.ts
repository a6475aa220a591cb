import type { CachedAnswer } from './cached-answer.ts'
import { publicGeneration } from './public-changes.ts'

/** A page ready to send again: its status (200, or 404 for an address that leads nowhere) and HTML. */
export interface KeptPage {
  status: number
  answer: CachedAnswer
  /** Whether what the page was made from is still the same (cheaper than making it again). */
  unchanged?: () => Promise<boolean>
}

/**
 * Server-rendered pages kept per address and language (decision 086), so a page is rendered once per
 * change rather than once per request. A page this process changed what it shows of
 * (`publicDataChanged`) is made again before it is sent. One older than `ttlMs` is sent as it is
 * while it is made again in the background: a change made by another instance shows within that
 * time of reaching this one's API answers, and no request waits for a render that finds nothing
 * new. Concurrent misses of one page share one render; past `maxEntries` the least recently made
 * pages go first.
 */
export function createPageCache(opts: {
  ttlMs: number
  /** A page is made again at least this often, even when what it read has not changed (the clock moves). */
  maxAgeMs?: number
  maxEntries?: number
  now?: () => number
}) {
  const now = opts.now ?? Date.now
  const maxEntries = opts.maxEntries ?? 500
  const maxAgeMs = opts.maxAgeMs ?? 60_000
  /** `at`: when the page was last known current; `madeAt`: when it was made. */
  const entries = new Map<string, { at: number; madeAt: number; generation: number; page: KeptPage }>()
  const checking = new Set<string>()
  const building = new Map<string, Promise<KeptPage | undefined>>()

  function build(key: string, make: () => Promise<KeptPage | undefined>): Promise<KeptPage | undefined> {
    const pending = building.get(key)
    if (pending) return pending
    // A change committed here while the page is made makes it again next time (the count is read
    // first); its time to live runs from when it is ready.
    const generation = publicGeneration()
    const started = make()
      .then((page) => {
        if (page && opts.ttlMs > 0) {
          entries.delete(key)
          const at = now()
          entries.set(key, { at, madeAt: at, generation, page })
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
        }
        return page
      })
      .finally(() => {
        if (building.get(key) === started) building.delete(key)
      })
    building.set(key, started)
    return started
  }

  function refresh(
    key: string,
    hit: { at: number; madeAt: number; page: KeptPage },
    make: () => Promise<KeptPage | undefined>,
  ) {
    const { unchanged } = hit.page
    if (!unchanged || now() - hit.madeAt >= maxAgeMs) {
      build(key, make).catch(() => undefined)
      return
    }
    if (checking.has(key) || building.has(key)) return
    checking.add(key)
    unchanged()
      .then((same) => {
        if (same) hit.at = now()
        else return build(key, make)
      })
      .catch(() => undefined)
      .finally(() => checking.delete(key))
  }

  /** The kept page, or the one `make` makes (undefined: nothing to keep, such as an unbuilt web app). */
  function get(key: string, make: () => Promise<KeptPage | undefined>): Promise<KeptPage | undefined> {
    const hit = entries.get(key)
    if (hit && hit.generation === publicGeneration()) {
      // Old: sent as it is while it is checked, or made again, beside (a failure leaves the old one
      // for the next request).
      if (now() - hit.at >= opts.ttlMs) refresh(key, hit, make)
      return Promise.resolve(hit.page)
    }
    return build(key, make)
  }

  return { get, size: () => entries.size }
}

export type PageCache = ReturnType<typeof createPageCache>
