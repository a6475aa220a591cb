import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import {
  TextBlock,
  TextBlockType,
  okPage,
  rowData,
  type Locale,
  type TextBlockPageQuery,
} from '@clubhouse/contract/server'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { createAnswerCache, toCachedAnswer, type CachedAnswer } from '../../http/cached-answer.ts'
import { AppError } from '../../http/errors.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import { gridSearch, withoutSearchForms, type WithoutSearchForms } from '../../lib/text-search.ts'
import { NewTextBlock, type NewTextBlock as NewTextBlockInput } from './blog.schemas.ts'
import { textBlocks } from './blog.tables.ts'

type GridStatus = z.output<typeof TextBlockPageQuery>['gridStatus']
export interface TextBlockListParams {
  startRow: number
  endRow: number
  gridStatus: GridStatus
}
type TextBlockRow = WithoutSearchForms<typeof textBlocks.$inferSelect>

const TextBlockPage = okPage(TextBlock)
const TextBlockRows = rowData(TextBlock)
const PostList = z.array(TextBlock)

/** The search forms of the columns the blog's search looks in, per language (decision 050). */
const SEARCH_FORMS = {
  'es-ES': {
    Title: textBlocks.searchTitleEs,
    Text: textBlocks.searchTextEs,
    SmalText: textBlocks.searchSmalTextEs,
  },
  'en-US': {
    Title: textBlocks.searchTitleEn,
    Text: textBlocks.searchTextEn,
    SmalText: textBlocks.searchSmalTextEn,
  },
} as const

/** A text block row as reads take it: everything but the search forms. */
const textBlockColumns = withoutSearchForms(getTableColumns(textBlocks))

const INSERT_BATCH = 500

const sanitizeLocalised = (html: Localised): Localised => ({
  'es-ES': sanitizeCmsHtml(html['es-ES']),
  'en-US': sanitizeCmsHtml(html['en-US']),
})

function toTextBlock(row: TextBlockRow, locale: Locale): TextBlock {
  return {
    id: row.id,
    title: row.title[locale],
    text: sanitizeCmsHtml(row.text[locale]),
    smalText: sanitizeCmsHtml(row.smalText[locale]),
    image: imageUrl(row.image),
    name: row.name,
    created: row.createdAt.toISOString(),
    textBlockType: row.textBlockType,
  }
}

/**
 * Text blocks: blog posts, testimonials and team members. Public answers are built once per `ttlMs`
 * and per language and query (process-local, cleared by every change made through this service).
 */
