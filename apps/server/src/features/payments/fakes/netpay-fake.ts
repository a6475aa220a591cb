// A NetPay of our own for the sandbox and the tests: the gateway-ecommerce calls the adapter makes,
// NetpayJS's tokeniser and script, and a 3-D Secure page. Register it under a prefix in the app
// (`/sandbox/netpay`, the adapter's apiBase is then `<site>/sandbox/netpay`) or start it alone on
// 127.0.0.1 with `startNetPayFake`. No real money, no real card: card numbers live only as long as
// a tokenisation request and are kept as their last four digits.
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { NETPAY_TEST_CARDS, brandOf, cardProblem } from './netpay-fake-cards.ts'
import { NETPAY_JS_STAND_IN, threeDsPage } from './netpay-fake-pages.ts'

export { NETPAY_TEST_CARDS }

/** Switches a test may flip at any time. */
export interface NetPayFakeSwitches {
  /** Every charge is declined. */
  decline: boolean
  /** Every charge asks for 3-D Secure. */
  require3ds: boolean
  /** Every API and tokeniser answer waits this long. */
  delayMs: number
  /** Charges are taken for another amount than asked (one unit less): the transaction shows it. */
  tamper: boolean
  /** Every API and tokeniser call answers 503. */
  unavailable: boolean
}

export interface NetPayFakeOptions extends Partial<NetPayFakeSwitches> {
  secretKey?: string
  publicKey?: string
  /** The fake's own absolute URL, prefix included, when the request's host is not it (a proxy). */
  publicUrl?: string
}

/** A request as the fake saw it: no keys, no card data. */
export interface RecordedNetPayRequest {
  method: string
  /** Path inside the fake (`/v3/charges`), without its prefix. */
  path: string
  /** Whether the right key came with it. */
  authorized: boolean
  body?: unknown
}

export interface FakeTransaction {
  transactionTokenId: string
  /** WAIT_THREEDS → CHARGEABLE → DONE, or REJECT; CANCELED once refunded. */
  status: string
  amount: number
  currency: string
  merchantReferenceCode: string
  description: string
  redirect3dsUri: string
  last4: string
  email: string
  /** The charge's first answer, replayed for a second charge under the same reference. */
  chargeAnswer: Record<string, unknown>
}

interface FakeToken {
  last4: string
  brand: string
  used: boolean
}

/** The plugin, with the state a test reads and the switches it flips. */
export interface NetPayFake {
  (app: FastifyInstance): Promise<void>
  readonly switches: NetPayFakeSwitches
  readonly requests: RecordedNetPayRequest[]
  readonly transactions: ReadonlyMap<string, FakeTransaction>
  readonly secretKey: string
  readonly publicKey: string
  /** Forgets tokens, transactions and requests, and turns every switch off. */
  reset(): void
}

const DEFAULTS: NetPayFakeSwitches = {
  decline: false,
  require3ds: false,
  delayMs: 0,
  tamper: false,
  unavailable: false,
}

