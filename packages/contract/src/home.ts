import { z } from 'zod'
import { IdSchema, safeString } from './fields.ts'
import { defineRoute, okData, rowData } from './http.ts'

/**
 * Files attached to a record, listed by parent and category. The home page reads two lists of the
 * centre's configuration record: the gallery and the sponsors.
 */
export const GALLERY_FILES = { parentName: 'CZConfig', parentId: 1, category: 'CzGallery' } as const
export const SPONSOR_FILES = { parentName: 'CZConfig', parentId: 1, category: 'CzSponsors' } as const

/**
 * One listed file: `url` of the image; `title` shown under a gallery image; `description` is a
 * sponsor's link target (spec 1 §3).
 */
export const FileUpload = z.object({
  url: z.string(),
  description: z.string(),
  title: z.string().optional(),
})
export type FileUpload = z.infer<typeof FileUpload>

export const FileUploadsQuery = z.object({
  parentName: safeString().trim().min(1, 'parentName is required.').max(100),
  parentId: IdSchema({
    min: 0,
    invalid: 'parentId is a whole number from 0.',
    tooLarge: 'parentId is too large.',
  }),
  category: safeString().trim().max(100).default(''),
})

/** A home banner: without an image only the text is shown, as a link to `url`. */
export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  image: z.string().nullable(),
  url: z.string(),
})
export type Banner = z.infer<typeof Banner>

export const homeRoutes = {
  fileUploads: defineRoute({
    method: 'GET',
    path: '/api/fileuploads/open-list',
    summary:
      'Public files of a record: gallery (CZConfig, 1, CzGallery) or sponsors (CZConfig, 1, CzSponsors)',
    tags: ['home'],
    query: FileUploadsQuery,
    response: okData(z.array(FileUpload)),
  }),
  banners: defineRoute({
    method: 'GET',
    path: '/api/banners/open-list',
    summary: 'The home banners in their order',
    tags: ['home'],
    response: rowData(Banner),
  }),
}
