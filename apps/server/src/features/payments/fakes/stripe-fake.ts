import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Fastify from 'fastify'
import { stripeJsStandIn } from './stripe-fake-browser.ts'
import { parseStripeForm, stripeId } from './stripe-fake-cards.ts'
import {
  createLedger,
  invalid,
  StripeFakeError,
  type FakeCharge,
  type FakeIntent,
} from './stripe-fake-ledger.ts'
import { createWebhookSender, type FakeEvent } from './stripe-fake-webhooks.ts'

/**
 * A local stand-in for the part of Stripe's API the Stripe adapter uses: PaymentIntents, refunds,
 * signed webhooks, and a stand-in of Stripe.js for the sandbox's browser. State lives in memory.
 * The switches below are read on every request, so a test may flip them between calls.
 */
export interface StripeFakeOptions {
  /** The only secret key the fake accepts (`sk_test_…`). */
  secretKey: string
  /** The publishable key the browser confirms with. */
  publishableKey: string
  /** The endpoint's signing secret (`whsec_…`) webhooks are signed with. */
  webhookSecret?: string
  /** Where webhooks go; none are sent without it. */
  webhookUrl?: string
  /** Every confirmation is declined, whatever the card. */
  decline?: boolean
  /** Every confirmation asks for 3-D Secure first. */
  require3ds?: boolean
  /** Confirmed payments stay `processing` until `finishProcessing` (or `settleProcessingAfterMs`). */
  processing?: boolean
  /** The sandbox: a processing payment succeeds by itself after this long. */
  settleProcessingAfterMs?: number
  /** Every API answer waits this long. */
  delayMs?: number
  /** Every API call answers 500 `api_error`. */
  apiError?: boolean
  /** Each webhook is delivered twice (the same event). */
  duplicateWebhook?: boolean
  /** Webhooks are held until `flushWebhooks`, then sent newest first. */
  reorderWebhooks?: boolean
  /** Each webhook's body is altered after it was signed. */
  tamperWebhook?: boolean
  /** `false`: no webhook is sent (events are still recorded). */
  webhooks?: boolean
  /** The fake's clock, in milliseconds (webhook timestamps, `created`). */
  now?: () => number
}

export interface RecordedRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Record<string, unknown>
}

type Access = 'secret' | 'browser'
type Handler = (body: Record<string, unknown>, req: FastifyRequest) => unknown

