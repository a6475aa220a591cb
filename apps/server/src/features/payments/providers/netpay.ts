// NetPay Mexico's card payments (method 10, research §4): the browser tokenises the card with
// NetpayJS, the server charges the token. NetPay has no Node library; its API is JSON over HTTPS
// with the secret key, bare, in `Authorization` (netpaymx/netpay-woocommerce, netpay-php NetPayCurl).
//
// A charge answers `success` (paid), `review` (3-D Secure: the browser goes to `returnUrl` and
// comes back to `redirect3dsUri?transaction_token=…`), or `failed` / `rejected` / `insecure`. After
// 3-D Secure the transaction reads CHARGEABLE and only a confirm takes the money: `finishThreeDs`.
import {
  ProviderError,
  type PaymentProvider,
  type ProviderReading,
  type ProviderStatus,
  type RefundResult,
  type StartRequest,
  type StartResult,
} from '../provider.ts'

export const NETPAY_SANDBOX_API = 'https://gateway-154.netpaydev.com/gateway-ecommerce'
export const NETPAY_LIVE_API = 'https://suite.netpay.com.mx/gateway-ecommerce'
/** NetpayJS, the browser's tokeniser (docs.netpay.com.mx/reference/1-tokenizar-tarjeta). */
export const NETPAY_SANDBOX_SCRIPT = 'https://docs.netpay.mx/cdn/js/dev/netpay.min.js'
export const NETPAY_LIVE_SCRIPT = 'https://docs.netpay.mx/cdn/v1.3/netpay.min.js'

export interface NetPayConfig {
  secretKey: string
  /** `pk_netpay_…`: for the browser's tokeniser only (see `browser`). */
  publicKey: string
  /** The gateway-ecommerce base, without a trailing slash: sandbox, live, or our fake. */
  apiBase: string
  /** Live keys and host; the browser loads NetpayJS in sandbox mode unless this is on. */
  prodMode: boolean
  fetch?: typeof fetch
  /** Milliseconds before a call counts as unanswered (NetPay's own library waits 40 s). */
  timeoutMs?: number
  /** NetpayJS for the browser; defaults to NetPay's sandbox or live copy by `prodMode`. */
  scriptUrl?: string
}

/** What the browser needs to tokenise a card (checkout info's netPayPublicKey, netPayProdMode). */
export interface NetPayBrowserConfig {
  publicKey: string
  prodMode: boolean
  scriptUrl: string
}

/** The NetPay adapter: the PaymentProvider calls, plus the two steps 3-D Secure needs. */
export interface NetPayProvider extends PaymentProvider {
  readonly browser: NetPayBrowserConfig
  /** Takes the money of a transaction that passed 3-D Secure (CHARGEABLE). Answers nothing useful: read after. */
  confirm(providerRef: string): Promise<void>
  /**
   * After the browser came back from 3-D Secure: reads the transaction, confirms it when
   * CHARGEABLE, and reads it again. Safe to repeat (a second callback finds it DONE).
   */
  finishThreeDs(providerRef: string): Promise<ProviderReading>
}

/** The charge's answer (ChargesResponse in NetPay's OpenAPI client), the fields we use. */
interface ChargeAnswer {
  status?: string
  transactionTokenId?: string
  returnUrl?: string
  amount?: number | string
  currency?: string
  error?: string
  message?: string
}

/** `GET /v3/transactions/{id}` (TransactionsResponse), the fields we use. */
interface TransactionAnswer {
  transactionTokenId?: string
  status?: string
  amount?: number | string
  currency?: string
  merchantReferenceCode?: string
  responseCode?: string
  responseMsg?: string
}

