// Redsys's HMAC_SHA256_V1 signature (docs/research: payments §1). The merchant's secret key is
// diversified per order number with 3DES, and that order key signs the base64 parameters string
// with HMAC-SHA256. Requests carry the signature in standard base64, notifications in base64url.
import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_VERSION = 'HMAC_SHA256_V1'

/** Redsys's parameters, keys as Redsys spells them (`DS_MERCHANT_AMOUNT`, `Ds_Response`). */
export type RedsysParameters = Record<string, string>

/**
 * The order key: the order number, zero-padded to a multiple of 8 bytes, encrypted with
 * 3DES-EDE3-CBC under the merchant key and an IV of zeros. No PKCS padding: with it Node adds a
 * block and every signature comes out wrong.
 */
export function orderKey(merchantKeyB64: string, order: string): Buffer {
  const key = Buffer.from(merchantKeyB64, 'base64')
  if (key.length !== 24) throw new Error('A Redsys merchant key is 24 bytes, given in base64')
  const plain = Buffer.from(order, 'utf8')
  const padded = Buffer.alloc(Math.max(8, Math.ceil(plain.length / 8) * 8))
  plain.copy(padded)
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8))
  cipher.setAutoPadding(false)
  return Buffer.concat([cipher.update(padded), cipher.final()])
}

function hmac(merchantKeyB64: string, order: string, signed: string): Buffer {
  return createHmac('sha256', orderKey(merchantKeyB64, order)).update(signed, 'utf8').digest()
}

/**
 * Signs the `Ds_MerchantParameters` string of a request for `order`, in standard base64. The
 * operations query web service signs its `<Version>` element the same way.
 */
export function signParameters(merchantKeyB64: string, order: string, merchantParameters: string): string {
  return hmac(merchantKeyB64, order, merchantParameters).toString('base64')
}

/** The same signature in base64url, as Redsys sends it in notifications. */
export function signNotification(merchantKeyB64: string, order: string, merchantParameters: string): string {
  return hmac(merchantKeyB64, order, merchantParameters).toString('base64url')
}

/** Base64 of the parameters' JSON: the `Ds_MerchantParameters` field. */
export function encodeParameters(parameters: RedsysParameters): string {
  return Buffer.from(JSON.stringify(parameters), 'utf8').toString('base64')
}

/** Reads a `Ds_MerchantParameters` field, base64 or base64url; throws on anything but a JSON object of strings. */
export function decodeParameters(merchantParameters: string): RedsysParameters {
  const json = Buffer.from(fromBase64Url(merchantParameters), 'base64').toString('utf8')
  const parsed: unknown = JSON.parse(json)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('Redsys parameters are not a JSON object')
  }
  const parameters: RedsysParameters = {}
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === 'string' || typeof value === 'number') parameters[name] = String(value)
  }
  return parameters
}

/**
 * One parameter whatever its case: requests use `DS_MERCHANT_ORDER`, notifications `Ds_Order`,
 * and Redsys accepts `Ds_Merchant_Order` too.
 */
export function parameterOf(parameters: RedsysParameters, name: string): string | undefined {
  if (parameters[name] !== undefined) return parameters[name]
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(parameters)) if (key.toLowerCase() === wanted) return value
  return undefined
}

/** The order number a signed message speaks of: `Ds_Order` in answers, `DS_MERCHANT_ORDER` in requests. */
export function orderOf(parameters: RedsysParameters): string | undefined {
  return parameterOf(parameters, 'Ds_Order') ?? parameterOf(parameters, 'DS_MERCHANT_ORDER')
}

/** Whether `signature` (base64 or base64url) signs `signed` for `order`, compared in constant time. */
export function verifySignature(
  merchantKeyB64: string,
  order: string,
  signed: string,
  signature: string,
): boolean {
  const expected = hmac(merchantKeyB64, order, signed)
  const given = Buffer.from(fromBase64Url(signature.trim()), 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Whether a notification or a REST answer is Redsys's: its signature, base64url or base64, over
 * the parameters string exactly as received (never re-encoded), with the key of the order the
 * parameters name. False for parameters that do not decode or name no order.
 */
export function verifyNotificationSignature(
  merchantKeyB64: string,
  merchantParameters: string,
  signature: string,
): boolean {
  let order: string | undefined
  try {
    order = orderOf(decodeParameters(merchantParameters))
  } catch {
    return false
  }
  return (
    order !== undefined &&
    order !== '' &&
    verifySignature(merchantKeyB64, order, merchantParameters, signature)
  )
}

function fromBase64Url(value: string): string {
  return value.replace(/-/g, '+').replace(/_/g, '/')
}
