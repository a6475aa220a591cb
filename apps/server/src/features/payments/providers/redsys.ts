// Redsys (TPV Virtual) adapters: the redirect payment of method 1 and the card on file of method 15
// (decision 068). Both sign with the merchant's key (redsys-signature.ts) and name an attempt by
// our reference, which Redsys calls the order (DS_MERCHANT_ORDER / Ds_Order).
//
// - Redirect: the browser posts a signed form to /sis/realizarPago; Redsys notifies MERCHANTURL
//   server-to-server with the signed outcome, which settles the payment.
// - Card on file ("referencia"): the browser gets a one-time idOper for the card from Redsys's
//   tokeniser (InSite); the server pre-authorises it over REST (type 1), asking Redsys to keep the
//   card (DS_MERCHANT_IDENTIFIER=REQUIRED), and confirms (type 2) or cancels (type 9) later. A kept
//   card pays with its token, without the customer (DS_MERCHANT_DIRECTPAYMENT, EXCEP_SCA=MIT).
// - read(): Redsys's REST interface has no status read. Its operations query is a SOAP web service,
//   `consultaOperaciones` at /apl02/services/SerClsWSConsulta, signed like the rest with the order
//   key over the `<Version>` element (Metadrop/redsys-query-php; juspay/hyperswitch uses it to sync
//   Redsys payments). Its answer is not signed: it is believed because we asked Redsys over TLS.
import {
  ProviderError,
  type IncomingNotification,
  type PaymentProvider,
  type ProviderReading,
  type ProviderStatus,
  type RefundResult,
  type SavedCard,
  type StartRequest,
  type StartResult,
  type VerifiedNotification,
} from '../provider.ts'
import {
  SIGNATURE_VERSION,
  decodeParameters,
  encodeParameters,
  orderOf,
  parameterOf,
  signParameters,
  verifyNotificationSignature,
  type RedsysParameters,
} from './redsys-signature.ts'
import { QUERY_NOTHING_FOUND, QUERY_PATH, parseQueryAnswer, queryRequest } from './redsys-query.ts'

export interface RedsysConfig {
  /** The merchant's FUC (`999008881` on Redsys's test host). */
  merchantCode: string
  terminal: string
  /** The terminal's SHA-256 key as the bank gives it, base64 (24 bytes). */
  secretKeyB64: string
  /** ISO 4217 numeric code of the terminal's currency; `978` (euro) when left out. */
  currencyNumeric?: string
  /** `https://sis-t.redsys.es:25443` (test), `https://sis.redsys.es` (live), or the sandbox fake. */
  baseUrl: string
  fetch?: typeof fetch
  /** How long a REST or query call may take before the outcome counts as unknown; 30 s. */
  timeoutMs?: number
}

/** DS_MERCHANT_TRANSACTIONTYPE values this adapter sends. */
export const TransactionType = {
  authorise: '0',
  preauthorise: '1',
  confirm: '2',
  refund: '3',
  cancel: '9',
} as const

const CURRENCY_CODES: Record<string, string> = { '978': 'EUR', '840': 'USD', '826': 'GBP' }
const LANGUAGES: Record<string, string> = { es: '001', en: '002', ca: '003', fr: '004', de: '005' }
const CARD_BRANDS: Record<string, string> = {
  '1': 'Visa',
  '2': 'Mastercard',
  '8': 'American Express',
  '9': 'JCB',
}
/** Card data that never goes into `raw`, the audit copy of an answer. */
const CARD_FIELDS = /^ds_(merchant_)?(card_number|expirydate|pan|cvv2|identifier|idoper)$/i

/**
 * What a `Ds_Response` says: 0000–0099 authorised (a payment or a pre-authorisation), 0900 a
 * refund or confirmation done, 0400 a cancellation done, 9915 the customer cancelled on Redsys's
 * page, anything else denied. No code yet (a query while the customer pays) is pending.
 */
export function statusOfResponse(dsResponse: string | undefined): ProviderStatus {
  if (dsResponse === undefined || dsResponse === '') return 'pending'
  if (!/^\d{1,4}$/.test(dsResponse)) return 'failed'
  const code = Number(dsResponse)
  if (code <= 99 || code === 900) return 'confirmed'
  if (code === 400 || code === 9915) return 'cancelled'
  return 'failed'
}

