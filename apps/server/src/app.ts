import path from 'node:path'
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod'
import { allRoutes, paymentRoutes, type RouteDef } from '@clubhouse/contract/server'
import type { Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { startHousekeeping } from './db/housekeeping.ts'
import { addFeatureMessages } from './feature-messages.ts'
import { activitiesFeature } from './features/activities/activities.routes.ts'
import { accountFeature } from './features/account/account.routes.ts'
import { blogFeature } from './features/blog/blog.routes.ts'
import { bookingsFeature } from './features/bookings/bookings.routes.ts'
import { placeBookingsFeature } from './features/bookings/place-bookings.routes.ts'
import { checkoutFeature } from './features/checkout/checkout.routes.ts'
import { commsFeature } from './features/comms/comms.routes.ts'
import { demoMailboxFeature } from './features/comms/demo-mailbox.routes.ts'
import { formsFeature } from './features/forms/forms.routes.ts'
import { contentFeature } from './features/content/content.routes.ts'
import { customersFeature } from './features/customers/customers.routes.ts'
import { homeFeature } from './features/home/home.routes.ts'
import { paymentsFeature } from './features/payments/payments.routes.ts'
import { shopFeature } from './features/shop/shop.routes.ts'
import { deskFeature } from './features/staff/desk.routes.ts'
import { staffFeature } from './features/staff/staff.routes.ts'
import { staffAuditFeature } from './features/staff/staff-audit.routes.ts'
import { staffBlocksFeature } from './features/staff/staff-blocks.routes.ts'
import { staffCustomersFeature } from './features/staff/staff-customers.routes.ts'
import { staffOrdersFeature } from './features/staff/staff-orders.routes.ts'
import { staffRosterFeature } from './features/staff/staff-roster.routes.ts'
import { setStaffResolver, setTokenResolver } from './http/auth.ts'
import { createCustomerCache } from './http/customer-cache.ts'
import { createPageRenderer } from './http/page-renderer.ts'
import { completeDocument } from './http/openapi.ts'
import { answerClientError, answerFrameworkError, registerErrorHandler } from './http/errors.ts'
import { withSafeErrorLogging } from './http/log-errors.ts'
import { databaseRateLimitStore } from './http/rate-limit-store.ts'
import { registerSecurityHeaders } from './http/security-headers.ts'
import { createSite, type Site } from './http/site.ts'
import { memoizingValidatorCompiler } from './http/validation.ts'
import { readBuildVersion, registerVersionCheck } from './http/version.ts'
import { createServices, type Services } from './services.ts'

export interface BuildOptions {
  /** An open database (tests pass their own fresh one); otherwise one is opened from the config. */
  database?: Database
  logger?: FastifyServerOptions['logger']
  /** Overrides the build marker read from the web build (tests). */
  version?: string
  /** Tests: answering an error code the route's contract does not declare is a 500. */
  strictErrorCodes?: boolean
  /**
   * The clock of holds, anticipation and reminders, of tokens and sessions (tests move it); the
   * system's by default.
   */
  now?: () => number
}

/** The Fastify server's own settings (`npm run bench` gives its bare route the same). */
export function serverOptions(config: Config, logger?: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    // Errors are logged without the values they carry (a failed query's params, emails...).
    logger: withSafeErrorLogging(logger ?? { level: config.logLevel }),
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    bodyLimit: 1024 * 1024,
    // Only the configured proxies' X-Forwarded-For names the client (decision 034).
    trustProxy: config.trustProxy,
    // Refusals made before any route runs answer in the error shape too (decision 033).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }
}

/**
 * Builds the whole application — plugins, features, error handling, the web app — and never
 * listens: server.ts does that, tests use `app.inject`.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}) {
  addFeatureMessages()
  const version = opts.version ?? readBuildVersion(config.webDist)
  const app = Fastify(serverOptions(config, opts.logger))
  const database = opts.database ?? (await openDatabase({ ...config, log: app.log }))
  const { db } = database

  // onClose hooks run in reverse order: registered first, the database closes after everything
  // that may still write to it (the mail being sent, the housekeeping sweep).
  if (!opts.database) app.addHook('onClose', () => database.close())
  app.setValidatorCompiler(memoizingValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app, { strictErrorCodes: opts.strictErrorCodes ?? false })

  // The spec's client sends JSON as application/json-patch+json; forms may come url-encoded.
  app.addContentTypeParser(
    'application/json-patch+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  )
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })

  const services = createServices(database, config, app.log, opts.now ? { now: opts.now } : {})
  // The content security policy allows exactly the payment providers' hosts in use.
  registerSecurityHeaders(app, services.paymentsSetup.sources)
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Clubhouse API',
        version: '1.0.0',
        // The project is private and publishes no open licence (decision 085).
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description:
          "The public API of a centre's site. Failures answer `{ ok: false, errorMsg, code, errors? }` with an honest HTTP status.",
      },
    },
    transform: jsonSchemaTransform,
    // Security, servers, operationIds and every error answer (decision 085); built once, then kept.
    transformObject: (documents) =>
      'openapiObject' in documents
        ? completeDocument(
            documents.openapiObject,
            { ...allRoutes, ...paymentRoutes } as Record<string, RouteDef>,
            {
              publicUrl: config.publicUrl,
            },
          )
        : documents.swaggerObject,
  })
  registerVersionCheck(app, version)

  services.mail.start()
  app.addHook('onClose', () => services.mail.stop())
  // Work a request started after answering finishes before the mail stops and the database closes.
  app.addHook('onClose', () => services.background.settled())
  const housekeeping = startHousekeeping(db, app.log, opts.now ?? Date.now, config.housekeepingMs)
  app.addHook('onClose', () => housekeeping.stop())
  const bookingSweep = services.bookings.startSweeping(config.bookingSweepMs)
  app.addHook('onClose', () => bookingSweep.stop())
  const paymentSweep = services.payments.startSweeping(config.bookingSweepMs)
  app.addHook('onClose', () => paymentSweep.stop())
  const formFilesSweep = services.forms.startSweeping(config.formFilesSweepMs)
  app.addHook('onClose', () => formFilesSweep.stop())
  // Sessions and customers' own answers, kept until the database says their customer changed.
  // Sessions expire by the same clock as the customers feature issues them by.
  const customerCache = createCustomerCache(database.changes, { now: opts.now ?? Date.now })
  app.addHook('onClose', () => customerCache.close())
  app.decorate('customerCache', customerCache)
  setTokenResolver(app, services.customers.sessionOfTokenHash, customerCache)
  // Staff sessions are read from the database at every request: none is kept (decision 106).
  setStaffResolver(app, services.staff.sessionOfToken)

  const site = createSite({
    webDist: config.webDist,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    version,
    settings: (locale) => services.content.mainSettings(locale),
    demoMailbox: config.demoMailbox,
    // The web app's server build sits beside its browser build (apps/web/dist-ssr).
    renderer: createPageRenderer({
      ssrDist: path.join(path.dirname(config.webDist), 'dist-ssr'),
      app,
      log: app.log,
    }),
    pagesTtlMs: config.pagesTtlMs,
  })

  // Each feature in its own scope: its routes, pages, site-map entries and hooks (a provider's
  // webhook may read the raw body there without touching any other route).
  await app.register(contentFeature, { content: services.content, site })
  await app.register(homeFeature, { home: services.home, site })
  await app.register(commsFeature, { comms: services.comms })
  await app.register(demoMailboxFeature, {
    mailbox: services.demoMailbox,
    site,
    on: config.demoMailbox,
    url: `${config.publicUrl}/demo-mailbox`,
  })
  await app.register(customersFeature, { customers: services.customers, site })
  await app.register(shopFeature, { shop: services.shop, site })
  await app.register(blogFeature, { blog: services.blog, site })
  await app.register(accountFeature, { account: services.account, site })
  await app.register(bookingsFeature, { bookings: services.bookings, site })
  await app.register(placeBookingsFeature, { placeBookings: services.placeBookings, site })
  await app.register(checkoutFeature, { checkout: services.checkout, site })
  await app.register(formsFeature, { forms: services.forms, dataDir: config.dataDir })
  await app.register(activitiesFeature, { activities: services.activities, site })
  await app.register(staffFeature, { staff: services.staff })
  await app.register(deskFeature, {
    bookings: services.bookings,
    customers: services.customers,
    staffBookings: services.staffBookings,
    staffTakings: services.staffTakings,
    site,
  })
  await app.register(staffBlocksFeature, { blocks: services.staffBlocks })
  await app.register(staffAuditFeature, { staff: services.staff })
  await app.register(staffRosterFeature, { roster: services.staffRoster })
  await app.register(staffCustomersFeature, { customers: services.staffCustomers })
  await app.register(staffOrdersFeature, { orders: services.staffOrders })
  await app.register(paymentsFeature, {
    payments: services.payments,
    setup: services.paymentsSetup,
    site,
  })

  // The document is built once, at its first asking, and its text kept.
  let docsBody: string | undefined
  const serveDocs = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').send((docsBody ??= JSON.stringify(app.swagger())))
  app.get('/api/docs', { schema: { hide: true } }, serveDocs)
  app.get('/api/docs/json', { schema: { hide: true } }, serveDocs)
  await site.mount(app)

  app.decorate('services', services)
  app.decorate('database', database)
  app.decorate('site', site)
  return app
}

export type { Services }

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    database: Database
    site: Site
  }
}

export type App = FastifyInstance
