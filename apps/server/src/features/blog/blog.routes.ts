import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { blogRoutes, paths } from '@clubhouse/contract/server'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import { pageId, type Site } from '../../http/site.ts'
import { postData } from '../../http/structured-data.ts'
import { pickLocale } from '../../lib/localised.ts'
import { plainTextOf } from '../../lib/sanitize.ts'
import type { BlogService } from './blog.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** The blog: its API, the blog and post pages (a post's head names it) and their site-map entries. */
export const blogFeature: FastifyPluginAsync<{ blog: BlogService; site: Site }> = async (
  app,
  { blog, site },
) => {
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

  site.page(paths.blog, {
    title: { 'en-US': 'Blog', 'es-ES': 'Blog' },
    module: 'src/app/routes/blog-page.tsx',
  })
  // A post's page: the web app with the post's title, summary and image in its head.
  site.page(paths.post.pattern, {
    module: 'src/app/routes/post-page.tsx',
    head: async (params, locale, context) => {
      const id = pageId(params.id)
      const post = id ? await blog.findPost(id, locale) : undefined
      if (!post) return undefined
      const canonical = paths.post.to(post.id)
      return {
        title: post.title,
        description: plainTextOf(post.smalText || post.text),
        // Without an image of its own the share card shows the header image (the main logo is small).
        ...(post.image ? { image: post.image } : {}),
        canonical,
        type: 'article' as const,
        structuredData: postData(context, post, canonical),
      }
    },
  })
  site.siteMap(async () => [
    { path: paths.blog },
    ...(await blog.postPages()).map((p) => ({ path: paths.post.to(p.id), lastmod: p.updatedAt })),
  ])
}
