import { z } from 'zod'
import { TextBlockTypeSchema } from '@clubhouse/contract/server'
import { Localised } from '../../lib/localised.ts'

/** A text block as the back office (and the seed) writes it; HTML is sanitised when stored. */
export const NewTextBlock = z.object({
  textBlockType: TextBlockTypeSchema,
  title: Localised,
  smalText: Localised,
  text: Localised,
  image: z.string().max(2048).default(''),
  name: z.string().max(200).default(''),
  isPopular: z.boolean().default(false),
  createdAt: z.coerce.date().optional(),
})
export type NewTextBlock = z.input<typeof NewTextBlock>
