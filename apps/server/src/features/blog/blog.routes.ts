import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { blogRoutes } from '@clubhouse/contract'
import { sendCached } from '../../http/cached-answer.ts'
import { pageLanguage, type IndexHtml } from '../../http/index-html.ts'
import { addRoute } from '../../http/route.ts'
import { pageId } from '../../http/site-map.ts'
import { pickLocale } from '../../lib/localised.ts'
import { plainTextOf } from '../../lib/sanitize.ts'
import type { BlogService } from './blog.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

export function registerBlogRoutes(app: FastifyInstance, blog: BlogService) {
  addRoute(app, blogRoutes.textBlocksByPage, async (req, reply) =>
    sendCached(req, reply, await blog.pageAnswer(req.query, localeOf(req))),
  )

  addRoute(app, blogRoutes.textBlocksList, async (req, reply) => {
    const { startRow, endRow, gridstatus } = req.query
    return sendCached(
      req,
      reply,
      await blog.rowsAnswer({ startRow, endRow, gridStatus: gridstatus }, localeOf(req)),
    )
  })

  addRoute(app, blogRoutes.postWithUser, async (req, reply) =>
    sendCached(req, reply, await blog.postAnswer(req.query.id, localeOf(req))),
  )

  addRoute(app, blogRoutes.postsWithUsers, async (req, reply) =>
    sendCached(req, reply, await blog.postsAnswer(req.query.count, req.query.popular, localeOf(req))),
  )
}

/** The `/post/:id` page: the web app with the post's title, summary and image in its head. */
export function registerBlogPages(app: FastifyInstance, blog: BlogService, indexHtml: IndexHtml) {
  app.get('/post/:id', { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    const id = pageId((req.params as { id: string }).id)
    const post = id ? await blog.findPost(id, pageLanguage(req)) : undefined
    if (!post) return indexHtml.send(req, reply.status(404))
    return indexHtml.send(req, reply, {
      title: post.title,
      description: plainTextOf(post.smalText || post.text),
      // Without an image of its own the share card shows the header image (the main logo is small).
      ...(post.image ? { image: post.image } : {}),
      canonical: `/post/${post.id}`,
      type: 'article',
    })
  })
}
