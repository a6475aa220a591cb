import pg from 'pg'
import { TextBlockType } from '@clubhouse/contract/server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnPostgres, buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { saveTestSettings } from '../../test/settings-fixtures.ts'
import type { Localised } from '../../lib/localised.ts'

// The search stays indexed (decision 050): on a catalogue and a blog large enough that reading
// every row costs, PostgreSQL's plan of the very queries the shop and the blog send for a search
// reads the trigram indexes of the search forms, not the whole table. PostgreSQL only: PGlite has
// the same indexes, but this checks the planner of the server a growing centre runs.

const PRODUCTS = 12_000
const POSTS = 6_000
const both = (es: string, en: string): Localised => ({ 'es-ES': es, 'en-US': en })
const grid = (status: unknown) => encodeURIComponent(JSON.stringify(status))
const words = ['pala', 'pelota', 'camiseta', 'zapatilla', 'mochila', 'grip', 'muñequera', 'gorra']

/** Every query the app's pool sends, with its parameters, while `run` runs. */
async function queriesDuring(run: () => Promise<void>): Promise<Array<{ text: string; values: unknown[] }>> {
  const seen: Array<{ text: string; values: unknown[] }> = []
  const original = pg.Pool.prototype.query
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
    if (typeof config === 'string') seen.push({ text: config, values: values ?? [] })
    else seen.push({ text: config.text, values: config.values ?? values ?? [] })
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof original
  try {
    await run()
  } finally {
    pg.Pool.prototype.query = original
  }
  return seen
}

describeOnPostgres('the text search on a large catalogue (PostgreSQL)', () => {
  let t: TestApp
  let client: pg.Client
  beforeAll(async () => {
    t = await buildTestApp('postgres')
    await saveTestSettings(t.app.services)
    const { shop, blog } = t.app.services
    const [typeId] = await shop.createProductTypes([{ name: both('Material', 'Gear') }])
    await shop.createProducts(
      Array.from({ length: PRODUCTS }, (_, i) => {
        const word = words[i % words.length]!
        return {
          productTypeId: typeId!,
          // One product in a thousand is a padel racket.
          name: both(`${word} ${i}${i % 1000 === 0 ? ' Pádel' : ''}`, `${word} ${i}`),
          description: both(`Artículo número ${i} de la temporada.`, `Item number ${i} of the season.`),
          detail: both(
            `<p>Referencia <strong>R-${i}</strong>.</p>`,
            `<p>Reference <strong>R-${i}</strong>.</p>`,
          ),
          grossPriceCents: 500 + (i % 300),
          taxPercent: 21,
        }
      }),
    )
    await blog.createTextBlocks(
      Array.from({ length: POSTS }, (_, i) => ({
        textBlockType: TextBlockType.Posts,
        title: both(`Crónica ${i}${i % 1000 === 0 ? ' del torneo de pádel' : ''}`, `Report ${i}`),
        smalText: both('<strong>Noticias</strong>', '<strong>News</strong>'),
        text: both(`<p>Texto de la crónica ${i}.</p>`, `<p>Text of report ${i}.</p>`),
        name: 'Laura',
      })),
    )
    client = new pg.Client({ connectionString: t.config.databaseUrl })
    await client.connect()
    await client.query('analyze products; analyze text_blocks')
  }, 180_000)
  afterAll(async () => {
    await client?.end()
    await t?.close()
  })

  async function plansOf(url: string) {
    const sent = await queriesDuring(async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'es-ES' } })
      expect(res.statusCode, res.body).toBe(200)
      expect((res.json() as { totalCount: number }).totalCount).toBeGreaterThan(0)
    })
    const searches = sent.filter((q) => q.text.includes('search_text('))
    expect(searches.length).toBeGreaterThanOrEqual(2) // the page and its count
    return Promise.all(
      searches.map(async (q) => {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${q.text}`, q.values)
        return rows.map((r) => r['QUERY PLAN']).join('\n')
      }),
    )
  }

  it('reads the shop through the trigram indexes of the names, descriptions and details', async () => {
    const status = {
      sortModel: [{ colId: 'Created', sort: 'desc' }],
      filterModel: { search: { filterType: 'text', type: 'contains', filter: 'padel' } },
    }
    for (const plan of await plansOf(`/api/shop/list?startRow=0&endRow=30&gridStatus=${grid(status)}`)) {
      expect(plan).not.toMatch(/Seq Scan on products/)
      expect(plan).toMatch(/Bitmap Index Scan on products_search_name_es_trgm_idx/)
      expect(plan).toMatch(/Bitmap Index Scan on products_search_description_es_trgm_idx/)
      expect(plan).toMatch(/Bitmap Index Scan on products_search_detail_es_trgm_idx/)
    }
  })

  it('reads the blog through the trigram indexes of the titles and texts', async () => {
    const status = {
      filterModel: {
        TextBlockType: { filterType: 'number', type: 'equals', filter: TextBlockType.Posts },
        search: { filterType: 'text', type: 'contains', filter: 'PADEL' },
      },
    }
    for (const plan of await plansOf(
      `/api/cztextblocks/list-by-page?startRow=0&endRow=30&gridStatus=${grid(status)}`,
    )) {
      expect(plan).not.toMatch(/Seq Scan on text_blocks/)
      expect(plan).toMatch(/Bitmap Index Scan on text_blocks_search_title_es_trgm_idx/)
    }
  })
})
