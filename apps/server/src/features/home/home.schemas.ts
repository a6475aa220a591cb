import { z } from 'zod'
import { Localised } from '../../lib/localised.ts'

/** A banner as the back office (and the seed) writes it; its HTML text is sanitised when stored. */
export const NewBanner = z.object({
  title: Localised,
  text: Localised,
  image: z.string().max(2048).nullable().default(null),
  url: z.string().max(2048),
  position: z.number().int().default(0),
})
export type NewBanner = z.input<typeof NewBanner>

/** A file attached to a record, such as a gallery image or a sponsor logo. */
export const NewFileUpload = z.object({
  parentName: z.string().min(1).max(100),
  parentId: z.number().int().nonnegative(),
  category: z.string().max(100).default(''),
  file: z.string().min(1).max(2048),
  title: Localised.nullable().default(null),
  description: z.string().max(2048).default(''),
  position: z.number().int().default(0),
})
export type NewFileUpload = z.input<typeof NewFileUpload>
