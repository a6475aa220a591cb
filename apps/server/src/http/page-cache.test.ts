import { describe, expect, it } from 'vitest'
import { createPageCache, type KeptPage } from './page-cache.ts'
import { publicDataChanged } from './public-changes.ts'

const page = (body: string): KeptPage => ({ status: 200, answer: { data: body, body, etag: `"${body}"` } })

describe('kept pages', () => {
  it('renders a page once for many requests, and again at once after a change made here', async () => {
    let clock = 0
    const cache = createPageCache({ ttlMs: 1000, now: () => clock })
    let renders = 0
    const make = async () => page(`v${++renders}`)
    const first = await Promise.all([
      cache.get('es /', make),
      cache.get('es /', make),
      cache.get('es /', make),
    ])
    expect(first.map((p) => p?.answer.body)).toEqual(['v1', 'v1', 'v1'])
    clock = 500
    expect((await cache.get('es /', make))?.answer.body).toBe('v1')
    expect(renders).toBe(1)

    publicDataChanged()
    expect((await cache.get('es /', make))?.answer.body).toBe('v2')
    expect(renders).toBe(2)
  })

  it('sends an old page as it is while it is made again, then the new one', async () => {
    let clock = 0
    const cache = createPageCache({ ttlMs: 1000, now: () => clock })
    let release: () => void = () => {}
    let renders = 0
    const make = () =>
      new Promise<KeptPage>((resolve) => {
        const n = ++renders
        if (n === 1) resolve(page('old'))
        else release = () => resolve(page('new'))
      })
    expect((await cache.get('en /shop', make))?.answer.body).toBe('old')
    clock = 1500
    // Past its time: the old page goes out, the new one is being made.
    expect((await cache.get('en /shop', make))?.answer.body).toBe('old')
    expect((await cache.get('en /shop', make))?.answer.body).toBe('old')
    expect(renders).toBe(2)
    release()
    await expect.poll(async () => (await cache.get('en /shop', make))?.answer.body).toBe('new')
  })

  it('keeps each address and language apart, and no more pages than its bound', async () => {
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 2, now: () => 0 })
    await cache.get('es /a', async () => page('a'))
    await cache.get('en /a', async () => page('a-en'))
    expect((await cache.get('es /a', async () => page('x')))?.answer.body).toBe('a')
    await cache.get('es /b', async () => page('b'))
    expect(cache.size()).toBe(2)
  })
})
