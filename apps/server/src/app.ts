import fs from 'node:fs'
import path from 'node:path'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { startHousekeeping } from './db/housekeeping.ts'
import { createAccountService } from './features/account/account.service.ts'
import { registerAccountRoutes } from './features/account/account.routes.ts'
import { createCommsService } from './features/comms/comms.service.ts'
import { registerCommsRoutes } from './features/comms/comms.routes.ts'
import { createMailer } from './features/comms/mailer.ts'
import { createDemoMailboxService } from './features/comms/demo-mailbox.service.ts'
import { registerDemoMailboxRoutes } from './features/comms/demo-mailbox.routes.ts'
import { createContentService } from './features/content/content.service.ts'
import { registerContentRoutes } from './features/content/content.routes.ts'
import { createBlogService } from './features/blog/blog.service.ts'
import { registerBlogPages, registerBlogRoutes } from './features/blog/blog.routes.ts'
import { createHomeService } from './features/home/home.service.ts'
import { registerHomeRoutes } from './features/home/home.routes.ts'
import { createShopService } from './features/shop/shop.service.ts'
import { createCustomersService } from './features/customers/customers.service.ts'
import { registerCustomerRoutes } from './features/customers/customers.routes.ts'
import { registerShopPages, registerShopRoutes } from './features/shop/shop.routes.ts'
import { AppError, registerErrorHandler } from './http/errors.ts'
import { createIndexHtml } from './http/index-html.ts'
import { databaseRateLimitStore } from './http/rate-limit-store.ts'
import { registerSecurityHeaders } from './http/security-headers.ts'
import { registerSiteMap } from './http/site-map.ts'
import { memoizingValidatorCompiler } from './http/validation.ts'
import { readBuildVersion, registerVersionCheck } from './http/version.ts'

export interface BuildOptions {
  /** An open database (tests pass their own fresh one); otherwise one is opened from the config. */
  database?: Database
  logger?: FastifyServerOptions['logger']
  /** Overrides the build marker read from the web build (tests). */
  version?: string
}

/** The Fastify server's own settings (`npm run bench` gives its bare route the same). */
export function serverOptions(config: Config, logger?: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger: logger ?? { level: config.logLevel },
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }
}

/**
 * Builds the whole application — plugins, features, error handling, the web app — and never
 * listens: server.ts does that, tests use `app.inject`.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}) {
  const database = opts.database ?? (await openDatabase(config))
  const { db } = database
  const version = opts.version ?? readBuildVersion(config.webDist)

  const app = Fastify(serverOptions(config, opts.logger))
  app.setValidatorCompiler(memoizingValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)

  // The spec's client sends JSON as application/json-patch+json; forms may come url-encoded.
  app.addContentTypeParser(
    'application/json-patch+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  )
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })

  registerSecurityHeaders(app)
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Clubhouse API',
        version: '1.0.0',
        description:
          "The public API of a centre's site. Failures answer `{ ok: false, errorMsg, code, errors? }` with an honest HTTP status.",
      },
    },
    transform: jsonSchemaTransform,
  })
  registerVersionCheck(app, version)

  const content = createContentService(db, { ttlMs: config.settingsTtlMs })
  const comms = createCommsService(db)
  const mail = createMailer(db, {
    smtpUrl: config.smtpUrl,
    log: app.log,
    ...(config.demoMailbox ? { demoMailboxUrl: `${config.publicUrl}/demo-mailbox` } : {}),
    from: async () => {
      const name = await content
        .mainSettings('es-ES')
        .then((s) => s.name)
        .catch(() => 'Clubhouse')
      return `"${name.replace(/["\\]/g, '')}" <no-reply@${new URL(config.publicUrl).hostname}>`
    },
  })
  mail.start()
  app.addHook('onClose', () => mail.stop())
  const housekeeping = startHousekeeping(db, app.log)
  app.addHook('onClose', () => housekeeping.stop())
  const customers = createCustomersService(db, { content, mailer: mail, publicUrl: config.publicUrl })
  const shop = createShopService(db, { content, ttlMs: config.listsTtlMs })
  const blog = createBlogService(db, { ttlMs: config.listsTtlMs })
  const home = createHomeService(db, { ttlMs: config.listsTtlMs })
  const account = createAccountService(db, { content })
  const services = { content, comms, shop, blog, home, account, mail, customers }

  registerContentRoutes(app, content)
  registerCommsRoutes(app, comms)
  registerCustomerRoutes(app, customers)
  registerShopRoutes(app, shop)
  registerBlogRoutes(app, blog)
  registerHomeRoutes(app, home)
  registerAccountRoutes(app, account)
  // Mail kept for want of SMTP, readable in the browser (decision 025); 404 unless on.
  if (config.demoMailbox) registerDemoMailboxRoutes(app, createDemoMailboxService(db))

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger())
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger())

  const indexHtml = createIndexHtml({
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    version,
    content,
    demoMailbox: config.demoMailbox,
  })
  registerShopPages(app, shop, indexHtml)
  registerBlogPages(app, blog, indexHtml)
  registerSiteMap(app, { publicUrl: config.publicUrl, content, shop, blog })

  const uploadsDir = path.join(config.dataDir, 'uploads')
  fs.mkdirSync(uploadsDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=86400'),
  })
  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith('/.vite'),
      // Hashed assets never change under their name; everything else is revalidated hourly.
      setHeaders: (reply, filePath) =>
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        ),
    })
  }

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/'
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/uploads/') &&
      !pathname.startsWith('/assets/')
    if (isPage) return indexHtml.send(req, reply)
    throw new AppError('not_found', `There is nothing at ${req.method} ${pathname}.`)
  })

  app.decorate('services', services)
  app.decorate('database', database)
  app.decorate('indexHtml', indexHtml)
  if (!opts.database) app.addHook('onClose', () => database.close())
  return app
}

export type Services = {
  content: ReturnType<typeof createContentService>
  comms: ReturnType<typeof createCommsService>
  shop: ReturnType<typeof createShopService>
  blog: ReturnType<typeof createBlogService>
  home: ReturnType<typeof createHomeService>
  mail: ReturnType<typeof createMailer>
  customers: ReturnType<typeof createCustomersService>
  account: ReturnType<typeof createAccountService>
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    database: Database
    indexHtml: ReturnType<typeof createIndexHtml>
  }
}

export type App = FastifyInstance
