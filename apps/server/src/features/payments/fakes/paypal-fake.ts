import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify'
import { payPalSdkScript } from './paypal-fake-sdk.ts'
import {
  cents,
  createPayPalLedger,
  money,
  payPalId,
  type FakeAuthorization,
  type FakeCapture,
  type FakeOrder,
  type Money,
} from './paypal-fake-ledger.ts'

/**
 * A local stand-in of PayPal's REST API (Orders v2 with intent AUTHORIZE, Payments v2) and of its JS
 * SDK, for tests and the sandbox. Register it under a prefix (`/sandbox/paypal`) and point the adapter's
 * `apiBase` and the web component's `sdkBaseUrl` at it, or run it alone with `startPayPalFake`.
 * It keeps everything in memory; nothing leaves the machine.
 */

/** Behaviours a test turns on, before or between calls. */
export interface PayPalFakeSwitches {
  /** Authorizations are DENIED. */
  decline: boolean
  /** Authorizations are PENDING (PENDING_REVIEW) until `review()` decides them. */
  pending: boolean
  /** Authorize answers 422 with this issue instead of making an authorization. */
  authorizeIssue?: 'INSTRUMENT_DECLINED' | 'PAYER_ACTION_REQUIRED'
  /** Authorizations belong to another order, for another amount (a callback that lies). */
  tamper: boolean
  /** Every route but the SDK's script answers 503. */
  unavailable: boolean
  /** Every route waits this long before answering. */
  delayMs: number
}

export interface PayPalFakeOptions extends Partial<PayPalFakeSwitches> {
  clientId?: string
  clientSecret?: string
  /** The payee the fake names on orders and authorizations. */
  merchantId?: string
  payeeEmail?: string
}

/** One request as the fake received it, for tests to look at. */
export interface RecordedRequest {
  method: string
  /** The path without the prefix the fake is registered under. */
  path: string
  requestId?: string
  body: unknown
}

/** The plugin, with the switches, the recorded requests and the buyer's and PayPal's own moves. */
export type PayPalFake = FastifyPluginAsync & {
  switches: PayPalFakeSwitches
  requests: RecordedRequest[]
  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string): void
  /** PayPal's review decides a PENDING authorization. */
  review(authorizationId: string, outcome: 'CREATED' | 'DENIED'): void
}

