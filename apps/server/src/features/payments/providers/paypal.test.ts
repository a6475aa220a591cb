import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ProviderError, type StartRequest } from '../provider.ts'
import { startPayPalFake, type PayPalFake } from '../fakes/paypal-fake.ts'
import { createPayPalProvider, toCents, toPayPalValue, type PayPalProvider } from './paypal.ts'

const credentials = { clientId: 'test-client', clientSecret: 'test-secret' }

let fake: PayPalFake
let apiBase: string
let close: () => Promise<void>
let paypal: PayPalProvider
let attempt = 0

beforeAll(async () => {
  ;({ fake, url: apiBase, close } = await startPayPalFake(credentials))
  paypal = createPayPalProvider({ ...credentials, apiBase })
})
afterAll(() => close())
beforeEach(() => {
  Object.assign(fake.switches, {
    decline: false,
    pending: false,
    tamper: false,
    unavailable: false,
    delayMs: 0,
  })
  fake.switches.authorizeIssue = undefined
  fake.requests.length = 0
})

function startRequest(overrides: Partial<StartRequest> = {}): StartRequest {
  attempt++
  return {
    paymentId: 500 + attempt,
    reference: `9${String(attempt).padStart(11, '0')}`,
    saleNumber: `W-2026-0${1000 + attempt}`,
    amountCents: 1234,
    currency: 'EUR',
    description: 'Padel court, 1 h',
    locale: 'en-US',
    customer: {
      id: 7,
      email: 'ana@example.com',
      name: 'Ana',
      surname: 'Soler',
      phone: '600000000',
      addressLine1: 'Carrer de la Brisa, 14',
      postalCode: '46011',
      city: 'València',
      town: 'València',
      country: 'ES',
    },
    urls: {
      ok: 'https://club.example/cz/ok',
      ko: 'https://club.example/cz/ko',
      notify: 'https://club.example/api/paypal/webhook',
    },
    idempotencyKey: `checkout-${attempt}`,
    ...overrides,
  }
}

/** An order the buyer approved in PayPal's window. */
async function approvedOrder(overrides: Partial<StartRequest> = {}) {
  const { orderId } = await paypal.start(startRequest(overrides))
  fake.approve(orderId!)
  return orderId!
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ProviderError)
      return error as ProviderError
    },
  )

describe('PayPal amounts', () => {
  it('writes minor units as PayPal decimals and reads them back without rounding', () => {
    expect(toPayPalValue(1234, 'EUR')).toBe('12.34')
    expect(toPayPalValue(5, 'EUR')).toBe('0.05')
    expect(toPayPalValue(1500, 'JPY')).toBe('1500')
    expect(toCents('12.3', 'EUR')).toBe(1230)
    expect(toCents('0.07', 'EUR')).toBe(7)
    expect(toCents('1500', 'JPY')).toBe(1500)
  })
})