/** NetPay's transaction states (woocommerce `check_netpay_card_response`), in our words. */
const TRANSACTION_STATUS: Record<string, ProviderStatus> = {
  DONE: 'confirmed',
  // 3-D Secure passed; the money is taken only by the confirm.
  CHARGEABLE: 'pending',
  WAIT_THREEDS: 'pending',
  REJECT: 'failed',
  REJECTED: 'failed',
  FAILED: 'failed',
  // What the refund endpoint leaves behind (lordmacu/netpay-magento2 Model/Netpay.php).
  CANCELED: 'cancelled',
  CANCELLED: 'cancelled',
}

const DECLINED_CHARGE = new Set(['failed', 'rejected', 'insecure'])
const REFUND_DONE = new Set(['success', 'done', 'refunded', 'reversed', 'canceled', 'cancelled'])

/** NetPay takes amounts as decimals of the currency's unit. */
function toDecimal(amountCents: number): number {
  return Math.round(amountCents) / 100
}

function toCents(amount: number | string | undefined): number {
  const value = typeof amount === 'string' ? Number(amount) : amount
  if (value === undefined || !Number.isFinite(value)) {
    throw new ProviderError('NetPay answered a transaction without a readable amount.', 'refused')
  }
  return Math.round(value * 100)
}

export function createNetPayProvider(config: NetPayConfig): NetPayProvider {
  const doFetch = config.fetch ?? fetch
  const base = config.apiBase.replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? 40_000

  /** One call; a network failure, a timeout or a 5xx is `unreachable`, other non-2xx `refused`/`declined`. */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        // NetPay's own library sends the JSON content type on every call, bodiless POSTs included.
        headers: {
          Authorization: config.secretKey,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new ProviderError(`NetPay did not answer: ${(error as Error).message}`, 'unreachable')
    }
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = text === '' ? {} : JSON.parse(text)
    } catch {
      parsed = undefined
    }
    if (response.status >= 500 || (response.ok && parsed === undefined)) {
      throw new ProviderError(`NetPay answered ${response.status} without a usable body.`, 'unreachable')
    }
    if (!response.ok) {
      const answer = (parsed ?? {}) as ChargeAnswer
      const message = answer.error ?? answer.message ?? `NetPay answered ${response.status}.`
      // A charge NetPay turned down can come back as a 4xx with its status word.
      const declined = answer.status !== undefined && DECLINED_CHARGE.has(String(answer.status))
      throw new ProviderError(message, declined ? 'declined' : 'refused', String(response.status))
    }
    return parsed as T
  }

  function readingOf(answer: TransactionAnswer, providerRef: string): ProviderReading {
    const word = String(answer.status ?? '').toUpperCase()
    return {
      providerRef: answer.transactionTokenId ?? providerRef,
      // A word we do not know is not a failure we may act on: the service reads again later.
      status: TRANSACTION_STATUS[word] ?? 'pending',
      amountCents: toCents(answer.amount),
      currency: String(answer.currency ?? '').toUpperCase(),
      providerStatus: word,
      raw: answer,
    }
  }

  async function read(providerRef: string): Promise<ProviderReading> {
    const answer = await call<TransactionAnswer>('GET', `/v3/transactions/${encodeURIComponent(providerRef)}`)
    return readingOf(answer, providerRef)
  }

  async function confirm(providerRef: string): Promise<void> {
    await call('POST', `/v3/charges/${encodeURIComponent(providerRef)}/confirm`)
  }

  function chargeBody(request: StartRequest, source: string, redirect3dsUri: string) {
    const { customer } = request
    return {
      description: request.description,
      source,
      paymentMethod: 'card',
      amount: toDecimal(request.amountCents),
      currency: request.currency.toUpperCase(),
      billing: {
        firstName: customer.name,
        lastName: customer.surname,
        email: customer.email,
        phone: customer.phone,
        address: {
          city: customer.city,
          country: customer.country,
          postalCode: customer.postalCode,
          state: customer.town || customer.city,
          street1: customer.addressLine1,
        },
        // Our attempt's reference: NetPay keeps it on the transaction, and a charge sent twice
        // under it is one attempt (research §4; the attempt's unique reference is the guard).
        merchantReferenceCode: request.reference,
      },
      redirect3dsUri,
    }
  }

  return {
    methodId: 10,
    name: 'netpay',
    browser: {
      publicKey: config.publicKey,
      prodMode: config.prodMode,
      scriptUrl: config.scriptUrl ?? (config.prodMode ? NETPAY_LIVE_SCRIPT : NETPAY_SANDBOX_SCRIPT),
    },

    async start(request: StartRequest): Promise<StartResult> {
      if (!request.cardToken) {
        throw new ProviderError(
          'A NetPay payment needs the card token NetpayJS made in the browser.',
          'refused',
        )
      }
      if (!request.urls.callback) {
        throw new ProviderError('A NetPay payment needs the /netpay-callback URL for 3-D Secure.', 'refused')
      }
      const answer = await call<ChargeAnswer>(
        'POST',
        '/v3/charges',
        chargeBody(request, request.cardToken, request.urls.callback),
      )
      const status = String(answer.status ?? '').toLowerCase()
      if (DECLINED_CHARGE.has(status)) {
        throw new ProviderError(
          answer.error ?? answer.message ?? 'NetPay declined the card.',
          'declined',
          status,
        )
      }
      const providerRef = answer.transactionTokenId
      if (!providerRef || (status !== 'success' && status !== 'review')) {
        throw new ProviderError(
          `NetPay answered the charge with "${status || 'nothing'}".`,
          'refused',
          status,
        )
      }
      if (status === 'review') {
        if (!answer.returnUrl) {
          throw new ProviderError(
            'NetPay asked for 3-D Secure without a page to send the customer to.',
            'refused',
          )
        }
        const reading: ProviderReading = {
          providerRef,
          status: 'pending',
          amountCents: answer.amount === undefined ? request.amountCents : toCents(answer.amount),
          currency: String(answer.currency ?? request.currency).toUpperCase(),
          providerStatus: 'review',
          raw: answer,
        }
        return { providerRef, redirectUrl: answer.returnUrl, reading }
      }
      // Paid: the amount and currency settle trusts come from NetPay's transaction, not our request.
      try {
        return { providerRef, reading: await read(providerRef) }
      } catch (error) {
        // The money is taken: an answer without the reference would lose it. The service reads later.
        if (error instanceof ProviderError) return { providerRef }
        throw error
      }
    },

    read: (providerRef: string) => read(providerRef),

    confirm,

    async finishThreeDs(providerRef: string): Promise<ProviderReading> {
      const first = await read(providerRef)
      if (first.providerStatus !== 'CHARGEABLE') return first
      try {
        await confirm(providerRef)
      } catch (error) {
        // A confirm NetPay refused (already confirmed by a second callback, or declined on the
        // way) leaves the transaction to say what happened; only a silent NetPay stops us here.
        if (!(error instanceof ProviderError) || error.kind === 'unreachable') throw error
      }
      return read(providerRef)
    },

    async refund(reading: ProviderReading, amountCents: number): Promise<RefundResult> {
      // POST /v3/transactions/{id}/refund takes no amount and gives back the whole charge
      // (docs.netpay.com.mx/reference/cancelar; lordmacu/netpay-magento2 Sdk/lib/Api/OrdersApi.php).
      if (amountCents !== reading.amountCents) {
        throw new ProviderError(
          'NetPay gives back only the whole charge; a partial refund goes to the money voucher.',
          'refused',
        )
      }
      const answer = await call<TransactionAnswer>(
        'POST',
        `/v3/transactions/${encodeURIComponent(reading.providerRef)}/refund`,
      )
      const word = String(answer.status ?? '').toLowerCase()
      return {
        refundRef: answer.transactionTokenId ?? reading.providerRef,
        status: REFUND_DONE.has(word) ? 'confirmed' : 'failed',
        amountCents: answer.amount === undefined ? amountCents : toCents(answer.amount),
        raw: answer,
      }
    },
  }
}
