import { z } from 'zod'
import { defineRoute } from '@clubhouse/contract'

/** A post as the menu and footer show it: title and link, with its author and date when given. */
export const RecentPost = z.object({
  id: z.number(),
  title: z.string(),
  image: z.string().nullish(),
  name: z.string().nullish(),
  created: z.string().nullish(),
})
export type RecentPost = z.infer<typeof RecentPost>

// TODO(issue: blog): take the route from the contract once the blog issue defines it there.
export const recentPostsRoute = defineRoute({
  method: 'GET',
  path: '/api/cztextblocks/list-with-users',
  summary: 'The latest posts with their authors',
  tags: ['blog'],
  query: z.object({ count: z.number().int().positive(), popular: z.boolean().optional() }),
  response: z.array(RecentPost),
})
