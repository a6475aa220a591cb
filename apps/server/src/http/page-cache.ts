import type { CachedAnswer } from './cached-answer.ts'
import { publicGeneration } from './public-changes.ts'

/** A page ready to send again: its status (200, or 404 for an address that leads nowhere) and HTML. */
export interface KeptPage {
  status: number
  answer: CachedAnswer
}

/**
 * Server-rendered pages kept per address and language (decision 086), so a page is rendered once per
 * change rather than once per request. A page is made again when this process changed what public
 * pages show (`publicDataChanged`) or after `ttlMs`, the time within which a change made by another
 * instance shows (it reaches this one's API answers within their own time to live). Concurrent
 * misses of one page share one render; the least recently made pages go first past `maxEntries`.
 */
export function createPageCache(opts: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const now = opts.now ?? Date.now
  const maxEntries = opts.maxEntries ?? 500
  const entries = new Map<string, { at: number; generation: number; page: KeptPage }>()
  const building = new Map<string, Promise<KeptPage | undefined>>()

  /** The kept page, or the one `make` makes (undefined: nothing to keep, such as an unbuilt web app). */
  function get(key: string, make: () => Promise<KeptPage | undefined>): Promise<KeptPage | undefined> {
    const hit = entries.get(key)
    if (hit && now() - hit.at < opts.ttlMs && hit.generation === publicGeneration()) {
      return Promise.resolve(hit.page)
    }
    let pending = building.get(key)
    if (!pending) {
      // A change committed here while the page is made makes it again next time (the count is
      // read first); its time to live runs from when it is ready.
      const generation = publicGeneration()
      const started = make()
        .then((page) => {
          if (page && opts.ttlMs > 0) {
            entries.delete(key)
            entries.set(key, { at: now(), generation, page })
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
          }
          return page
        })
        .finally(() => {
          if (building.get(key) === started) building.delete(key)
        })
      building.set(key, started)
      pending = started
    }
    return pending
  }

  return { get, size: () => entries.size }
}

export type PageCache = ReturnType<typeof createPageCache>
