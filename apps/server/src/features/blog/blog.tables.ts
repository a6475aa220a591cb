import { boolean, index, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import type { TextBlockType } from '@clubhouse/contract/server'
import type { Localised } from '../../lib/localised.ts'
import { searchForm, searchIndex } from '../../lib/text-search.ts'

/**
 * A text block: a blog post, a testimonial or a team member (`text_block_type`, the contract's
 * TextBlockType values). Texts are `{ 'es-ES', 'en-US' }`; `text` and `smal_text` are CMS HTML,
 * sanitised when stored. `name` is a post's author, or the person of a testimonial or team card.
 */
export const textBlocks = pgTable(
  'text_blocks',
  {
    id: serial('id').primaryKey(),
    textBlockType: smallint('text_block_type').$type<TextBlockType>().notNull(),
    title: jsonb('title').$type<Localised>().notNull(),
    smalText: jsonb('smal_text').$type<Localised>().notNull(),
    text: jsonb('text').$type<Localised>().notNull(),
    /** Path under the uploads folder or absolute URL; empty when there is none. */
    image: text('image').notNull().default(''),
    name: text('name').notNull().default(''),
    /** Chosen by the centre: listed first under "Popular Posts". */
    isPopular: boolean('is_popular').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Search forms of the texts (decision 050): kept by the database, read only by the search. */
    searchTitleEs: searchForm('title', 'es-ES'),
    searchTitleEn: searchForm('title', 'en-US'),
    searchTextEs: searchForm('text', 'es-ES', { html: true }),
    searchTextEn: searchForm('text', 'en-US', { html: true }),
    searchSmalTextEs: searchForm('smal_text', 'es-ES', { html: true }),
    searchSmalTextEn: searchForm('smal_text', 'en-US', { html: true }),
  },
  (t) => [
    index('text_blocks_text_block_type_created_at_idx').on(t.textBlockType, t.createdAt),
    searchIndex('text_blocks', t.searchTitleEs),
    searchIndex('text_blocks', t.searchTitleEn),
    searchIndex('text_blocks', t.searchTextEs),
    searchIndex('text_blocks', t.searchTextEn),
    searchIndex('text_blocks', t.searchSmalTextEs),
    searchIndex('text_blocks', t.searchSmalTextEn),
  ],
)
