import Stripe from 'stripe'
import {
  ProviderError,
  type IncomingNotification,
  type PaymentProvider,
  type ProviderReading,
  type ProviderStatus,
  type RefundResult,
  type StartRequest,
  type StartResult,
  type VerifiedNotification,
} from '../provider.ts'

/** Stripe's PaymentIntents behind method 14 (docs/research payments §3). */
export interface StripeProviderConfig {
  /** `sk_live_…` / `sk_test_…`: server only, never logged. */
  secretKey: string
  /** `pk_…`: goes to the browser with each attempt. */
  publishableKey: string
  /** The webhook endpoint's signing secret, `whsec_…`. */
  webhookSecret: string
  /**
   * Another API than api.stripe.com: the fake (`http://127.0.0.1:PORT/sandbox/stripe`). Its host,
   * port and protocol go to the library's options; a path is put before every request's.
   */
  apiBase?: string
  /** The library's HTTP client (tests); Node's by default. */
  httpClient?: Stripe.HttpClient
  /** Retries of failed calls (POSTs carry our idempotency key, so retrying is safe). Default 2. */
  maxNetworkRetries?: number
  /** Milliseconds before a call counts as unanswered. Default 30 s. */
  timeoutMs?: number
  /** The clock webhook timestamps are checked against, in milliseconds. */
  now?: () => number
}

/** Stripe's tolerance for a webhook's timestamp (stripe-node `DEFAULT_TOLERANCE`), in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/** Stripe's statuses in ours (`requires_payment_method` after a failed attempt is `failed`: see readingOf). */
const STATUS: Record<Stripe.PaymentIntent.Status, ProviderStatus> = {
  succeeded: 'confirmed',
  requires_capture: 'confirmed',
  processing: 'pending',
  requires_action: 'pending',
  requires_confirmation: 'pending',
  requires_payment_method: 'pending',
  canceled: 'cancelled',
}

/** The library's HTTP client with `prefix` before every path (a fake served under a prefix). */
function prefixedHttpClient(inner: Stripe.HttpClient, prefix: string): Stripe.HttpClient {
  return {
    getClientName: () => inner.getClientName(),
    makeRequest: (host, port, path, ...rest) => inner.makeRequest(host, port, `${prefix}${path}`, ...rest),
  }
}

function createClient(config: StripeProviderConfig) {
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    timeout: config.timeoutMs ?? 30_000,
    telemetry: false,
    appInfo: { name: 'clubhouse' },
  }
  let httpClient = config.httpClient
  if (config.apiBase) {
    const url = new URL(config.apiBase)
    const protocol = url.protocol === 'http:' ? 'http' : 'https'
    options.host = url.hostname
    options.port = url.port || (protocol === 'http' ? 80 : 443)
    options.protocol = protocol
    const prefix = url.pathname.replace(/\/+$/, '')
    if (prefix) httpClient = prefixedHttpClient(httpClient ?? Stripe.createNodeHttpClient(), prefix)
  }
  if (httpClient) options.httpClient = httpClient
  return new Stripe(config.secretKey, options)
}

/** Stripe's refusals in our words: the customer's card, an answer we lack, or our own mistake. */
export function toProviderError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error
  const code = error.decline_code ?? error.code
  if (error instanceof Stripe.errors.StripeCardError)
    return new ProviderError(error.message, 'declined', code)
  const lost =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error.statusCode ?? 0) >= 500
  return new ProviderError(error.message, lost ? 'unreachable' : 'refused', code)
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toProviderError(error)
  }
}

/** What we keep of an intent for the audit: no client secret, no card. */
function auditOf(intent: Stripe.PaymentIntent) {
  const error = intent.last_payment_error
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    amount_received: intent.amount_received,
    amount_capturable: intent.amount_capturable,
    currency: intent.currency,
    capture_method: intent.capture_method,
    latest_charge:
      typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null),
    last_payment_error: error
      ? { type: error.type, code: error.code, decline_code: error.decline_code, message: error.message }
      : null,
    metadata: intent.metadata,
    created: intent.created,
    livemode: intent.livemode,
  }
}

