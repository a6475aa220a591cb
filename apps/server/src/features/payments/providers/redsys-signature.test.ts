import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  decodeParameters,
  encodeParameters,
  orderKey,
  signNotification,
  signParameters,
  verifyNotificationSignature,
  verifySignature,
} from './redsys-signature.ts'

interface Vectors {
  orderKeys: { key: string; order: string; orderKey: string }[]
  signatures: { kind: string; key: string; order: string; merchantParameters: string; signature: string }[]
  testMerchant: { merchantCode: string; terminal: string; key: string }
}

// The published vectors live in the `shared` folder beside the repository (CI lays it at ../shared).
const vectors = JSON.parse(
  readFileSync(new URL('../../../../../../../shared/testdata/redsys-vectors.json', import.meta.url), 'utf8'),
) as Vectors

// The vector of node-redsys-api's tests (docs/research: payments §1).
const NODE_REDSYS = {
  key: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev',
  order: '1',
  parameters: {
    DS_MERCHANT_AMOUNT: '145',
    DS_MERCHANT_ORDER: '1',
    DS_MERCHANT_MERCHANTCODE: '999008881',
    DS_MERCHANT_CURRENCY: '978',
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_TERMINAL: '871',
    DS_MERCHANT_MERCHANTURL: '',
    DS_MERCHANT_URLOK: '',
    DS_MERCHANT_URLKO: '',
  },
  signature: '3TEI5WyvHf1D/whByt1ENgFH/HPIP9UFuB6LkCYgj+E=',
}

const notifications = vectors.signatures.filter((v) => v.kind.startsWith('notification'))
const requests = vectors.signatures.filter((v) => !v.kind.startsWith('notification'))

describe('orderKey', () => {
  it.each(vectors.orderKeys)('diversifies the key for order $order', ({ key, order, orderKey: expected }) => {
    expect(orderKey(key, order).toString('base64')).toBe(expected)
  })

  it('refuses a key that is not 24 bytes', () => {
    expect(() => orderKey(Buffer.alloc(16).toString('base64'), '1234')).toThrow(/24 bytes/)
  })
})

describe('signParameters', () => {
  it.each(vectors.signatures)('signs the published $kind for order $order', (v) => {
    const base64 = signParameters(v.key, v.order, v.merchantParameters)
    expect(Buffer.from(base64, 'base64').equals(Buffer.from(v.signature, 'base64url'))).toBe(true)
  })

  it.each(requests)('gives requests the signature in standard base64 ($kind)', (v) => {
    expect(signParameters(v.key, v.order, v.merchantParameters)).toBe(v.signature)
  })

  it("signs node-redsys-api's request, its parameters encoded by encodeParameters", () => {
    const encoded = encodeParameters(NODE_REDSYS.parameters)
    expect(signParameters(NODE_REDSYS.key, NODE_REDSYS.order, encoded)).toBe(NODE_REDSYS.signature)
  })
})

describe('verifyNotificationSignature', () => {
  it.each(vectors.signatures)('accepts the published $kind', (v) => {
    expect(verifyNotificationSignature(v.key, v.merchantParameters, v.signature)).toBe(true)
  })

  it.each(notifications)('accepts the signature of the $kind in base64url and in base64', (v) => {
    const url = signNotification(v.key, v.order, v.merchantParameters)
    const standard = signParameters(v.key, v.order, v.merchantParameters)
    expect(url).not.toMatch(/[+/]/)
    expect(verifyNotificationSignature(v.key, v.merchantParameters, url)).toBe(true)
    expect(verifyNotificationSignature(v.key, v.merchantParameters, standard)).toBe(true)
  })

  it.each(notifications)('accepts parameters sent in base64url, signed as received ($kind)', (v) => {
    const urlParameters = Buffer.from(v.merchantParameters, 'base64').toString('base64url')
    const signature = signNotification(v.key, v.order, urlParameters)
    expect(verifyNotificationSignature(v.key, urlParameters, signature)).toBe(true)
    expect(decodeParameters(urlParameters)).toEqual(decodeParameters(v.merchantParameters))
  })

  it.each(notifications)('refuses tampered parameters ($kind)', (v) => {
    const parameters = decodeParameters(v.merchantParameters)
    const tampered = encodeParameters({ ...parameters, Ds_Amount: '1' })
    expect(verifyNotificationSignature(v.key, tampered, v.signature)).toBe(false)
  })

  it('refuses parameters re-encoded with the same content (the signature is over the string received)', () => {
    const v = notifications[0]!
    const sameContent = JSON.stringify(decodeParameters(v.merchantParameters), null, 1)
    const reencoded = Buffer.from(sameContent).toString('base64')
    expect(decodeParameters(reencoded)).toEqual(decodeParameters(v.merchantParameters))
    expect(verifyNotificationSignature(v.key, reencoded, v.signature)).toBe(false)
  })

  it('refuses the signature of another order', () => {
    const v = notifications[0]!
    const forOther = signNotification(v.key, '9999other', v.merchantParameters)
    expect(verifyNotificationSignature(v.key, v.merchantParameters, forOther)).toBe(false)
    expect(verifySignature(v.key, '9999other', v.merchantParameters, v.signature)).toBe(false)
  })

  it('refuses a signature made with another key', () => {
    const v = notifications.find((n) => n.key === vectors.testMerchant.key)!
    expect(verifyNotificationSignature(NODE_REDSYS.key, v.merchantParameters, v.signature)).toBe(false)
  })

  it('refuses an empty, truncated or undecodable message', () => {
    const v = notifications[0]!
    expect(verifyNotificationSignature(v.key, v.merchantParameters, '')).toBe(false)
    expect(verifyNotificationSignature(v.key, v.merchantParameters, v.signature.slice(0, 20))).toBe(false)
    expect(verifyNotificationSignature(v.key, 'not base64 json', v.signature)).toBe(false)
    expect(verifyNotificationSignature(v.key, encodeParameters({ Ds_Response: '0000' }), v.signature)).toBe(
      false,
    )
  })
})

describe('decodeParameters', () => {
  it('reads a notification as Redsys sent it', () => {
    const v = notifications.find((n) => n.order === '0069')!
    expect(decodeParameters(v.merchantParameters)).toMatchObject({
      Ds_Order: '0069',
      Ds_Amount: '145',
      Ds_Currency: '978',
      Ds_Response: '0000',
    })
  })

  it('round-trips what encodeParameters wrote', () => {
    expect(decodeParameters(encodeParameters(NODE_REDSYS.parameters))).toEqual(NODE_REDSYS.parameters)
  })

  it('refuses what is not a JSON object', () => {
    expect(() => decodeParameters(Buffer.from('[1]').toString('base64'))).toThrow()
  })
})
