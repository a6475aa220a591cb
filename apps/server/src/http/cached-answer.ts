import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { afterCommit, inUnit } from '../db/units.ts'
import { rememberParsed } from '../lib/remember-parsed.ts'
import { publicDataChanged } from './public-changes.ts'

/** One answer ready to send: the data, its text (JSON unless said otherwise) and an ETag (its hash). */
export interface CachedAnswer<T = unknown> {
  data: T
  body: string
  etag: string
}

/** A strong ETag for a body: the SHA-1 of its text. */
export function etagOf(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`
}

/**
 * Checks a body against the route's response schema once, serialises it and hashes it. What comes
 * out can be sent any number of times without being serialised again.
 */
export function toCachedAnswer<S extends z.ZodType>(
  schema: S,
  answer: z.input<S>,
): CachedAnswer<z.output<S>> {
  const data = schema.parse(answer)
  const body = JSON.stringify(data)
  return { data, body, etag: etagOf(body) }
}

/** True when an If-None-Match header (a list, maybe weak, or `*`) names this ETag. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

export interface CacheHeaders {
  /** Defaults to `no-cache`: the client keeps the answer and revalidates it with its ETag. */
  cacheControl?: string
  /**
   * Defaults to `Accept-Language`: the centre's texts are answered in the request's language ('' for
   * none). Accept-Encoding is added for answers large enough to be compressed.
   */
  vary?: string
  /** Defaults to JSON. */
  contentType?: string
}

/** Below this size an answer is sent as it is: compressing would not pay. */
const COMPRESS_THRESHOLD = 1024

type Encoding = 'br' | 'gzip'
const encodedBodies = new WeakMap<CachedAnswer, Partial<Record<Encoding | 'identity', Buffer>>>()

/** The best encoding a client accepts: br, then gzip; undefined for none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined
  if (typeof acceptEncoding !== 'string') return parseAcceptEncoding(acceptEncoding)
  return pickedEncoding(acceptEncoding)
}

const pickedEncoding = rememberParsed(parseAcceptEncoding)

function parseAcceptEncoding(acceptEncoding: string | string[]): Encoding | undefined {
  const accepted = new Set<string>()
  for (const part of String(acceptEncoding).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.find((p) => p.trim().startsWith('q='))
    if (!q || Number(q.trim().slice(2)) > 0) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

/**
 * The bytes of an answer, compressed once per answer and encoding: a cached list is compressed when
 * it is built, not on every request (the compress plugin leaves answers that carry an encoding alone).
 */
function bytesOf(cached: CachedAnswer, encoding: Encoding | 'identity'): Buffer {
  let bodies = encodedBodies.get(cached)
  if (!bodies) encodedBodies.set(cached, (bodies = {}))
  let bytes = bodies[encoding]
  if (!bytes) {
    const raw = bodies.identity ?? (bodies.identity = Buffer.from(cached.body))
    bytes =
      encoding === 'br'
        ? brotliCompressSync(raw, {
            params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 5 },
          })
        : encoding === 'gzip'
          ? gzipSync(raw)
          : raw
    bodies[encoding] = bytes
  }
  return bytes
}

/**
 * Sends a public read answer with its ETag; a matching If-None-Match gets 304 and no body.
 * The answer was checked against its schema when it was made (toCachedAnswer).
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cached: CachedAnswer,
  headers: CacheHeaders = {},
) {
  const compressible = cached.body.length >= COMPRESS_THRESHOLD
  const vary = [headers.vary ?? 'Accept-Language', compressible ? 'Accept-Encoding' : '']
    .filter(Boolean)
    .join(', ')
  reply.header('etag', cached.etag).header('cache-control', headers.cacheControl ?? 'no-cache')
  if (vary) reply.header('vary', vary)
  if (matchesEtag(req.headers['if-none-match'], cached.etag)) return reply.status(304).send()
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : undefined
  if (encoding) reply.header('content-encoding', encoding)
  return reply
    .type(headers.contentType ?? 'application/json; charset=utf-8')
    .send(bytesOf(cached, encoding ?? 'identity'))
}

/**
 * Answers (or what they are made of) kept in this process for a short time, by key: lists read on
 * every page are built once per `ttlMs` instead of once per request. Concurrent misses of one key share one build; the oldest
 * entries go first when `maxEntries` is reached. Nothing here is needed by another process: each
 * keeps its own and drops it after `ttlMs`, so a change made elsewhere shows within that time.
 */
export function createAnswerCache(opts: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const now = opts.now ?? Date.now
  const maxEntries = opts.maxEntries ?? 500
  const entries = new Map<string, { at: number; value: unknown }>()
  const building = new Map<string, Promise<unknown>>()
  let generation = 0

  async function get<V>(key: string, build: () => Promise<V>): Promise<V> {
    // Inside a unit of work: read through it, and neither share nor keep what may roll back (nor
    // wait for a build running outside it, which on the embedded database waits for the unit).
    if (inUnit()) return build()
    const hit = entries.get(key)
    if (hit && now() - hit.at < opts.ttlMs) return hit.value as V
    let pending = building.get(key)
    if (!pending) {
      const startedIn = generation
      const started: Promise<V> = build()
        .then((value) => {
          // An answer built across a clear() may hold what was just changed: use it once, keep it not.
          if (startedIn === generation && opts.ttlMs > 0) {
            entries.delete(key)
            entries.set(key, { at: now(), value })
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
          }
          return value
        })
        .finally(() => {
          if (building.get(key) === started) building.delete(key)
        })
      building.set(key, started)
      pending = started
    }
    return pending as Promise<V>
  }

  /** Forgets every answer: called on a change made through this process, done once it commits. */
  function clear() {
    publicDataChanged()
    afterCommit(() => {
      generation++
      entries.clear()
      building.clear()
    })
  }

  return { get, clear }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>