/** Our reading of a signed notification, a REST answer or a query answer. */
export function readingOfParameters(parameters: RedsysParameters): ProviderReading {
  const p = (name: string) => parameterOf(parameters, name)
  const dsResponse = p('Ds_Response') ?? ''
  const status = statusOfResponse(dsResponse)
  const numericCurrency = p('Ds_Currency') ?? ''
  const raw = Object.fromEntries(Object.entries(parameters).filter(([name]) => !CARD_FIELDS.test(name)))
  const reading: ProviderReading = {
    providerRef: orderOf(parameters) ?? '',
    status,
    amountCents: Number.parseInt(p('Ds_Amount') ?? '0', 10) || 0,
    currency: CURRENCY_CODES[numericCurrency] ?? numericCurrency,
    providerStatus: dsResponse,
    raw,
  }
  const merchant = p('Ds_MerchantCode')
  if (merchant) reading.merchant = merchant
  if (status === 'confirmed' && p('Ds_TransactionType') === TransactionType.preauthorise)
    reading.needsCapture = true
  const savedCard = savedCardOf(parameters)
  if (savedCard && status === 'confirmed') reading.savedCard = savedCard
  return reading
}

function savedCardOf(parameters: RedsysParameters): SavedCard | undefined {
  const token = parameterOf(parameters, 'Ds_Merchant_Identifier')
  if (!token || token === 'REQUIRED') return undefined
  const card: SavedCard = { token, lastDigits: (parameterOf(parameters, 'Ds_Card_Number') ?? '').slice(-4) }
  const brand = CARD_BRANDS[parameterOf(parameters, 'Ds_Card_Brand') ?? '']
  if (brand) card.brand = brand
  const yymm = parameterOf(parameters, 'Ds_ExpiryDate') ?? ''
  if (/^\d{4}$/.test(yymm)) card.expiry = `${yymm.slice(2)}/${yymm.slice(0, 2)}`
  return card
}

/** The consumer language code of Redsys's page for a locale (`en-US` → `002`), Spanish by default. */
export function consumerLanguage(locale: string): string {
  return LANGUAGES[locale.slice(0, 2).toLowerCase()] ?? '001'
}

