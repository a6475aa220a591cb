import { z } from 'zod'
import { TextBlockType, TextBlockTypeSchema } from './enums.ts'
import { IdParam, wholeNumber } from './fields.ts'
import { checkRowRange, gridStatusParam, gridStatusSchema, RowRange } from './grid.ts'
import { defineRoute, okPage, rowData } from './http.ts'

/**
 * A text block (spec 1 §3): a blog post, a testimonial or a team member. Texts in the request's
 * language; `text` and `smalText` are sanitised HTML. `name` is the post's author, or the person a
 * testimonial or team card is about (then `title` is their role).
 */
export const TextBlock = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML body. */
  text: z.string(),
  /** Sanitised HTML badge or summary (the spec's spelling). */
  smalText: z.string(),
  /** URL path of the image; empty when there is none (the web app shows the main logo instead). */
  image: z.string(),
  name: z.string(),
  /** ISO 8601 instant. */
  created: z.string(),
  textBlockType: TextBlockTypeSchema,
})
export type TextBlock = z.infer<typeof TextBlock>

const TEXT_BLOCK_TYPE_NAMES = Object.keys(TextBlockType) as [
  keyof typeof TextBlockType,
  ...(keyof typeof TextBlockType)[],
]

/** TextBlockType equals one kind, by value (0 Posts, 1 Testimonials, 2 Teams) or by name. */
const TextBlockTypeFilter = z.strictObject(
  {
    filterType: z.enum(['number', 'text'], {
      error: 'The filter on TextBlockType has filterType "number" or "text".',
    }),
    type: z.literal('equals', { error: 'TextBlockType is filtered with type "equals" only.' }),
    filter: z.union(
      [TextBlockTypeSchema, z.enum(TEXT_BLOCK_TYPE_NAMES).transform((name) => TextBlockType[name])],
      { error: 'TextBlockType is 0 (Posts), 1 (Testimonials) or 2 (Teams), by value or by name.' },
    ),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `The filter on TextBlockType takes filterType, type and filter only. Unknown: ${iss.keys.join(', ')}.`
        : undefined,
  },
)

export const BlogGridColumns = {
  filters: { TextBlockType: TextBlockTypeFilter },
  searchColumns: ['Title', 'Text', 'SmalText'] as const,
  sorts: { Created: ['asc', 'desc'] } as const,
}

/** The text block lists' gridStatus. Without a sort the newest come first. */
export const BlogGridStatus = gridStatusSchema(BlogGridColumns)
export type BlogGridStatus = z.input<typeof BlogGridStatus>

const BLOG_GRID_STATUS_DOC = `URL-encoded JSON in the shape of AG Grid's server-side row model request.
- sortModel: [{ "colId": "Created", "sort": "desc" }] (newest, the default) or "asc" (oldest).
- filterModel.TextBlockType: { "filterType": "number", "type": "equals", "filter": 0 } (0 Posts, 1 Testimonials,
  2 Teams; { "filterType": "text", "type": "equals", "filter": "Posts" } also works).
- filterModel.search (our one addition to AG Grid): { "filterType": "text", "type": "contains", "filter": "padel",
  "columns": ["Title", "Text", "SmalText"] } matches blocks where ANY of the columns contains the text (ignoring
  case, accents and HTML tags, in the request's language); "columns" defaults to all three. Text at most 200
  characters. Blocks whose title contains the text come first.
Filters are ANDed. Any other column, operator or member answers 400.
Example: {"sortModel":[{"colId":"Created","sort":"asc"}],"filterModel":{"TextBlockType":{"filterType":"number","type":"equals","filter":0},"search":{"filterType":"text","type":"contains","filter":"torneo"}}}`

export const TextBlockPageQuery = z
  .object({ ...RowRange, gridStatus: gridStatusParam(BlogGridStatus, BLOG_GRID_STATUS_DOC) })
  .superRefine(checkRowRange)

/** The spec writes this call's parameter in lower case: `gridstatus`. */
export const TextBlockListQuery = z
  .object({
    ...RowRange,
    lookup: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .meta({ description: 'Sent by the original client; the answer is the same either way.' }),
    gridstatus: gridStatusParam(BlogGridStatus, BLOG_GRID_STATUS_DOC),
  })
  .superRefine(checkRowRange)

export const PostWithUserQuery = z.object({ id: IdParam })

/** Most posts a list-with-users call answers. */
export const MAX_POSTS_WITH_USERS = 50

export const PostsWithUsersQuery = z.object({
  count: wholeNumber({
    min: 1,
    max: MAX_POSTS_WITH_USERS,
    invalid: 'count is a whole number from 1.',
    tooLarge: `count is at most ${MAX_POSTS_WITH_USERS}.`,
  }).default(3),
  popular: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .meta({ description: 'true: the posts flagged popular first, completed with the latest posts.' }),
})

export const blogRoutes = {
  textBlocksByPage: defineRoute({
    method: 'GET',
    path: '/api/cztextblocks/list-by-page',
    summary: 'One page of text blocks (posts, testimonials, team), filtered and sorted',
    tags: ['blog'],
    query: TextBlockPageQuery,
    response: okPage(TextBlock),
  }),
  textBlocksList: defineRoute({
    method: 'GET',
    path: '/api/cztextblocks/list',
    summary: 'Rows of text blocks in the grid answer shape (testimonials and team use rows 0 to 14)',
    tags: ['blog'],
    query: TextBlockListQuery,
    response: rowData(TextBlock),
  }),
  postWithUser: defineRoute({
    method: 'GET',
    path: '/api/cztextblocks/get-with-user',
    summary: 'One blog post with its author',
    tags: ['blog'],
    query: PostWithUserQuery,
    response: TextBlock,
  }),
  postsWithUsers: defineRoute({
    method: 'GET',
    path: '/api/cztextblocks/list-with-users',
    summary: 'The latest (or popular) blog posts with their authors',
    tags: ['blog'],
    query: PostsWithUsersQuery,
    response: z.array(TextBlock),
  }),
}
