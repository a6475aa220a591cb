import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createAnswerCache, matchesEtag, pickEncoding, toCachedAnswer } from './cached-answer.ts'

describe('cached answers', () => {
  it('are checked against their schema and carry an ETag of their text', () => {
    const a = toCachedAnswer(z.object({ ok: z.literal(true), n: z.number() }), { ok: true, n: 1 })
    const b = toCachedAnswer(z.object({ ok: z.literal(true), n: z.number() }), { ok: true, n: 2 })
    expect(a.body).toBe('{"ok":true,"n":1}')
    expect(a.etag).toMatch(/^"[\w-]+"$/)
    expect(a.etag).not.toBe(b.etag)
    expect(() => toCachedAnswer(z.object({ n: z.number() }), { n: 'x' } as never)).toThrow()
  })

  it('match If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true)
    expect(matchesEtag('"b", W/"a"', '"a"')).toBe(true)
    expect(matchesEtag('*', '"a"')).toBe(true)
    expect(matchesEtag('"b"', '"a"')).toBe(false)
    expect(matchesEtag(undefined, '"a"')).toBe(false)
  })
})

describe('the answer cache', () => {
  it('builds an answer once per time to live and shares one build between concurrent callers', async () => {
    let clock = 0
    let builds = 0
    const cache = createAnswerCache({ ttlMs: 1000, now: () => clock })
    const build = async () => ++builds
    expect(await Promise.all([cache.get('k', build), cache.get('k', build)])).toEqual([1, 1])
    clock = 999
    expect(await cache.get('k', build)).toBe(1)
    clock = 1000
    expect(await cache.get('k', build)).toBe(2)
  })

  it('forgets everything when cleared, also a build that was under way', async () => {
    let builds = 0
    let release: () => void = () => {}
    const cache = createAnswerCache({ ttlMs: 60_000 })
    const slow = () =>
      new Promise<number>((resolve) => {
        builds++
        release = () => resolve(builds)
      })
    const pending = cache.get('k', slow)
    cache.clear()
    release()
    expect(await pending).toBe(1)
    expect(await cache.get('k', async () => ++builds)).toBe(2)
  })

  it('does not keep a failed build', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000 })
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('k', async () => 'up')).toBe('up')
  })

  it('drops the oldest answers beyond its size', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxEntries: 2 })
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    await cache.get('c', async () => 'c1')
    expect(await cache.get('a', async () => 'a2')).toBe('a2')
    expect(await cache.get('c', async () => 'c2')).toBe('c1')
  })
})

describe('answer encodings', () => {
  it('prefer brotli, then gzip, and respect q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(pickEncoding('*')).toBe('gzip')
    expect(pickEncoding('identity')).toBeUndefined()
    expect(pickEncoding(undefined)).toBeUndefined()
  })
})