describe('PayPal adapter against the fake', () => {
  it('creates an AUTHORIZE order with our references, the amount and the idempotency key', async () => {
    const request = startRequest()
    const result = await paypal.start(request)

    expect(result.orderId).toMatch(/^[A-Z0-9]{17}$/)
    expect(result.providerRef).toBe(result.orderId)
    const create = fake.requests.find((r) => r.path === '/v2/checkout/orders')
    expect(create?.requestId).toBe(request.idempotencyKey)
    expect(create?.body).toMatchObject({
      intent: 'AUTHORIZE',
      purchase_units: [
        {
          reference_id: request.reference,
          custom_id: String(request.paymentId),
          invoice_id: request.saleNumber,
          amount: { currency_code: 'EUR', value: '12.34' },
        },
      ],
    })
  })

  it('reads an order the buyer has not approved yet as pending', async () => {
    const { orderId } = await paypal.start(startRequest())
    const reading = await paypal.read(orderId!)
    expect(reading).toMatchObject({
      status: 'pending',
      providerStatus: 'CREATED',
      amountCents: 1234,
      currency: 'EUR',
    })
  })

  it('authorises an approved order once and reads it as confirmed, still to capture', async () => {
    const orderId = await approvedOrder()

    const reading = await paypal.read(orderId)
    const again = await paypal.read(orderId)

    expect(reading).toMatchObject({
      providerRef: orderId,
      status: 'confirmed',
      needsCapture: true,
      amountCents: 1234,
      currency: 'EUR',
      merchant: 'CLUBHOUSE0SANDBOX',
      providerStatus: 'CREATED',
    })
    expect(again.raw).toEqual(reading.raw)
    const authorizes = fake.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/authorize`)
    expect(authorizes).toHaveLength(1)
    expect(authorizes[0]?.requestId).toBe(`authorize-${orderId}`)
  })

  it('reads the authorization the browser names, when it is the order’s', async () => {
    const orderId = await approvedOrder()
    const { raw } = await paypal.read(orderId)
    const authorizationId = (raw as { authorizationId: string }).authorizationId

    const reading = await paypal.readAuthorization(orderId, authorizationId)
    expect(reading).toMatchObject({
      providerRef: orderId,
      status: 'confirmed',
      needsCapture: true,
      amountCents: 1234,
    })
  })

  it('refuses as tampered an authorization of another order', async () => {
    const ours = await approvedOrder()
    const theirs = await approvedOrder({ amountCents: 100 })
    await paypal.read(ours)
    const { raw } = await paypal.read(theirs)
    const theirAuthorization = (raw as { authorizationId: string }).authorizationId

    const error = await rejection(paypal.readAuthorization(ours, theirAuthorization))
    expect(error.kind).toBe('tampered')
  })

  it('refuses as tampered an authorization PayPal ties to another order for another amount', async () => {
    fake.switches.tamper = true
    const orderId = await approvedOrder()

    expect((await rejection(paypal.read(orderId))).kind).toBe('tampered')
  })

  it('captures the authorization once, however often the capture is asked with one key', async () => {
    const orderId = await approvedOrder()
    const reading = await paypal.read(orderId)

    const captured = await paypal.capture(reading, 1234, `capture-${orderId}`)
    const retried = await paypal.capture(reading, 1234, `capture-${orderId}`)

    expect(captured).toMatchObject({
      status: 'confirmed',
      needsCapture: false,
      amountCents: 1234,
      providerStatus: 'COMPLETED',
    })
    expect(retried.raw).toEqual(captured.raw)
    expect(await paypal.read(orderId)).toMatchObject({ status: 'confirmed', providerStatus: 'CAPTURED' })
    expect((await paypal.read(orderId)).needsCapture).toBeUndefined()
  })

  it('reads a denied authorization as failed', async () => {
    fake.switches.decline = true
    const orderId = await approvedOrder()
    expect(await paypal.read(orderId)).toMatchObject({ status: 'failed', providerStatus: 'DENIED' })
  })

  it('turns an authorization refused with INSTRUMENT_DECLINED into a decline the customer can see', async () => {
    fake.switches.authorizeIssue = 'INSTRUMENT_DECLINED'
    const orderId = await approvedOrder()
    const error = await rejection(paypal.read(orderId))
    expect(error).toMatchObject({ kind: 'declined', providerCode: 'INSTRUMENT_DECLINED' })
  })

  it('reads an authorization under review as pending, then as PayPal decides', async () => {
    fake.switches.pending = true
    const orderId = await approvedOrder()
    const pending = await paypal.read(orderId)
    expect(pending).toMatchObject({
      status: 'pending',
      providerStatus: 'PENDING',
      raw: { reason: 'PENDING_REVIEW' },
    })

    fake.review((pending.raw as { authorizationId: string }).authorizationId, 'CREATED')
    expect(await paypal.read(orderId)).toMatchObject({ status: 'confirmed', needsCapture: true })
  })

  it('gives one order for one idempotency key, and another for another key', async () => {
    const request = startRequest()
    const first = await paypal.start(request)
    const retried = await paypal.start(request)
    const other = await paypal.start({ ...request, idempotencyKey: `${request.idempotencyKey}-again` })

    expect(retried.orderId).toBe(first.orderId)
    expect(other.orderId).not.toBe(first.orderId)
  })

  it('refunds part of a captured payment, and refuses more than is left', async () => {
    const orderId = await approvedOrder()
    const captured = await paypal.capture(await paypal.read(orderId), 1234, `capture-${orderId}`)

    const refund = await paypal.refund(captured, 500, `refund-${orderId}-1`)
    expect(refund).toMatchObject({ status: 'confirmed', amountCents: 500 })
    expect(refund.refundRef).toMatch(/^[A-Z0-9]{17}$/)

    const error = await rejection(paypal.refund(captured, 800, `refund-${orderId}-2`))
    expect(error).toMatchObject({ kind: 'refused', providerCode: 'REFUND_AMOUNT_EXCEEDED' })
  })

  it('voids an authorization that will not be captured', async () => {
    const orderId = await approvedOrder()
    await paypal.void(await paypal.read(orderId), `void-${orderId}`)
    expect(await paypal.read(orderId)).toMatchObject({ status: 'cancelled', providerStatus: 'VOIDED' })
  })

  it('gives back an uncaptured authorization in full by voiding it, and refuses a part of it', async () => {
    const orderId = await approvedOrder()
    const reading = await paypal.read(orderId)

    expect((await rejection(paypal.refund(reading, 200, `refund-${orderId}-part`))).kind).toBe('refused')
    expect(await paypal.refund(reading, 1234, `refund-${orderId}`)).toMatchObject({
      status: 'confirmed',
      amountCents: 1234,
    })
    expect(await paypal.read(orderId)).toMatchObject({ status: 'cancelled', providerStatus: 'VOIDED' })
  })

  it('says unreachable while PayPal answers 5xx, and works again once it is back', async () => {
    const fresh = createPayPalProvider({ ...credentials, apiBase })
    fake.switches.unavailable = true
    expect((await rejection(fresh.start(startRequest()))).kind).toBe('unreachable')

    fake.switches.unavailable = false
    expect((await fresh.start(startRequest())).orderId).toBeTruthy()
  })

  it('says unreachable when nothing listens at the API base', async () => {
    const nowhere = createPayPalProvider({ ...credentials, apiBase: 'http://127.0.0.1:9' })
    expect((await rejection(nowhere.start(startRequest()))).kind).toBe('unreachable')
  })

  it('says unreachable when PayPal answers later than the timeout', async () => {
    const impatient = createPayPalProvider({ ...credentials, apiBase, timeoutMs: 100 })
    fake.switches.delayMs = 400
    expect((await rejection(impatient.start(startRequest()))).kind).toBe('unreachable')
  })

  it('says refused when PayPal does not know our credentials', async () => {
    const wrong = createPayPalProvider({ ...credentials, clientSecret: 'wrong', apiBase })
    const error = await rejection(wrong.start(startRequest()))
    expect(error.kind).toBe('refused')
  })
})