function createRedsysClient(config: RedsysConfig) {
  const doFetch = config.fetch ?? fetch
  const base = config.baseUrl.replace(/\/+$/, '')
  const currencyNumeric = config.currencyNumeric ?? '978'
  const timeoutMs = config.timeoutMs ?? 30_000

  function currencyFor(alphabetic: string): string {
    if (CURRENCY_CODES[currencyNumeric] !== alphabetic.toUpperCase()) {
      throw new ProviderError(`The Redsys terminal takes ${currencyNumeric}, not ${alphabetic}`, 'refused')
    }
    return currencyNumeric
  }

  function operation(order: string, amountCents: number, currency: string, type: string): RedsysParameters {
    return {
      DS_MERCHANT_AMOUNT: String(amountCents),
      DS_MERCHANT_ORDER: order,
      DS_MERCHANT_MERCHANTCODE: config.merchantCode,
      DS_MERCHANT_CURRENCY: currencyFor(currency),
      DS_MERCHANT_TRANSACTIONTYPE: type,
      DS_MERCHANT_TERMINAL: config.terminal,
    }
  }

  function signed(parameters: RedsysParameters) {
    const merchantParameters = encodeParameters(parameters)
    const order = parameters.DS_MERCHANT_ORDER ?? ''
    return {
      Ds_SignatureVersion: SIGNATURE_VERSION,
      Ds_MerchantParameters: merchantParameters,
      Ds_Signature: signParameters(config.secretKeyB64, order, merchantParameters),
    }
  }

  /** The hidden form the browser posts to Redsys's payment page. */
  function redirect(request: StartRequest, type: string): StartResult {
    const parameters: RedsysParameters = {
      ...operation(request.reference, request.amountCents, request.currency, type),
      DS_MERCHANT_MERCHANTURL: request.urls.notify,
      DS_MERCHANT_URLOK: request.urls.ok,
      DS_MERCHANT_URLKO: request.urls.ko,
      DS_MERCHANT_CONSUMERLANGUAGE: consumerLanguage(request.locale),
      DS_MERCHANT_PRODUCTDESCRIPTION: request.description.slice(0, 125),
      DS_MERCHANT_TITULAR: `${request.customer.name} ${request.customer.surname}`.trim().slice(0, 60),
      ...(request.saveCard ? firstCardOnFile() : {}),
    }
    return {
      providerRef: request.reference,
      form: { url: `${base}/sis/realizarPago`, fields: signed(parameters) },
    }
  }

  async function post(
    path: string,
    init: { body: string; headers: Record<string, string> },
  ): Promise<string> {
    let response: Response
    let text: string
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      throw new ProviderError(`Redsys did not answer: ${(error as Error).message}`, 'unreachable')
    }
    if (response.status >= 500) throw new ProviderError(`Redsys answered ${response.status}`, 'unreachable')
    if (!response.ok) throw new ProviderError(`Redsys refused the request (${response.status})`, 'refused')
    return text
  }

  /**
   * One REST operation (trataPeticionREST): the signed answer's parameters. Redsys's own errors
   * (`{ errorCode: 'SIS0051' }`) are `refused`; an answer whose signature or order does not hold
   * is `tampered`; a denied Ds_Response is `declined`.
   */
  async function rest(parameters: RedsysParameters): Promise<RedsysParameters> {
    const text = await post('/sis/rest/trataPeticionREST', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signed(parameters)),
    })
    let answer: Record<string, unknown>
    try {
      answer = JSON.parse(text) as Record<string, unknown>
    } catch {
      throw new ProviderError('Redsys answered something that is not JSON', 'unreachable')
    }
    if (typeof answer.errorCode === 'string') {
      throw new ProviderError(
        `Redsys refused the operation: ${answer.errorCode}`,
        'refused',
        answer.errorCode,
      )
    }
    const merchantParameters = String(answer.Ds_MerchantParameters ?? '')
    if (
      !verifyNotificationSignature(config.secretKeyB64, merchantParameters, String(answer.Ds_Signature ?? ''))
    ) {
      throw new ProviderError("Redsys's answer is not signed with our key", 'tampered')
    }
    const answered = decodeParameters(merchantParameters)
    if (orderOf(answered) !== parameters.DS_MERCHANT_ORDER) {
      throw new ProviderError("Redsys's answer speaks of another order", 'tampered')
    }
    const dsResponse = parameterOf(answered, 'Ds_Response')
    if (statusOfResponse(dsResponse) === 'failed') {
      throw new ProviderError(`Redsys denied the operation (${dsResponse})`, 'declined', dsResponse)
    }
    return answered
  }

  /** The operations query (SOAP consultaOperaciones): the answer's fields, or undefined when Redsys has none. */
  async function query(order: string, type: string): Promise<RedsysParameters | undefined> {
    const text = await post(QUERY_PATH, {
      headers: { 'content-type': 'text/xml;charset=utf-8', soapaction: 'consultaOperaciones' },
      body: queryRequest(config, order, type),
    })
    const answer = parseQueryAnswer(text)
    if (answer.errorCode === QUERY_NOTHING_FOUND) return undefined
    if (answer.errorCode) {
      throw new ProviderError(`Redsys refused the query: ${answer.errorCode}`, 'refused', answer.errorCode)
    }
    return answer.fields
  }

  /**
   * Reads an order: the first of `types` Redsys has confirmed or cancelled, else what it says of the
   * last one (the attempt itself), else pending: nothing was paid for that order yet.
   */
  async function read(order: string, types: string[]): Promise<ProviderReading> {
    let last: RedsysParameters | undefined
    for (const type of types) {
      last = await query(order, type)
      const reading = last && readingOfParameters(last)
      if (reading && (reading.status === 'confirmed' || reading.status === 'cancelled')) return reading
    }
    if (last) return readingOfParameters(last)
    const currency = CURRENCY_CODES[currencyNumeric] ?? currencyNumeric
    return { ...readingOfParameters({}), providerRef: order, status: 'pending', currency }
  }

  function verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification> {
    const {
      Ds_SignatureVersion: version,
      Ds_MerchantParameters: merchantParameters,
      Ds_Signature: signature,
    } = incoming.fields
    if (version !== SIGNATURE_VERSION || !merchantParameters || !signature) {
      return Promise.reject(new ProviderError('Not a Redsys notification', 'tampered'))
    }
    if (!verifyNotificationSignature(config.secretKeyB64, merchantParameters, signature)) {
      return Promise.reject(
        new ProviderError('The Redsys notification is not signed with our key', 'tampered'),
      )
    }
    const reading = readingOfParameters(decodeParameters(merchantParameters))
    return Promise.resolve({ providerRef: reading.providerRef, reference: reading.providerRef, reading })
  }

  async function refund(reading: ProviderReading, amountCents: number): Promise<RefundResult> {
    const answer = await rest(
      operation(reading.providerRef, amountCents, reading.currency, TransactionType.refund),
    )
    const done = readingOfParameters(answer)
    const authorisation = parameterOf(answer, 'Ds_AuthorisationCode')
    return {
      refundRef: authorisation ? `${reading.providerRef}/${authorisation}` : reading.providerRef,
      status: done.status === 'confirmed' ? 'confirmed' : 'failed',
      amountCents: done.amountCents,
      raw: done.raw,
    }
  }

  return { operation, redirect, rest, read, verifyNotification, refund }
}