export function paypalFake(options: PayPalFakeOptions = {}): PayPalFake {
  const {
    clientId = 'sandbox-client-id',
    clientSecret = 'sandbox-client-secret',
    merchantId = 'CLUBHOUSE0SANDBOX',
    payeeEmail = 'payments@clubhouse.example',
  } = options
  const switches: PayPalFakeSwitches = {
    decline: options.decline ?? false,
    pending: options.pending ?? false,
    authorizeIssue: options.authorizeIssue,
    tamper: options.tamper ?? false,
    unavailable: options.unavailable ?? false,
    delayMs: options.delayMs ?? 0,
  }
  const requests: RecordedRequest[] = []
  const tokens = new Set<string>()
  /** Answers already given, by route, resource and PayPal-Request-Id: a retry gets the same one. */
  const answered = new Map<string, { status: number; body: unknown }>()
  const payee = { merchant_id: merchantId, email_address: payeeEmail }
  const { orders, authorizations, captures, now, orderJson, authorizationJson, captureJson } =
    createPayPalLedger(payee)

  const issueToken = () => {
    const token = `A21AA${randomBytes(24).toString('base64url')}`
    tokens.add(token)
    return token
  }

  const refuse = (reply: FastifyReply, status: number, name: string, issue: string, description = issue) =>
    reply.code(status).send({
      name,
      message: description,
      debug_id: randomBytes(6).toString('hex'),
      details: [{ issue, description }],
    })
  const notFound = (reply: FastifyReply) =>
    refuse(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.')

  /** Runs `answer` once per PayPal-Request-Id of this route and resource; a retry replays it. */
  const once = async (
    req: FastifyRequest,
    reply: FastifyReply,
    answer: () => { status: number; body: unknown },
  ) => {
    const requestId = req.headers['paypal-request-id']
    const key =
      typeof requestId === 'string'
        ? `${req.routeOptions.url}|${JSON.stringify(req.params)}|${requestId}`
        : undefined
    const earlier = key ? answered.get(key) : undefined
    const result = earlier ?? answer()
    if (key && !earlier) answered.set(key, result)
    return reply.code(result.status).send(result.body)
  }
  const unprocessable = (issue: string, description = issue) => ({
    status: 422,
    body: {
      name: 'UNPROCESSABLE_ENTITY',
      message: description,
      debug_id: 'fake',
      details: [{ issue, description }],
    },
  })

  const plugin: FastifyPluginAsync = async (app) => {
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      )
    }

    app.addHook('preHandler', async (req, reply) => {
      const path = req.url.slice(app.prefix.length)
      const requestId = req.headers['paypal-request-id']
      requests.push({
        method: req.method,
        path,
        requestId: typeof requestId === 'string' ? requestId : undefined,
        body: req.body,
      })
      if (switches.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.delayMs))
      if (path.startsWith('/sdk/js')) return
      if (switches.unavailable) {
        return refuse(reply, 503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'Service Unavailable.')
      }
      if (path.startsWith('/v1/oauth2/token')) return
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      if (!bearer || !tokens.has(bearer)) {
        return reply.code(401).send({
          error: 'invalid_token',
          error_description: 'The token passed in was not found in the system.',
        })
      }
    })

    app.post('/v1/oauth2/token', async (req, reply) => {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      const expected = Buffer.from(`${clientId}:${clientSecret}`).toString('base64')
      if (basic !== expected) {
        return reply
          .code(401)
          .send({ error: 'invalid_client', error_description: 'Client Authentication failed' })
      }
      const grant =
        typeof req.body === 'string'
          ? new URLSearchParams(req.body).get('grant_type')
          : (req.body as Record<string, string> | undefined)?.grant_type
      if (grant !== 'client_credentials') {
        return reply
          .code(400)
          .send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' })
      }
      return {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: issueToken(),
        token_type: 'Bearer',
        app_id: 'APP-SANDBOX',
        expires_in: 32400,
        nonce: randomBytes(8).toString('hex'),
      }
    })

    app.post('/v2/checkout/orders', async (req, reply) =>
      once(req, reply, () => {
        const body = req.body as { intent?: string; purchase_units?: FakeOrder['unit'][] } | undefined
        const unit = body?.purchase_units?.[0]
        if (body?.intent !== 'AUTHORIZE' || !unit?.amount || body.purchase_units?.length !== 1) {
          return {
            status: 400,
            body: {
              name: 'INVALID_REQUEST',
              message: 'Request is not well-formed.',
              debug_id: 'fake',
              details: [{ issue: 'INVALID_PARAMETER_VALUE' }],
            },
          }
        }
        const order: FakeOrder = {
          id: payPalId(),
          status: 'CREATED',
          unit,
          createTime: now(),
          updateTime: now(),
        }
        orders.set(order.id, order)
        return { status: 201, body: orderJson(order) }
      }),
    )

    app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (req, reply) => {
      const order = orders.get(req.params.id)
      return order ? orderJson(order) : notFound(reply)
    })

    app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/authorize', async (req, reply) => {
      const order = orders.get(req.params.id)
      if (!order) return notFound(reply)
      return once(req, reply, () => {
        if (order.status === 'COMPLETED')
          return unprocessable('ORDER_ALREADY_AUTHORIZED', 'Order already authorized.')
        if (order.status !== 'APPROVED')
          return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.')
        if (switches.authorizeIssue) return unprocessable(switches.authorizeIssue)
        const decoy = switches.tamper ? payPalId() : undefined
        const authorization: FakeAuthorization = {
          id: payPalId(),
          orderId: decoy ?? order.id,
          status: switches.decline ? 'DENIED' : switches.pending ? 'PENDING' : 'CREATED',
          ...(switches.pending && !switches.decline ? { reason: 'PENDING_REVIEW' } : {}),
          amount: decoy
            ? money(order.unit.amount.currency_code, cents(order.unit.amount.value) + 100)
            : order.unit.amount,
          captureIds: [],
          createTime: now(),
          updateTime: now(),
        }
        authorizations.set(authorization.id, authorization)
        order.authorizationId = authorization.id
        order.status = 'COMPLETED'
        order.updateTime = now()
        return { status: 201, body: orderJson(order) }
      })
    })

    app.get<{ Params: { id: string } }>('/v2/payments/authorizations/:id', async (req, reply) => {
      const authorization = authorizations.get(req.params.id)
      return authorization ? authorizationJson(authorization) : notFound(reply)
    })

    app.post<{ Params: { id: string } }>('/v2/payments/authorizations/:id/capture', async (req, reply) => {
      const authorization = authorizations.get(req.params.id)
      if (!authorization) return notFound(reply)
      return once(req, reply, () => {
        if (authorization.status === 'VOIDED')
          return unprocessable('AUTHORIZATION_VOIDED', 'A voided authorization cannot be captured.')
        if (authorization.status === 'CAPTURED')
          return unprocessable(
            'AUTHORIZATION_ALREADY_CAPTURED',
            'Authorization has been previously captured.',
          )
        if (authorization.status !== 'CREATED')
          return unprocessable('AUTHORIZATION_DENIED', 'The authorization cannot be captured.')
        const body = req.body as { amount?: Money } | undefined
        const authorized = cents(authorization.amount.value)
        const amountCents = body?.amount ? cents(body.amount.value) : authorized
        if (amountCents > Math.round(authorized * 1.15)) return unprocessable('MAX_CAPTURE_AMOUNT_EXCEEDED')
        const capture: FakeCapture = {
          id: payPalId(),
          authorizationId: authorization.id,
          orderId: authorization.orderId,
          status: 'COMPLETED',
          amount: money(authorization.amount.currency_code, amountCents),
          refundedCents: 0,
          createTime: now(),
        }
        captures.set(capture.id, capture)
        authorization.captureIds.push(capture.id)
        authorization.status = 'CAPTURED'
        authorization.updateTime = now()
        return { status: 201, body: captureJson(capture) }
      })
    })

    app.post<{ Params: { id: string } }>('/v2/payments/authorizations/:id/void', async (req, reply) => {
      const authorization = authorizations.get(req.params.id)
      if (!authorization) return notFound(reply)
      return once(req, reply, () => {
        if (authorization.status === 'CAPTURED')
          return unprocessable(
            'PREVIOUSLY_CAPTURED',
            'Authorization has been previously captured and hence cannot be voided.',
          )
        if (authorization.status === 'VOIDED')
          return unprocessable('PREVIOUSLY_VOIDED', 'Authorization has been previously voided.')
        authorization.status = 'VOIDED'
        authorization.updateTime = now()
        const representation = /return=representation/.test(String(req.headers.prefer ?? ''))
        return representation
          ? { status: 200, body: authorizationJson(authorization) }
          : { status: 204, body: '' }
      })
    })

    app.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (req, reply) => {
      const capture = captures.get(req.params.id)
      if (!capture) return notFound(reply)
      return once(req, reply, () => {
        const body = req.body as { amount?: Money } | undefined
        const left = cents(capture.amount.value) - capture.refundedCents
        const amountCents = body?.amount ? cents(body.amount.value) : left
        if (amountCents <= 0 || amountCents > left)
          return unprocessable(
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          )
        capture.refundedCents += amountCents
        capture.status =
          capture.refundedCents === cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
        const id = payPalId()
        return {
          status: 201,
          body: {
            id,
            status: 'COMPLETED',
            amount: money(capture.amount.currency_code, amountCents),
            create_time: now(),
            update_time: now(),
          },
        }
      })
    })

    // The buyer's side, done in PayPal's window for real: the SDK stand-in and its approval.
    app.get<{ Querystring: Record<string, string | undefined> }>('/sdk/js', async (req, reply) => {
      if (req.query['client-id'] !== clientId) {
        return reply.code(400).type('text/plain').send('throw new Error("PayPal sandbox: unknown client-id")')
      }
      const script = payPalSdkScript({ browserToken: issueToken(), locale: req.query.locale ?? 'en_US' })
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(script)
    })

    app.post<{ Params: { id: string } }>('/sandbox-approve/:id', async (req, reply) => {
      const order = orders.get(req.params.id)
      if (!order) return notFound(reply)
      if (order.status === 'CREATED') approve(order.id)
      return orderJson(order)
    })
  }

  function approve(orderId: string) {
    const order = orders.get(orderId)
    if (!order || order.status !== 'CREATED')
      throw new Error(`PayPal fake: order ${orderId} cannot be approved`)
    order.status = 'APPROVED'
    order.updateTime = now()
  }

  function review(authorizationId: string, outcome: 'CREATED' | 'DENIED') {
    const authorization = authorizations.get(authorizationId)
    if (authorization?.status !== 'PENDING') throw new Error(`PayPal fake: ${authorizationId} is not pending`)
    authorization.status = outcome
    delete authorization.reason
    authorization.updateTime = now()
  }

  return Object.assign(plugin, { switches, requests, approve, review })
}

/** The fake on its own listening server at 127.0.0.1, for tests: `url` is its API base. */
export async function startPayPalFake(options: PayPalFakeOptions = {}) {
  const fake = paypalFake(options)
  // Clients keep connections open (PayPal's SDK through fetch does); a test's close must not wait for them.
  const app = Fastify({ forceCloseConnections: true })
  await app.register(fake)
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { fake, url, close: () => app.close() }
}