export function createBlogService(db: Db, opts: { ttlMs: number }) {
  const cache = createAnswerCache({ ttlMs: opts.ttlMs })

  const searchOf = (status: GridStatus, locale: Locale) =>
    gridSearch(status.filterModel.search, SEARCH_FORMS[locale], 'Title')

  function whereOf(status: GridStatus, locale: Locale): SQL | undefined {
    const conditions: SQL[] = []
    const type = status.filterModel.TextBlockType
    if (type) conditions.push(eq(textBlocks.textBlockType, type.filter))
    const search = searchOf(status, locale)
    if (search) conditions.push(search.where)
    return conditions.length ? and(...conditions) : undefined
  }

  function orderOf(status: GridStatus, locale: Locale): SQL[] {
    // A search shows the posts whose title has the text before those that only mention it
    // (decision 050); by date within each.
    const titleMatches = searchOf(status, locale)?.firstMatches
    const byTitle = titleMatches ? [desc(titleMatches)] : []
    const created = status.sortModel.find((s) => s.colId === 'Created')
    // Newest first by default; the id keeps pages stable when instants are equal.
    return created?.sort === 'asc'
      ? [...byTitle, asc(textBlocks.createdAt), asc(textBlocks.id)]
      : [...byTitle, desc(textBlocks.createdAt), desc(textBlocks.id)]
  }

  const keyOf = (params: TextBlockListParams, locale: Locale) =>
    `${locale}|${params.startRow}|${params.endRow}|${JSON.stringify(params.gridStatus)}`

  /** One page of text blocks and the size of the whole filtered list. */
  function page(params: TextBlockListParams, locale: Locale) {
    return cache.get(`page|${keyOf(params, locale)}`, async () => {
      const where = whereOf(params.gridStatus, locale)
      const [rows, [counted]] = await Promise.all([
        db
          .select(textBlockColumns)
          .from(textBlocks)
          .where(where)
          .orderBy(...orderOf(params.gridStatus, locale))
          .limit(params.endRow - params.startRow)
          .offset(params.startRow),
        db
          .select({ count: sql<number>`count(*)` })
          .from(textBlocks)
          .where(where),
      ])
      return { data: rows.map((r) => toTextBlock(r, locale)), totalCount: Number(counted?.count ?? 0) }
    })
  }

  /** One blog post; 404 when there is no such post. */
  function postAnswer(id: number, locale: Locale): Promise<CachedAnswer<TextBlock>> {
    return cache.get(`post|${id}|${locale}`, async () => {
      const [row] = await db
        .select(textBlockColumns)
        .from(textBlocks)
        .where(and(eq(textBlocks.id, id), eq(textBlocks.textBlockType, TextBlockType.Posts)))
      if (!row) throw new AppError('not_found', `Post ${id} was not found.`)
      return toCachedAnswer(TextBlock, toTextBlock(row, locale))
    })
  }

  return {
    postAnswer,

    pageAnswer: (params: TextBlockListParams, locale: Locale): Promise<CachedAnswer> =>
      cache.get(`page-answer|${keyOf(params, locale)}`, async () =>
        toCachedAnswer(TextBlockPage, { ok: true, ...(await page(params, locale)) }),
      ),

    rowsAnswer: (params: TextBlockListParams, locale: Locale): Promise<CachedAnswer> =>
      cache.get(`rows-answer|${keyOf(params, locale)}`, async () =>
        toCachedAnswer(TextBlockRows, { rowData: (await page(params, locale)).data }),
      ),

    /**
     * The latest `count` posts; with `popular`, the posts the centre flagged popular come first
     * (newest first), completed with the latest others.
     */
    postsAnswer: (count: number, popular: boolean, locale: Locale): Promise<CachedAnswer> =>
      cache.get(`posts|${count}|${popular}|${locale}`, async () => {
        const order = popular
          ? [desc(textBlocks.isPopular), desc(textBlocks.createdAt), desc(textBlocks.id)]
          : [desc(textBlocks.createdAt), desc(textBlocks.id)]
        const rows = await db
          .select(textBlockColumns)
          .from(textBlocks)
          .where(eq(textBlocks.textBlockType, TextBlockType.Posts))
          .orderBy(...order)
          .limit(count)
        return toCachedAnswer(
          PostList,
          rows.map((r) => toTextBlock(r, locale)),
        )
      }),

    /** The post, or undefined when there is none. */
    async findPost(id: number, locale: Locale): Promise<TextBlock | undefined> {
      try {
        return (await postAnswer(id, locale)).data
      } catch (err) {
        if (err instanceof AppError && err.code === 'not_found') return undefined
        throw err
      }
    },

    /** Every post's id and last change, for the sitemap. */
    postPages: () =>
      cache.get('post-pages', () =>
        db
          .select({ id: textBlocks.id, updatedAt: textBlocks.updatedAt })
          .from(textBlocks)
          .where(eq(textBlocks.textBlockType, TextBlockType.Posts))
          .orderBy(asc(textBlocks.id)),
      ),

    /** Stores text blocks (HTML sanitised) in batches; answers their ids in the given order. */
    async createTextBlocks(blocks: NewTextBlockInput[]): Promise<number[]> {
      const values = blocks.map((block) => {
        const b = NewTextBlock.parse(block)
        return {
          ...b,
          text: sanitizeLocalised(b.text),
          smalText: sanitizeLocalised(b.smalText),
          ...(b.createdAt ? { createdAt: b.createdAt, updatedAt: b.createdAt } : {}),
        }
      })
      const ids: number[] = []
      for (let i = 0; i < values.length; i += INSERT_BATCH) {
        const rows = await db
          .insert(textBlocks)
          .values(values.slice(i, i + INSERT_BATCH))
          .returning({ id: textBlocks.id })
        ids.push(...rows.map((r) => r.id))
      }
      cache.clear()
      return ids
    },
  }
}

export type BlogService = ReturnType<typeof createBlogService>