/** Creates the fake: register it (under `/sandbox/stripe` in the sandbox) or `startStripeFake` it. */
export function stripeFake(options: StripeFakeOptions) {
  const now = () => (options.now ?? Date.now)()
  const seconds = () => Math.floor(now() / 1000)
  const idempotent = new Map<
    string,
    { method: string; path: string; raw: string; status: number; body: unknown }
  >()
  const requests: RecordedRequest[] = []
  const webhooks = createWebhookSender(options, seconds)
  const ledger = createLedger(
    options,
    seconds,
    (type: string, object: FakeIntent | FakeCharge, idempotencyKey?: string) =>
      webhooks.send({
        id: stripeId('evt'),
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: seconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: stripeId('req', 14), idempotency_key: idempotencyKey ?? null },
        type,
      }),
  )
  const intentOf = (req: FastifyRequest) => ledger.getIntent((req.params as { id: string }).id)
  const keyOf = (req: FastifyRequest) => req.headers['idempotency-key'] as string | undefined

  async function plugin(app: FastifyInstance) {
    // stripe-node posts nested forms; the app's own url-encoded parser flattens them.
    const form = 'application/x-www-form-urlencoded'
    if (app.hasContentTypeParser(form)) app.removeContentTypeParser(form)
    app.addContentTypeParser(form, { parseAs: 'string' }, (req, body, done) => {
      ;(req as FastifyRequest & { rawForm?: string }).rawForm = String(body)
      done(null, parseStripeForm(String(body)))
    })
    app.addHook('onClose', async () => ledger.stopTimers())

    app.get('/v3', async (_req, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(stripeJsStandIn()),
    )

    const route = (method: 'GET' | 'POST', url: string, access: Access, handler: Handler) =>
      app.route({ method, url, handler: (req, reply) => answer(req, reply, access, handler) })

    async function answer(req: FastifyRequest, reply: FastifyReply, access: Access, handler: Handler) {
      const body = { ...(req.query as object), ...((req.body as object | undefined) ?? {}) } as Record<
        string,
        unknown
      >
      requests.push({
        method: req.method,
        path: req.url.split('?')[0] ?? '',
        headers: { ...req.headers },
        body,
      })
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
      reply.header('request-id', stripeId('req', 14))
      const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      const refusal = refuseAccess(key, access, body, req)
      if (refusal) return reply.code(refusal.status).send({ error: refusal.error })
      if (options.apiError)
        return reply.code(500).send({ error: { type: 'api_error', message: 'An unknown error occurred' } })
      const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined
      const raw = (req as FastifyRequest & { rawForm?: string }).rawForm ?? ''
      const scope = typeof idempotencyKey === 'string' ? `${key} ${idempotencyKey}` : undefined
      const earlier = scope ? idempotent.get(scope) : undefined
      if (earlier) {
        if (earlier.raw !== raw || earlier.path !== req.url || earlier.method !== req.method)
          return reply.code(400).send({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          })
        return reply.code(earlier.status).header('idempotent-replayed', 'true').send(earlier.body)
      }
      let status = 200
      let result: unknown
      try {
        result = structuredClone(handler(body, req))
      } catch (error) {
        if (!(error instanceof StripeFakeError)) throw error
        status = error.status
        result = { error: error.error }
      }
      if (scope) idempotent.set(scope, { method: req.method, path: req.url, raw, status, body: result })
      return reply.code(status).send(result)
    }

    /** Secret-key calls may do anything; the browser's publishable key must bring the intent's secret. */
    function refuseAccess(
      key: string | undefined,
      access: Access,
      body: Record<string, unknown>,
      req: FastifyRequest,
    ) {
      if (!key)
        return new StripeFakeError(401, {
          type: 'invalid_request_error',
          message:
            'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
        })
      if (key === options.secretKey) return undefined
      const shown = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
      if (key !== options.publishableKey)
        return new StripeFakeError(401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${shown}`,
        })
      if (access === 'secret')
        return new StripeFakeError(401, {
          type: 'invalid_request_error',
          message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
        })
      const intent = ledger.intents.get((req.params as { id?: string }).id ?? '')
      if (!intent || body.client_secret !== intent.client_secret)
        return invalid(
          'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
          'payment_intent_invalid_parameter',
          'client_secret',
        )
      return undefined
    }

    route('POST', '/v1/payment_intents', 'secret', (body) => ledger.createIntent(body))
    route('GET', '/v1/payment_intents', 'secret', () => ({
      object: 'list',
      data: [...ledger.intents.values()].reverse(),
      has_more: false,
      url: '/v1/payment_intents',
    }))
    route('GET', '/v1/payment_intents/:id', 'browser', (_body, req) => intentOf(req))
    route('POST', '/v1/payment_intents/:id', 'secret', (body, req) => ledger.update(intentOf(req), body))
    route('POST', '/v1/payment_intents/:id/confirm', 'browser', (body, req) =>
      ledger.confirm(intentOf(req), body),
    )
    // Not Stripe's: the bank's 3-D Secure page, which the stand-in of Stripe.js shows.
    route('POST', '/v1/payment_intents/:id/authenticate', 'browser', (body, req) =>
      ledger.authenticate(intentOf(req), body.outcome === 'pass'),
    )
    route('POST', '/v1/payment_intents/:id/capture', 'secret', (body, req) =>
      ledger.capture(intentOf(req), body),
    )
    route('POST', '/v1/payment_intents/:id/cancel', 'secret', (body, req) =>
      ledger.cancel(intentOf(req), body, keyOf(req)),
    )
    route('POST', '/v1/refunds', 'secret', (body, req) => ledger.refund(body, keyOf(req)))
    route('GET', '/v1/refunds/:id', 'secret', (_body, req) =>
      ledger.getRefund((req.params as { id: string }).id),
    )
  }

  const copy = (id: string) => structuredClone(ledger.getIntent(id))
  return Object.assign(plugin, {
    options,
    /** Every API call received, oldest first. */
    requests,
    /** Every event the fake made, and what became of each delivery. */
    events: webhooks.events,
    deliveries: webhooks.deliveries,
    intent: copy,
    intents: () => [...ledger.intents.values()].map((intent) => structuredClone(intent)),
    /** Ends a `processing` payment: it succeeds (or fails as declined). */
    finishProcessing: (id: string, outcome: 'succeeded' | 'failed' = 'succeeded') =>
      structuredClone(ledger.finishProcessing(ledger.getIntent(id), outcome)),
    /** The cardholder passes or fails 3-D Secure, as on the bank's page. */
    authenticate: (id: string, passed: boolean) =>
      structuredClone(ledger.authenticate(ledger.getIntent(id), passed)),
    /** Sends held webhooks (newest first when reordering) and waits for every delivery. */
    flushWebhooks: () => webhooks.flush(),
  })
}

export type StripeFake = ReturnType<typeof stripeFake>
export type { FakeEvent, FakeIntent }

/**
 * The fake on its own server on 127.0.0.1 (tests), under `prefix` if given: its base URL (what the
 * adapter's `apiBase` takes) and how to stop it.
 */
export async function startStripeFake(options: StripeFakeOptions, { prefix = '' } = {}) {
  const fake = stripeFake(options)
  const app = Fastify({ logger: false })
  await app.register(fake, { prefix })
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  return { fake, url: `${origin}${prefix}`, close: () => app.close() }
}