/** An intent read from Stripe, in the words the payments service settles on. */
export function readingOf(intent: Stripe.PaymentIntent): ProviderReading {
  const failed = intent.status === 'requires_payment_method' && intent.last_payment_error != null
  const status: ProviderStatus = failed ? 'failed' : (STATUS[intent.status] ?? 'pending')
  const amountCents =
    intent.status === 'succeeded'
      ? intent.amount_received
      : intent.status === 'requires_capture'
        ? intent.amount_capturable
        : intent.amount
  const errorCode = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code
  return {
    providerRef: intent.id,
    status,
    amountCents,
    currency: intent.currency.toUpperCase(),
    ...(intent.status === 'requires_capture' && { needsCapture: true }),
    providerStatus: failed && errorCode ? `${intent.status}:${errorCode}` : intent.status,
    raw: auditOf(intent),
  }
}

/** The `t=` of a Stripe-Signature header, in seconds, when there is one. */
function signedAt(header: string) {
  const t = /(?:^|,)\s*t=(\d+)/.exec(header)?.[1]
  return t === undefined ? undefined : Number(t)
}

/** The intent an event speaks of: its own object, or the charge's intent. */
function intentOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown }
  if (event.type.startsWith('payment_intent.') && object.object === 'payment_intent') return object.id
  if (event.type === 'charge.refunded' && typeof object.payment_intent === 'string')
    return object.payment_intent
  return undefined
}

export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = createClient(config)
  const now = config.now ?? Date.now

  return {
    methodId: 14,
    name: 'stripe',

    async start(request: StartRequest): Promise<StartResult> {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            metadata: {
              paymentId: String(request.paymentId),
              reference: request.reference,
              saleNumber: request.saleNumber,
            },
            description: request.description,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      )
      if (!intent.client_secret) throw new ProviderError('Stripe gave no client secret', 'refused')
      return { providerRef: intent.id, clientSecret: intent.client_secret, publicKey: config.publishableKey }
    },

    async read(providerRef: string): Promise<ProviderReading> {
      return readingOf(await call(() => stripe.paymentIntents.retrieve(providerRef)))
    },

    async verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification> {
      const header = incoming.headers['stripe-signature']
      if (typeof header !== 'string' || !header)
        throw new ProviderError('Stripe webhook without a Stripe-Signature header', 'tampered')
      const receivedAt = now()
      // stripe-node only refuses old timestamps; one far in the future is as suspect.
      const t = signedAt(header)
      if (t !== undefined && t - Math.floor(receivedAt / 1000) > WEBHOOK_TOLERANCE_SECONDS)
        throw new ProviderError('Stripe webhook signed in the future', 'tampered')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(
          incoming.rawBody,
          header,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt,
        )
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'unreadable'
        throw new ProviderError(`Stripe webhook refused: ${reason}`, 'tampered')
      }
      const providerRef = intentOf(event)
      // A genuine event of a kind we do not settle on: the route acknowledges it and does nothing.
      if (!providerRef)
        throw new ProviderError(`Stripe event ${event.type} names no payment intent`, 'refused', event.type)
      return { providerRef, eventId: event.id }
    },

    async capture(reading, amountCents, idempotencyKey) {
      const intent = await call(() =>
        stripe.paymentIntents.capture(
          reading.providerRef,
          { amount_to_capture: amountCents },
          { idempotencyKey },
        ),
      )
      return readingOf(intent)
    },

    async void(reading, idempotencyKey) {
      await call(() =>
        stripe.paymentIntents.cancel(
          reading.providerRef,
          { cancellation_reason: 'abandoned' },
          { idempotencyKey },
        ),
      )
    },

    async refund(reading, amountCents, idempotencyKey): Promise<RefundResult> {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: reading.providerRef, amount: amountCents },
          { idempotencyKey },
        ),
      )
      const status =
        refund.status === 'succeeded'
          ? 'confirmed'
          : refund.status === 'pending' || refund.status === 'requires_action'
            ? 'pending'
            : 'failed'
      return {
        refundRef: refund.id,
        status,
        amountCents: refund.amount,
        raw: {
          id: refund.id,
          status: refund.status,
          amount: refund.amount,
          currency: refund.currency,
          payment_intent: refund.payment_intent,
        },
      }
    },
  }
}
