// What the Redsys fake does with a REST operation or an operations query, apart from HTTP: it checks
// the request as Redsys does (signature, merchant, order, the operation it follows) and answers with
// Redsys's codes (SIS0xxx for a refused request, a Ds_Response for an operation).
import { randomBytes, randomInt } from 'node:crypto'
import {
  decodeParameters,
  parameterOf,
  SIGNATURE_VERSION,
  verifySignature,
  type RedsysParameters,
} from '../providers/redsys-signature.ts'
import { escapeXml, QUERY_NOTHING_FOUND } from '../providers/redsys-query.ts'

export interface RedsysFakeMerchant {
  merchantCode: string
  terminal: string
  secretKeyB64: string
  name?: string
}

/** Switches a test flips to make the fake misbehave as Redsys or the network may. */
export interface RedsysFakeControl {
  /** Deny every payment with Ds_Response 0190. */
  decline?: boolean
  /** The payment page asks for the 3-D Secure code (CIP 123456) after Pay. */
  require3ds?: boolean
  /** Wait this long before each notification and each REST or query answer. */
  delayMs?: number
  /** Send each notification twice. */
  duplicate?: boolean
  /** After a notification of a payment made, send a late one saying it was denied. */
  reorder?: boolean
  /** Corrupt the signature of notifications and REST answers. */
  tamper?: boolean
  /** `false`: never notify the merchant. */
  notify?: boolean
}

/** What the fake keeps of a card: never its number. */
export interface Card {
  lastDigits: string
  /** The first six digits, for the masked number Redsys shows (`454881******0004`). */
  bin: string
  expiryYymm: string
  /** Redsys's Ds_Card_Brand: 1 Visa, 2 Mastercard. */
  brand: string
}

export interface FakeLedger {
  /** `merchant|order` numbers already used for a payment or pre-authorisation. */
  orders: Set<string>
  /** `merchant|order|type` → the answer Redsys gave. */
  operations: Map<string, RedsysParameters>
  /** One-time card tokens from the tokeniser, with the order they were made for (when told). */
  idOpers: Map<string, Card & { merchantCode: string; order: string }>
  /** Kept cards (Ds_Merchant_Identifier) by token. */
  references: Map<string, Card & { merchantCode: string }>
  /** `merchant|order` → cents refunded so far. */
  refunded: Map<string, number>
}

export interface OperationsContext {
  merchantOf(code: string | undefined, terminal: string | undefined): RedsysFakeMerchant | undefined
  ledger: FakeLedger
  control: RedsysFakeControl
  record(parameters: Record<string, string>): void
}

export const ORDER_NUMBER = /^\d{4}[A-Za-z0-9]{0,8}$/
const CARD_DATA = /^ds_merchant_(pan|cvv2|expirydate)$/i

/** A card's visible part, or undefined when the number fails Luhn's check or the expiry is past. */
export function cardOf(cardNumber: string, expiry: string, now = new Date()): Card | undefined {
  const digits = cardNumber.replace(/[\s-]/g, '')
  const date = /^(\d{2})\/?(\d{2})$/.exec(expiry.trim())
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits) || !date) return undefined
  const [, month = '', year = ''] = date
  const endOfValidity = new Date(2000 + Number(year), Number(month), 1)
  if (Number(month) < 1 || Number(month) > 12 || endOfValidity <= now) return undefined
  const brand = digits.startsWith('4') ? '1' : /^5[1-5]/.test(digits) ? '2' : '0'
  return { lastDigits: digits.slice(-4), bin: digits.slice(0, 6), expiryYymm: `${year}${month}`, brand }
}

export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

const isDone = (answer: RedsysParameters | undefined) => {
  const code = Number(answer?.Ds_Response ?? 'NaN')
  return code <= 99 || code === 900
}

