import { sql } from 'drizzle-orm'
import { TextBlockType } from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { createTestBlog, POST_COUNT, saveTestSettings } from '../../test/catalogue-fixtures.ts'
import { textBlocks } from './blog.tables.ts'

interface TextBlockBody {
  id: number
  title: string
  text: string
  smalText: string
  image: string
  name: string
  created: string
  textBlockType: number
}

const grid = (status: unknown) => encodeURIComponent(JSON.stringify(status))
const posts = { TextBlockType: { filterType: 'number', type: 'equals', filter: TextBlockType.Posts } }
const searchFor = (filter: string, columns?: string[]) => ({
  search: { filterType: 'text', type: 'contains', filter, ...(columns ? { columns } : {}) },
})

describe.each(testDatabaseKinds())('blog routes on %s', (kind) => {
  let t: TestApp
  let fixture: Awaited<ReturnType<typeof createTestBlog>>
  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    fixture = await createTestBlog(t.app.services)
  })
  afterAll(() => t.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US', ...headers } })
  const page = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/api/cztextblocks/list-by-page?${query}`, headers)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { ok: true; data: TextBlockBody[]; totalCount: number }
  }
  const countBlocks = async () => {
    const [row] = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(textBlocks)
    return Number(row!.n)
  }

  it('answers a page of posts newest first with the number of posts', async () => {
    const body = await page(`startRow=0&endRow=30&gridStatus=${grid({ filterModel: posts })}`)
    expect(body.ok).toBe(true)
    expect(body.totalCount).toBe(POST_COUNT)
    expect(body.data).toHaveLength(30)
    expect(body.data[0]).toEqual({
      id: fixture.postIds[POST_COUNT - 1],
      title: `Post ${POST_COUNT}`,
      text: `<p>Body of post ${POST_COUNT}.</p>`,
      smalText: '<strong>News</strong>',
      image: '',
      name: 'Marc Vidal',
      created: new Date(Date.UTC(2025, 0, 1 + POST_COUNT, 10)).toISOString(),
      textBlockType: TextBlockType.Posts,
    })
    expect(body.data[1]!.image).toBe(`/uploads/demo/posts/post-${POST_COUNT - 1}.svg`)
    const second = await page(`startRow=30&endRow=60&gridStatus=${grid({ filterModel: posts })}`)
    expect(second.data).toHaveLength(POST_COUNT - 30)
    expect(new Set([...body.data, ...second.data].map((p) => p.id)).size).toBe(POST_COUNT)
  })

  it('sorts posts oldest first when asked', async () => {
    const body = await page(
      `gridStatus=${grid({ sortModel: [{ colId: 'Created', sort: 'asc' }], filterModel: posts })}`,
    )
    expect(body.data.map((p) => p.id)).toEqual(fixture.postIds.slice(0, 30))
  })

  it('filters testimonials and team members by kind, by value or by name', async () => {
    const testimonials = await page(
      `startRow=0&endRow=14&gridStatus=${grid({ filterModel: { TextBlockType: { filterType: 'number', type: 'equals', filter: 1 } } })}`,
    )
    expect(testimonials.totalCount).toBe(3)
    expect(testimonials.data.every((b) => b.textBlockType === TextBlockType.Testimonials)).toBe(true)
    const team = await page(
      `gridStatus=${grid({ filterModel: { TextBlockType: { filterType: 'text', type: 'equals', filter: 'Teams' } } })}`,
    )
    expect(team.data.map((b) => b.name)).toEqual(['Coach 2', 'Coach 1'])
    expect(team.data[0]).toMatchObject({ title: 'Coach', image: '/uploads/demo/people/team-2.svg' })
    const everything = await page('startRow=0&endRow=100')
    expect(everything.totalCount).toBe(POST_COUNT + 5)
  })

  it('finds the search text in the title, the text or the small text, in the request language', async () => {
    const english = await page(
      `gridStatus=${grid({ filterModel: { ...posts, ...searchFor('tournament') } })}`,
    )
    expect(english.data.map((p) => p.id).sort()).toEqual([fixture.postIds[9], fixture.postIds[19]].sort())
    const spanish = await page(`gridStatus=${grid({ filterModel: { ...posts, ...searchFor('TORNEO') } })}`, {
      'accept-language': 'es',
    })
    expect(spanish.totalCount).toBe(2)
    const titleOnly = await page(
      `gridStatus=${grid({ filterModel: { ...posts, ...searchFor('tournament', ['Title']) } })}`,
    )
    expect(titleOnly.data.map((p) => p.title)).toEqual(['Spring tournament'])
    const smallText = await page(
      `gridStatus=${grid({ filterModel: searchFor('tournaments', ['SmalText']) })}`,
    )
    expect(smallText.data.map((p) => p.id)).toEqual([fixture.postIds[9]])
  })

  it.each(["%' OR 1=1 --", "'); drop table text_blocks; --", "Post 1' --"])(
    'answers only genuinely matching posts to an injection attempt in the search: %s',
    async (attempt) => {
      for (const column of ['Title', 'Text', 'SmalText']) {
        const body = await page(`gridStatus=${grid({ filterModel: searchFor(attempt, [column]) })}`)
        expect(body).toMatchObject({ data: [], totalCount: 0 })
      }
      expect(await countBlocks()).toBe(POST_COUNT + 5)
    },
  )

  it('answers the grid rows of /list, reading the lower-case gridstatus of the spec', async () => {
    const res = await get(
      `/api/cztextblocks/list?startRow=0&endRow=14&lookup=true&gridstatus=${grid({ filterModel: { TextBlockType: { filterType: 'number', type: 'equals', filter: 2 } } })}`,
    )
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body)).toEqual(['rowData'])
    expect(body.rowData.map((b: TextBlockBody) => b.name)).toEqual(['Coach 2', 'Coach 1'])
    const bad = await get(`/api/cztextblocks/list?gridstatus=${grid({ filterModel: { Author: {} } })}`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errorMsg).toMatch(/Unknown filter column Author/)
  })

  it('answers one post with its author, and 404 for an unknown id or a block that is not a post', async () => {
    const id = fixture.postIds[9]!
    const res = await get(`/api/cztextblocks/get-with-user?id=${id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id, title: 'Spring tournament', name: 'Marc Vidal', textBlockType: 0 })
    const es = await get(`/api/cztextblocks/get-with-user?id=${id}`, { 'accept-language': 'es-ES' })
    expect(es.json().title).toBe('Torneo de primavera')
    for (const missing of [999999, fixture.testimonialIds[0]!]) {
      const notFound = await get(`/api/cztextblocks/get-with-user?id=${missing}`)
      expect(notFound.statusCode).toBe(404)
      expect(notFound.json()).toMatchObject({ ok: false, code: 'not_found' })
      expect(notFound.json().errorMsg).toMatch(/was not found/)
    }
  })

  it('answers the latest posts, or the popular ones first, as many as asked', async () => {
    const latest = (await get('/api/cztextblocks/list-with-users?count=3')).json() as TextBlockBody[]
    expect(latest.map((p) => p.title)).toEqual(['Post 36', 'Post 35', 'Post 34'])
    expect(latest.every((p) => p.name !== '')).toBe(true)
    const popular = (
      await get('/api/cztextblocks/list-with-users?count=2&popular=true')
    ).json() as TextBlockBody[]
    // Every 4th post is flagged popular; the newest flagged come first.
    expect(popular.map((p) => p.title)).toEqual(['Post 36', 'Post 32'])
  })

  describe('refuses bad input with 400 and an errorMsg', () => {
    it.each([
      ['/api/cztextblocks/list-by-page?startRow=20&endRow=10', /endRow must not be below startRow/],
      ['/api/cztextblocks/list-by-page?startRow=0&endRow=5000', /at most 1000 rows/],
      ['/api/cztextblocks/list-by-page?gridStatus=%5B1%2C2', /not valid JSON/],
      [
        `/api/cztextblocks/list-by-page?gridStatus=${grid({ filterModel: { TextBlockType: { filterType: 'number', type: 'equals', filter: 7 } } })}`,
        /TextBlockType is 0/,
      ],
      [
        `/api/cztextblocks/list-by-page?gridStatus=${grid({ filterModel: { TextBlockType: { filterType: 'number', type: 'notEqual', filter: 0 } } })}`,
        /"equals" only/,
      ],
      [
        `/api/cztextblocks/list-by-page?gridStatus=${grid({ sortModel: [{ colId: 'Title', sort: 'asc' }] })}`,
        /not offered/,
      ],
      [
        `/api/cztextblocks/list-by-page?gridStatus=${grid({ filterModel: searchFor('x'.repeat(10_000)) })}`,
        /at most/,
      ],
      ['/api/cztextblocks/get-with-user?id=-1', /whole number from 1/],
      ['/api/cztextblocks/get-with-user', /id/],
      ['/api/cztextblocks/get-with-user?id=abc', /whole number/],
      ['/api/cztextblocks/list-with-users?count=0', /count/],
      ['/api/cztextblocks/list-with-users?count=5000', /count is at most/],
      ['/api/cztextblocks/list-with-users?count=2&popular=maybe', /popular/],
    ])('%s', async (url, message) => {
      const res = await get(url)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ ok: false, code: 'validation' })
      expect(res.json().errorMsg).toMatch(message)
    })
  })

  it('sends an ETag and answers 304 when the client already has the answer', async () => {
    for (const url of [
      '/api/cztextblocks/list-by-page?startRow=0&endRow=30',
      '/api/cztextblocks/list?startRow=0&endRow=14',
      `/api/cztextblocks/get-with-user?id=${fixture.postIds[0]}`,
      '/api/cztextblocks/list-with-users?count=3',
    ]) {
      const first = await get(url)
      expect(first.statusCode, url).toBe(200)
      const again = await get(url, { 'if-none-match': first.headers.etag as string })
      expect(again.statusCode, url).toBe(304)
      expect(again.body).toBe('')
    }
  })

  it('strips scripts from post HTML when it is stored and again when it is served', async () => {
    const evil =
      '<h3>Hi</h3><p onmouseover="x()">there<script>steal()</script></p><iframe src="https://evil"></iframe>'
    const [id] = await t.app.services.blog.createTextBlocks([
      {
        textBlockType: TextBlockType.Posts,
        title: { 'es-ES': 'X', 'en-US': 'X' },
        smalText: { 'es-ES': evil, 'en-US': evil },
        text: { 'es-ES': evil, 'en-US': evil },
        name: 'Ana',
      },
    ])
    const [stored] = await t.app.database.db
      .select()
      .from(textBlocks)
      .where(sql`${textBlocks.id} = ${id}`)
    expect(stored!.text['en-US']).toBe('<h3>Hi</h3><p>there</p>')
    expect(stored!.smalText['es-ES']).toBe('<h3>Hi</h3><p>there</p>')
    await t.app.database.db.execute(
      sql`update text_blocks set text = jsonb_build_object('es-ES', ${evil}::text, 'en-US', ${evil}::text) where id = ${id}`,
    )
    const served = (await get(`/api/cztextblocks/get-with-user?id=${id}`)).json()
    expect(served.text).toBe('<h3>Hi</h3><p>there</p>')
    expect(served.smalText).toBe('<h3>Hi</h3><p>there</p>')
    await t.app.database.db.delete(textBlocks).where(sql`${textBlocks.id} = ${id}`)
  })
})