export function netpayFake(options: NetPayFakeOptions = {}): NetPayFake {
  const secretKey = options.secretKey ?? 'sk_netpay_sandbox'
  const publicKey = options.publicKey ?? 'pk_netpay_sandbox'
  const switches: NetPayFakeSwitches = {
    decline: options.decline ?? false,
    require3ds: options.require3ds ?? false,
    delayMs: options.delayMs ?? 0,
    tamper: options.tamper ?? false,
    unavailable: options.unavailable ?? false,
  }
  const requests: RecordedNetPayRequest[] = []
  const tokens = new Map<string, FakeToken>()
  const transactions = new Map<string, FakeTransaction>()
  const byReference = new Map<string, FakeTransaction>()

  async function plugin(app: FastifyInstance): Promise<void> {
    const prefix = app.prefix
    const baseOf = (req: FastifyRequest) => options.publicUrl ?? `${req.protocol}://${req.host}${prefix}`

    // NetPay's clients POST confirm and refund with a JSON content type and no body; forms come
    // from the 3-D Secure page. Both parsers stay inside this plugin.
    app.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded'])
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, body === '' ? {} : JSON.parse(String(body)))
      } catch {
        done(Object.assign(new Error('The body is not JSON.'), { statusCode: 400 }), undefined)
      }
    })
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))))
      },
    )

    const record = (req: FastifyRequest, key: string, body?: unknown) => {
      const path = req.url.slice(prefix.length).split('?')[0] ?? ''
      requests.push({ method: req.method, path, authorized: req.headers.authorization === key, body })
    }

    /** The switches every API call obeys, and the key; true when the call may go on. */
    async function admit(req: FastifyRequest, reply: FastifyReply, key: string, body?: unknown) {
      record(req, key, body)
      if (switches.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.delayMs))
      if (switches.unavailable) {
        await reply
          .code(503)
          .send({ status: 503, error: 'Service Unavailable', message: 'NetPay sandbox is down.' })
        return false
      }
      if (req.headers.authorization !== key) {
        await reply.code(401).send({ status: 401, error: 'Unauthorized', message: 'Invalid API key.' })
        return false
      }
      return true
    }

    const notFound = (reply: FastifyReply, id: string) =>
      reply.code(404).send({ status: 404, error: 'Not Found', message: `Transaction ${id} not found.` })

    const transactionAnswer = (tx: FakeTransaction) => ({
      transactionTokenId: tx.transactionTokenId,
      status: tx.status,
      merchantReferenceCode: tx.merchantReferenceCode,
      currency: tx.currency,
      amount: tx.amount,
      responseCode: tx.status === 'DONE' ? '00' : tx.status === 'REJECT' ? '05' : '',
      responseMsg:
        tx.status === 'REJECT' ? 'Declined (sandbox)' : tx.status === 'DONE' ? 'Approved (sandbox)' : '',
      billToEmail: tx.email,
      bankName: 'NETPAY SANDBOX',
      paymentMethod: 'card',
    })

    // The browser's side: CORS, the public key, never the secret one.
    const cors = (reply: FastifyReply) =>
      reply
        .header('Access-Control-Allow-Origin', '*')
        .header('Access-Control-Allow-Methods', 'POST, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type')
        .header('Access-Control-Max-Age', '600')

    app.options('/v1/token', async (_req, reply) => cors(reply).code(204).send())

    app.post('/v1/token', async (req, reply) => {
      cors(reply)
      const body = (req.body ?? {}) as Record<string, unknown>
      const digits = String(body.cardNumber ?? '').replace(/\D/g, '')
      if (!(await admit(req, reply, publicKey, { last4: digits.slice(-4) }))) return reply
      const problem = cardProblem(body, new Date())
      if (problem) return reply.code(400).send({ status: 400, error: 'Bad Request', message: problem })
      const token = `tok_${randomUUID()}`
      const last4 = digits.slice(-4)
      const brand = brandOf(digits)
      tokens.set(token, { last4, brand, used: false })
      return {
        token,
        lastFourDigits: last4,
        brand,
        expMonth: String(body.expMonth),
        expYear: String(body.expYear),
      }
    })

    app.get('/cdn/js/dev/netpay.min.js', async (_req, reply) =>
      reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(NETPAY_JS_STAND_IN),
    )

    app.post('/v3/charges', async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>
      if (!(await admit(req, reply, secretKey, body))) return reply
      const billing = (body.billing ?? {}) as Record<string, unknown>
      const reference = String(billing.merchantReferenceCode ?? '')
      const amount = Number(body.amount)
      const redirect3dsUri = String(body.redirect3dsUri ?? '')
      if (
        !reference ||
        !(amount > 0) ||
        !body.currency ||
        !body.source ||
        !/^https?:\/\//.test(redirect3dsUri)
      ) {
        return reply.code(400).send({
          status: 400,
          error: 'Bad Request',
          message: 'source, amount, currency, billing.merchantReferenceCode and redirect3dsUri are required.',
        })
      }
      const earlier = byReference.get(reference)
      if (earlier) return earlier.chargeAnswer
      const token = tokens.get(String(body.source))
      if (!token || token.used) {
        return reply
          .code(400)
          .send({ status: 400, error: 'Bad Request', message: 'Unknown or used card token.' })
      }
      token.used = true
      const id = randomUUID()
      const taken = switches.tamper ? Math.max(0.01, Math.round((amount - 1) * 100) / 100) : amount
      const declined = switches.decline || token.last4 === NETPAY_TEST_CARDS.decline.slice(-4)
      const threeDs = switches.require3ds || token.last4 === NETPAY_TEST_CARDS.threeDs.slice(-4)
      const status = declined ? 'REJECT' : threeDs ? 'WAIT_THREEDS' : 'DONE'
      const returnUrl = `${baseOf(req)}/3ds/${id}`
      const common = {
        transactionTokenId: id,
        amount: taken,
        currency: String(body.currency).toUpperCase(),
        description: String(body.description ?? ''),
        paymentMethod: 'card',
        redirect3dsUri,
        createdAt: new Date().toISOString(),
      }
      const chargeAnswer: Record<string, unknown> = declined
        ? { ...common, status: 'failed', error: 'The card was declined by its issuer (NetPay sandbox).' }
        : threeDs
          ? {
              ...common,
              status: 'review',
              returnUrl,
              threeDSecureResponse: { acsUrl: returnUrl, paReq: 'sandbox' },
            }
          : { ...common, status: 'success' }
      const tx: FakeTransaction = {
        transactionTokenId: id,
        status,
        amount: taken,
        currency: common.currency,
        merchantReferenceCode: reference,
        description: common.description,
        redirect3dsUri,
        last4: token.last4,
        email: String(billing.email ?? ''),
        chargeAnswer,
      }
      transactions.set(id, tx)
      byReference.set(reference, tx)
      return chargeAnswer
    })

    app.get<{ Params: { id: string } }>('/v3/transactions/:id', async (req, reply) => {
      if (!(await admit(req, reply, secretKey))) return reply
      const tx = transactions.get(req.params.id)
      return tx ? transactionAnswer(tx) : notFound(reply, req.params.id)
    })

    app.post<{ Params: { id: string } }>('/v3/charges/:id/confirm', async (req, reply) => {
      if (!(await admit(req, reply, secretKey))) return reply
      const tx = transactions.get(req.params.id)
      if (!tx) return notFound(reply, req.params.id)
      if (tx.status !== 'CHARGEABLE') {
        return reply
          .code(400)
          .send({ status: 'failed', message: `Transaction is ${tx.status}, not CHARGEABLE.` })
      }
      tx.status = switches.decline ? 'REJECT' : 'DONE'
      return { ...transactionAnswer(tx), status: tx.status === 'DONE' ? 'success' : 'failed' }
    })

    // POST /v3/transactions/{id}/refund gives back the whole charge (docs.netpay.com.mx/reference/cancelar).
    app.post<{ Params: { id: string } }>('/v3/transactions/:id/refund', async (req, reply) => {
      if (!(await admit(req, reply, secretKey))) return reply
      const tx = transactions.get(req.params.id)
      if (!tx) return notFound(reply, req.params.id)
      if (tx.status !== 'DONE') {
        return reply
          .code(400)
          .send({ status: 'failed', message: `Transaction is ${tx.status}; only DONE is refunded.` })
      }
      tx.status = 'CANCELED'
      return {
        ...transactionAnswer(tx),
        status: 'success',
        responseCode: '00',
        responseMsg: 'Refund approved (sandbox)',
      }
    })

    app.get<{ Params: { id: string } }>('/3ds/:id', async (req, reply) => {
      const tx = transactions.get(req.params.id)
      if (!tx)
        return reply.code(404).type('text/plain').send('No such 3-D Secure check in the NetPay sandbox.')
      const page = threeDsPage({
        action: `${prefix}/3ds/${encodeURIComponent(tx.transactionTokenId)}`,
        amount: tx.amount.toFixed(2),
        currency: tx.currency,
        reference: tx.merchantReferenceCode,
        last4: tx.last4,
        status: tx.status,
      })
      return reply.type('text/html; charset=utf-8').send(page)
    })

    app.post<{ Params: { id: string } }>('/3ds/:id', async (req, reply) => {
      const tx = transactions.get(req.params.id)
      if (!tx)
        return reply.code(404).type('text/plain').send('No such 3-D Secure check in the NetPay sandbox.')
      const outcome = ((req.body ?? {}) as Record<string, unknown>).outcome
      record(req, '', { outcome })
      if (tx.status === 'WAIT_THREEDS') tx.status = outcome === 'authenticate' ? 'CHARGEABLE' : 'REJECT'
      // As NetPay does: back to the shop's redirect3dsUri with the transaction appended.
      const back = new URL(tx.redirect3dsUri)
      back.searchParams.set('transaction_token', tx.transactionTokenId)
      return reply.redirect(back.href, 303)
    })
  }

  return Object.assign(plugin, {
    switches,
    requests,
    transactions,
    secretKey,
    publicKey,
    reset() {
      Object.assign(switches, DEFAULTS)
      requests.length = 0
      tokens.clear()
      transactions.clear()
      byReference.clear()
    },
  })
}

/** The fake alone on 127.0.0.1 and a free port: for tests, and for a browser journey's NetPay. */
export async function startNetPayFake(options: NetPayFakeOptions = {}) {
  const fake = netpayFake(options)
  const app = Fastify({ logger: false })
  await app.register(fake)
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { url, fake, close: () => app.close() }
}