/** The fields Redsys sends back for an operation, kept in the ledger for the query. */
export function outcome(
  merchant: RedsysFakeMerchant,
  request: RedsysParameters,
  dsResponse: string,
  ledger: FakeLedger,
  extra: { secure?: boolean; card?: Card | undefined } = {},
): RedsysParameters {
  const p = (name: string) => parameterOf(request, name) ?? ''
  const now = new Date()
  const two = (n: number) => String(n).padStart(2, '0')
  const order = p('DS_MERCHANT_ORDER')
  const type = p('DS_MERCHANT_TRANSACTIONTYPE')
  const answer: RedsysParameters = {
    Ds_Date: encodeURIComponent(`${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()}`),
    Ds_Hour: encodeURIComponent(`${two(now.getHours())}:${two(now.getMinutes())}`),
    Ds_SecurePayment: extra.secure ? '1' : '0',
    Ds_Amount: p('DS_MERCHANT_AMOUNT'),
    Ds_Currency: p('DS_MERCHANT_CURRENCY'),
    Ds_Order: order,
    Ds_MerchantCode: merchant.merchantCode,
    Ds_Terminal: merchant.terminal.padStart(3, '0'),
    Ds_Response: dsResponse,
    Ds_MerchantData: p('DS_MERCHANT_MERCHANTDATA'),
    Ds_TransactionType: type,
    Ds_ConsumerLanguage: String(Number(p('DS_MERCHANT_CONSUMERLANGUAGE') || '1')),
    Ds_AuthorisationCode: isDone({ Ds_Response: dsResponse }) ? String(randomInt(100000, 999999)) : '',
  }
  const card = extra.card
  if (card) Object.assign(answer, { Ds_Card_Country: '724', Ds_Card_Brand: card.brand })
  const identifier = p('DS_MERCHANT_IDENTIFIER')
  if (card && identifier && isDone(answer)) {
    const token = identifier === 'REQUIRED' ? randomBytes(20).toString('hex') : identifier
    if (identifier === 'REQUIRED')
      ledger.references.set(token, { ...card, merchantCode: merchant.merchantCode })
    Object.assign(answer, {
      Ds_Merchant_Identifier: token,
      Ds_Card_Number: `${card.bin}******${card.lastDigits}`,
      Ds_ExpiryDate: card.expiryYymm,
    })
  }
  ledger.operations.set(`${merchant.merchantCode}|${order}|${type}`, answer)
  return answer
}

type RestAnswer = { errorCode: string } | { merchant: RedsysFakeMerchant; parameters: RedsysParameters }

/** One trataPeticionREST request: Redsys's error code, or the answer to sign. */
export function handleRest(body: Record<string, string>, context: OperationsContext): RestAnswer {
  const { ledger, control } = context
  let request: RedsysParameters
  try {
    request = decodeParameters(body.Ds_MerchantParameters ?? '')
  } catch {
    return { errorCode: 'SIS0007' }
  }
  context.record(Object.fromEntries(Object.entries(request).filter(([name]) => !CARD_DATA.test(name))))
  const p = (name: string) => parameterOf(request, name) ?? ''
  const merchant = context.merchantOf(p('DS_MERCHANT_MERCHANTCODE'), p('DS_MERCHANT_TERMINAL'))
  if (!merchant) return { errorCode: 'SIS0026' }
  const order = p('DS_MERCHANT_ORDER')
  const signatureHolds =
    body.Ds_SignatureVersion === SIGNATURE_VERSION &&
    verifySignature(merchant.secretKeyB64, order, body.Ds_MerchantParameters ?? '', body.Ds_Signature ?? '')
  if (!signatureHolds) return { errorCode: 'SIS0042' }
  if (!ORDER_NUMBER.test(order)) return { errorCode: 'SIS0075' }
  if (!/^\d+$/.test(p('DS_MERCHANT_AMOUNT'))) return { errorCode: 'SIS0019' }
  const amount = Number(p('DS_MERCHANT_AMOUNT'))
  const orderKey = `${merchant.merchantCode}|${order}`
  const previous = (type: string) => ledger.operations.get(`${orderKey}|${type}`)
  const answer = (dsResponse: string, card?: Card) => ({
    merchant,
    parameters: outcome(merchant, request, dsResponse, ledger, { card }),
  })

  switch (p('DS_MERCHANT_TRANSACTIONTYPE')) {
    case '0':
    case '1': {
      if (ledger.orders.has(orderKey)) return { errorCode: 'SIS0051' }
      // The sandbox takes no card numbers from servers: only tokens (idOper, a kept card).
      if (p('DS_MERCHANT_PAN')) return { errorCode: 'SIS0252' }
      const idOper = p('DS_MERCHANT_IDOPER')
      const identifier = p('DS_MERCHANT_IDENTIFIER')
      let card: Card | undefined
      if (idOper) {
        const tokenised = ledger.idOpers.get(idOper)
        ledger.idOpers.delete(idOper)
        const fits =
          tokenised &&
          (!tokenised.merchantCode || tokenised.merchantCode === merchant.merchantCode) &&
          (!tokenised.order || tokenised.order === order)
        if (fits) card = tokenised
      } else if (identifier && identifier !== 'REQUIRED') {
        const kept = ledger.references.get(identifier)
        if (kept?.merchantCode === merchant.merchantCode) card = kept
      }
      // The fake's code for a card it cannot find (an idOper used or unknown, an unknown reference).
      if (!card) return { errorCode: 'SIS0093' }
      ledger.orders.add(orderKey)
      return answer(control.decline ? '0190' : '0000', card)
    }
    case '2': {
      const preauthorisation = previous('1')
      if (!preauthorisation) return { errorCode: 'SIS0059' }
      if (previous('2')) return { errorCode: 'SIS0060' }
      if (!isDone(preauthorisation) || previous('9')) return { errorCode: 'SIS0061' }
      if (amount > Number(preauthorisation.Ds_Amount)) return { errorCode: 'SIS0062' }
      return answer('0900')
    }
    case '9': {
      const preauthorisation = previous('1')
      if (!preauthorisation) return { errorCode: 'SIS0225' }
      if (previous('9')) return { errorCode: 'SIS0222' }
      if (!isDone(preauthorisation)) return { errorCode: 'SIS0223' }
      if (previous('2')) return { errorCode: 'SIS0072' }
      return answer('0400')
    }
    case '3': {
      const paid = [previous('0'), previous('2')].find(isDone)
      if (!paid) return { errorCode: 'SIS0054' }
      const refunded = ledger.refunded.get(orderKey) ?? 0
      if (amount + refunded > Number(paid.Ds_Amount)) return { errorCode: 'SIS0057' }
      ledger.refunded.set(orderKey, refunded + amount)
      return answer('0900')
    }
    default:
      return { errorCode: 'SIS0023' }
  }
}

