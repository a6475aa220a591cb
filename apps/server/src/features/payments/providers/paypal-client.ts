import {
  ApiError,
  ArgumentsValidationError,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  ResponseValidationError,
} from '@paypal/paypal-server-sdk'
import { ProviderError } from '../provider.ts'

/** PayPal's REST hosts (research/payments.md §2). */
export const PAYPAL_LIVE_API = 'https://api-m.paypal.com'
export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com'

export interface PayPalClientConfig {
  clientId: string
  clientSecret: string
  /** PayPal's live or sandbox host, or any other base (our fake: `http://127.0.0.1:…/sandbox/paypal`). */
  apiBase: string
  /** Milliseconds to wait for one answer. */
  timeoutMs?: number
}

/** The SDK's two controllers we use, on one client. */
export interface PayPalApi {
  orders: OrdersController
  payments: PaymentsController
}

/**
 * Keeps an SDK client and calls PayPal through it. The SDK knows only PayPal's two hosts
 * (`Environment.Production`, `Environment.Sandbox`; its `getBaseUri` has no custom base), so for any
 * other base its HTTP layer is given a `fetch` that sends each request there instead, through the
 * documented-as-unstable `unstable_httpClientOptions` (axios options). The client is made anew after
 * a failure: the SDK keeps its OAuth token as one shared promise, and a token request that failed
 * once would otherwise fail every later call.
 */
export function createPayPalApi(config: PayPalClientConfig) {
  let api: PayPalApi | undefined
  const current = () => (api ??= connect(config))
  return {
    /**
     * Runs `call` and turns PayPal's refusals and silences into ProviderErrors. A 401 is retried once
     * with a new token (PayPal revokes tokens before they expire); POSTs carry PayPal-Request-Id, so a
     * retry never does a thing twice.
     */
    async call<T>(call: (api: PayPalApi) => Promise<{ result: T }>): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        try {
          return (await call(current())).result
        } catch (error) {
          api = undefined
          if (attempt === 0 && error instanceof ApiError && error.statusCode === 401) continue
          throw toProviderError(error)
        }
      }
    },
  }
}

function connect({ clientId, clientSecret, apiBase, timeoutMs = 20_000 }: PayPalClientConfig): PayPalApi {
  const base = apiBase.replace(/\/+$/, '')
  const client = new Client({
    environment: base === PAYPAL_LIVE_API ? Environment.Production : Environment.Sandbox,
    timeout: timeoutMs,
    clientCredentialsAuthCredentials: { oAuthClientId: clientId, oAuthClientSecret: clientSecret },
    ...(base === PAYPAL_LIVE_API || base === PAYPAL_SANDBOX_API
      ? {}
      : { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: fetchAt(base) } } }),
  })
  return { orders: new OrdersController(client), payments: new PaymentsController(client) }
}

/** A `fetch` that sends a request meant for PayPal's host to the same path under `base`. */
function fetchAt(base: string) {
  return (request: Request, init?: RequestInit) => {
    const { pathname, search } = new URL(request.url)
    return fetch(new Request(`${base}${pathname}${search}`, request), init)
  }
}

/** The `issue` words PayPal uses when the buyer's payment was refused, not our request. */
const DECLINES = new Set([
  'INSTRUMENT_DECLINED',
  'PAYER_ACTION_REQUIRED',
  'PAYER_CANNOT_PAY',
  'TRANSACTION_REFUSED',
  'PAYEE_BLOCKED_TRANSACTION',
  'CARD_EXPIRED',
  'AUTHORIZATION_DENIED',
])

interface PayPalErrorBody {
  name?: string
  message?: string
  error?: string
  error_description?: string
  details?: { issue?: string; description?: string }[]
}

/** The first `issue` of a PayPal error answer, or its `name` (`UNPROCESSABLE_ENTITY`, `invalid_client`). */
export function payPalIssue(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const body = readBody(error)
  return body?.details?.[0]?.issue ?? body?.name ?? body?.error
}

function readBody(error: ApiError): PayPalErrorBody | undefined {
  if (error.result && typeof error.result === 'object') return error.result as PayPalErrorBody
  if (typeof error.body !== 'string') return undefined
  try {
    return JSON.parse(error.body) as PayPalErrorBody
  } catch {
    return undefined
  }
}

/**
 * PayPal's answer in our words: a decline for the customer, `unreachable` when the outcome is
 * unknown (no answer, 5xx, 429, an answer we could not read), `refused` for a request PayPal would
 * not take from us (credentials, a wrong id, a state that does not allow it).
 */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error
  if (error instanceof ApiError) {
    const issue = payPalIssue(error)
    const body = readBody(error)
    const message =
      body?.details?.[0]?.description ?? body?.message ?? body?.error_description ?? error.message
    if (error.statusCode >= 500 || error.statusCode === 429) {
      return new ProviderError(
        `PayPal did not answer (${error.statusCode}): ${message}`,
        'unreachable',
        issue,
      )
    }
    if (issue && DECLINES.has(issue)) return new ProviderError(message, 'declined', issue)
    return new ProviderError(`PayPal refused the request (${error.statusCode}): ${message}`, 'refused', issue)
  }
  if (error instanceof ArgumentsValidationError) {
    return new ProviderError(`A request to PayPal was not well formed: ${error.message}`, 'refused')
  }
  if (error instanceof ResponseValidationError) {
    return new ProviderError(`PayPal's answer could not be read: ${error.message}`, 'unreachable')
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ProviderError(`PayPal could not be reached: ${message}`, 'unreachable')
}