/** The parameters that ask Redsys to keep the card: a first, customer-initiated credential on file. */
function firstCardOnFile(): RedsysParameters {
  return { DS_MERCHANT_IDENTIFIER: 'REQUIRED', DS_MERCHANT_COF_INI: 'S', DS_MERCHANT_COF_TYPE: 'C' }
}

/**
 * Method 1: Redsys's payment page. Settles from the signed notification; `read` asks the operations
 * query. Redsys keeps no idempotency key: a retried refund is a second refund, so the payments
 * service sends each refund once.
 */
export function createRedsysProvider(config: RedsysConfig): PaymentProvider {
  const client = createRedsysClient(config)
  return {
    methodId: 1,
    name: 'redsys',
    start: (request) => Promise.resolve(client.redirect(request, TransactionType.authorise)),
    read: (providerRef) => client.read(providerRef, [TransactionType.authorise]),
    verifyNotification: client.verifyNotification,
    refund: (reading, amountCents) => client.refund(reading, amountCents),
  }
}

/**
 * Method 15: a card kept by Redsys. Every payment is a pre-authorisation (type 1) that `capture`
 * confirms (type 2) or `void` cancels (type 9). `start` charges over REST when the browser brought
 * an idOper (`cardToken`) or the customer chose a kept card (`savedCardToken`), and otherwise sends
 * the browser to Redsys's page for a pre-authorisation.
 */
export function createRedsysCardProvider(config: RedsysConfig): PaymentProvider {
  const client = createRedsysClient(config)

  async function preauthorise(request: StartRequest): Promise<StartResult> {
    const parameters = client.operation(
      request.reference,
      request.amountCents,
      request.currency,
      TransactionType.preauthorise,
    )
    if (request.savedCardToken) {
      Object.assign(parameters, {
        DS_MERCHANT_IDENTIFIER: request.savedCardToken,
        DS_MERCHANT_DIRECTPAYMENT: 'true',
        DS_MERCHANT_EXCEP_SCA: 'MIT',
      })
    } else {
      parameters.DS_MERCHANT_IDOPER = request.cardToken ?? ''
      if (request.saveCard) Object.assign(parameters, firstCardOnFile())
    }
    return { providerRef: request.reference, reading: readingOfParameters(await client.rest(parameters)) }
  }

  return {
    methodId: 15,
    name: 'card',
    start: (request) =>
      request.cardToken || request.savedCardToken
        ? preauthorise(request)
        : Promise.resolve(client.redirect(request, TransactionType.preauthorise)),
    // A cancellation or confirmation says more than the pre-authorisation they follow.
    read: (providerRef) =>
      client.read(providerRef, [
        TransactionType.cancel,
        TransactionType.confirm,
        TransactionType.preauthorise,
      ]),
    verifyNotification: client.verifyNotification,
    async capture(reading, amountCents) {
      const answer = await client.rest(
        client.operation(reading.providerRef, amountCents, reading.currency, TransactionType.confirm),
      )
      return { ...readingOfParameters(answer), savedCard: reading.savedCard, needsCapture: false }
    },
    async void(reading) {
      await client.rest(
        client.operation(reading.providerRef, reading.amountCents, reading.currency, TransactionType.cancel),
      )
    },
    refund: (reading, amountCents) => client.refund(reading, amountCents),
  }
}