const QUERY_FIELDS = [
  'Ds_Order',
  'Ds_TransactionType',
  'Ds_Amount',
  'Ds_Currency',
  'Ds_SecurePayment',
  'Ds_Response',
  'Ds_MerchantCode',
  'Ds_Terminal',
  'Ds_Date',
  'Ds_Hour',
  'Ds_AuthorisationCode',
]

/** One consultaOperaciones request (SOAP): the SOAP answer, a Response or an ErrorMsg. */
export function handleQuery(soap: string, context: Omit<OperationsContext, 'control'>): string {
  const version = /<Version[\s\S]*?<\/Version>/.exec(soap)?.[0] ?? ''
  const signature = /<Signature>([^<]*)<\/Signature>/.exec(soap)?.[1] ?? ''
  const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(version)?.[1] ?? ''
  const asked = {
    Ds_MerchantCode: field('Ds_MerchantCode'),
    Ds_Terminal: field('Ds_Terminal'),
    Ds_Order: field('Ds_Order'),
    Ds_TransactionType: field('Ds_TransactionType'),
  }
  context.record(asked)
  const merchant = context.merchantOf(asked.Ds_MerchantCode, asked.Ds_Terminal)
  let message: string
  if (!merchant) message = errorMessage('SIS0026')
  else if (!verifySignature(merchant.secretKeyB64, asked.Ds_Order, version, signature))
    message = errorMessage('SIS0042')
  else {
    const found = context.ledger.operations.get(
      `${merchant.merchantCode}|${asked.Ds_Order}|${asked.Ds_TransactionType}`,
    )
    message = found
      ? `<Response Ds_Version="0.0">${QUERY_FIELDS.map((name) => `<${name}>${escapeXml(found[name] ?? '')}</${name}>`).join('')}<Ds_State>F</Ds_State></Response>`
      : errorMessage(QUERY_NOTHING_FOUND)
  }
  const inner = `<Messages><Version Ds_Version="0.0"><Message>${message}</Message></Version></Messages>`
  return (
    '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">' +
    '<soapenv:Body><p259:consultaOperacionesResponse xmlns:p259="http://webservices.apl02.redsys.es">' +
    `<consultaOperacionesReturn>${escapeXml(inner)}</consultaOperacionesReturn>` +
    '</p259:consultaOperacionesResponse></soapenv:Body></soapenv:Envelope>'
  )
}

function errorMessage(code: string): string {
  return `<ErrorMsg><Ds_ErrorCode>${code}</Ds_ErrorCode></ErrorMsg>`
}
