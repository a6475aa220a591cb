import { createHmac } from 'node:crypto'
import { createServer } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake.ts'
import { ProviderError, type PaymentProvider, type StartRequest } from '../provider.ts'
import { createStripeProvider } from './stripe.ts'

const SECRET_KEY = 'sk_test_51ClubhouseSandboxKey'
const PUBLISHABLE_KEY = 'pk_test_51ClubhouseSandboxKey'
const WEBHOOK_SECRET = 'whsec_clubhouse_test_secret'

let counter = 0
function startRequest(overrides: Partial<StartRequest> = {}): StartRequest {
  counter++
  return {
    paymentId: counter,
    reference: `0001W${String(counter).padStart(7, '0')}`,
    saleNumber: `W-2026-0${1000 + counter}`,
    amountCents: 1500,
    currency: 'EUR',
    description: 'Padel court, 1 h',
    locale: 'es-ES',
    customer: {
      id: 7,
      email: 'ana@example.com',
      name: 'Ana',
      surname: 'García',
      phone: '600000000',
      addressLine1: 'Calle Mayor 1',
      postalCode: '28001',
      city: 'Madrid',
      town: 'Madrid',
      country: 'ES',
    },
    urls: { ok: 'https://club.test/cz/ok', ko: 'https://club.test/cz/ko', notify: 'https://club.test/hook' },
    idempotencyKey: `attempt-${counter}-${Date.now()}`,
    ...overrides,
  }
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ProviderError)
  return error as ProviderError
}

describe('the Stripe adapter against the fake', () => {
  let server: Awaited<ReturnType<typeof startStripeFake>>
  let fake: StripeFake
  let stripe: PaymentProvider

  beforeAll(async () => {
    // Under the sandbox's prefix, so the adapter's path prefix is exercised too.
    server = await startStripeFake(
      { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET },
      { prefix: '/sandbox/stripe' },
    )
    fake = server.fake
    stripe = createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: server.url,
      maxNetworkRetries: 0,
    })
  })
  afterAll(() => server.close())
  afterEach(() => {
    Object.assign(fake.options, { decline: false, require3ds: false, processing: false, apiError: false })
  })

  /** What Stripe.js does with the Payment Element's card: confirm with the publishable key and the client secret. */
  async function confirmAsBrowser(intentId: string, clientSecret: string, card: string, action = 'confirm') {
    const body = new URLSearchParams({
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card,
      outcome: 'pass',
    })
    const response = await fetch(`${server.url}/v1/payment_intents/${intentId}/${action}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PUBLISHABLE_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    })
    return {
      status: response.status,
      body: (await response.json()) as { status?: string; error: Record<string, unknown> },
    }
  }

  it('starts an intent the browser confirms, then reads it confirmed', async () => {
    const request = startRequest()
    const started = await stripe.start(request)

    expect(started.providerRef).toMatch(/^pi_/)
    expect(started.clientSecret).toMatch(new RegExp(`^${started.providerRef}_secret_`))
    expect(started.publicKey).toBe(PUBLISHABLE_KEY)
    const created = fake.requests.findLast(
      (r) => r.method === 'POST' && r.path.endsWith('/v1/payment_intents'),
    )
    expect(created?.headers['idempotency-key']).toBe(request.idempotencyKey)
    expect(created?.body).toMatchObject({
      amount: '1500',
      currency: 'eur',
      automatic_payment_methods: { enabled: 'true' },
      metadata: {
        paymentId: String(request.paymentId),
        reference: request.reference,
        saleNumber: request.saleNumber,
      },
      description: 'Padel court, 1 h',
    })
    expect(await stripe.read(started.providerRef)).toMatchObject({ status: 'pending', amountCents: 1500 })

    const confirmed = await confirmAsBrowser(
      started.providerRef,
      started.clientSecret!,
      '4242 4242 4242 4242',
    )
    expect(confirmed.body.status).toBe('succeeded')

    const reading = await stripe.read(started.providerRef)
    expect(reading).toMatchObject({
      providerRef: started.providerRef,
      status: 'confirmed',
      amountCents: 1500,
      currency: 'EUR',
      providerStatus: 'succeeded',
    })
    expect(JSON.stringify(reading.raw)).not.toContain('secret')
  })

  it('lets the browser confirm only with the intent’s own client secret', async () => {
    const started = await stripe.start(startRequest())
    const other = await stripe.start(startRequest())

    const refused = await confirmAsBrowser(started.providerRef, other.clientSecret!, '4242424242424242')

    expect(refused.status).toBe(400)
    expect(refused.body.error.param).toBe('client_secret')
    expect((await stripe.read(started.providerRef)).status).toBe('pending')
  })

  it('reads a declined card as failed, with the decline code', async () => {
    const started = await stripe.start(startRequest())

    const declined = await confirmAsBrowser(started.providerRef, started.clientSecret!, '4000000000000002')

    expect(declined.status).toBe(402)
    expect(declined.body.error).toMatchObject({ type: 'card_error', message: 'Your card was declined.' })
    expect(await stripe.read(started.providerRef)).toMatchObject({
      status: 'failed',
      providerStatus: 'requires_payment_method:generic_decline',
    })
  })

  it('reads 3-D Secure as pending until the cardholder authenticates', async () => {
    const started = await stripe.start(startRequest())

    const asked = await confirmAsBrowser(started.providerRef, started.clientSecret!, '4000 0027 6000 3184')
    expect(asked.body.status).toBe('requires_action')
    expect(await stripe.read(started.providerRef)).toMatchObject({
      status: 'pending',
      providerStatus: 'requires_action',
    })

    await confirmAsBrowser(started.providerRef, started.clientSecret!, '', 'authenticate')
    expect(await stripe.read(started.providerRef)).toMatchObject({ status: 'confirmed', amountCents: 1500 })
  })

  it('reads a processing payment as pending until it succeeds', async () => {
    fake.options.processing = true
    const started = await stripe.start(startRequest())
    await confirmAsBrowser(started.providerRef, started.clientSecret!, '4242424242424242')

    expect(await stripe.read(started.providerRef)).toMatchObject({
      status: 'pending',
      providerStatus: 'processing',
    })
    fake.finishProcessing(started.providerRef)
    expect(await stripe.read(started.providerRef)).toMatchObject({ status: 'confirmed' })
  })

  it('makes one intent of two starts with the same idempotency key', async () => {
    const request = startRequest()
    const before = fake.intents().length

    const first = await stripe.start(request)
    const second = await stripe.start(request)

    expect(second.providerRef).toBe(first.providerRef)
    expect(fake.intents().length).toBe(before + 1)
    const reused = await rejection(stripe.start({ ...request, amountCents: 2500 }))
    expect(reused.kind).toBe('refused')
  })

  it('gives back part of a payment, and refuses more than is left', async () => {
    const started = await stripe.start(startRequest())
    await confirmAsBrowser(started.providerRef, started.clientSecret!, '4242424242424242')
    const reading = await stripe.read(started.providerRef)

    const refund = await stripe.refund(reading, 500, `refund-${started.providerRef}`)

    expect(refund).toMatchObject({ status: 'confirmed', amountCents: 500 })
    expect(refund.refundRef).toMatch(/^re_/)
    const again = await stripe.refund(reading, 500, `refund-${started.providerRef}`)
    expect(again.refundRef).toBe(refund.refundRef)
    const tooMuch = await rejection(stripe.refund(reading, 1001, `refund-2-${started.providerRef}`))
    expect(tooMuch.kind).toBe('refused')
    expect(fake.events.filter((e) => e.type === 'charge.refunded')).toHaveLength(1)
  })

  it('voids an attempt nobody paid', async () => {
    const started = await stripe.start(startRequest())

    await stripe.void!(await stripe.read(started.providerRef), `void-${started.providerRef}`)

    expect(await stripe.read(started.providerRef)).toMatchObject({
      status: 'cancelled',
      providerStatus: 'canceled',
    })
  })

  it('calls Stripe unreachable on a 5xx, and refused on a wrong key', async () => {
    fake.options.apiError = true
    expect((await rejection(stripe.start(startRequest()))).kind).toBe('unreachable')
    fake.options.apiError = false

    const wrongKey = createStripeProvider({
      secretKey: 'sk_test_wrong',
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: server.url,
      maxNetworkRetries: 0,
    })
    expect((await rejection(wrongKey.read('pi_whatever'))).kind).toBe('refused')
  })

  it('calls a closed port unreachable', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as { port: number }
    await new Promise((resolve) => probe.close(resolve))
    const nowhere = createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: `http://127.0.0.1:${port}`,
      maxNetworkRetries: 0,
    })

    const error = await rejection(nowhere.start(startRequest()))

    expect(error.kind).toBe('unreachable')
  })
})

describe('Stripe webhook signatures', () => {
  const NOW = Date.UTC(2026, 0, 15, 10, 0, 0)
  const nowSeconds = Math.floor(NOW / 1000)
  const stripe = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    now: () => NOW,
  })
  const event = (type: string, object: object) =>
    JSON.stringify({ id: 'evt_1Nabc', object: 'event', type, created: nowSeconds, data: { object } }, null, 2)
  const succeeded = event('payment_intent.succeeded', {
    id: 'pi_123',
    object: 'payment_intent',
    amount: 1500,
  })
  const sign = (body: string, t = nowSeconds, secret = WEBHOOK_SECRET) =>
    createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
  const incoming = (body: string, header?: string) => ({
    headers: header === undefined ? {} : { 'stripe-signature': header },
    rawBody: Buffer.from(body),
    fields: {},
  })
  const tampered = async (body: string, header?: string) =>
    expect((await rejection(stripe.verifyNotification!(incoming(body, header)))).kind).toBe('tampered')

  it('names the intent and the event of a well signed webhook', async () => {
    const verified = await stripe.verifyNotification!(
      incoming(succeeded, `t=${nowSeconds},v1=${sign(succeeded)}`),
    )
    expect(verified).toEqual({ providerRef: 'pi_123', eventId: 'evt_1Nabc' })
  })

  it('names the refunded charge’s intent', async () => {
    const body = event('charge.refunded', { id: 'ch_9', object: 'charge', payment_intent: 'pi_77' })
    const verified = await stripe.verifyNotification!(incoming(body, `t=${nowSeconds},v1=${sign(body)}`))
    expect(verified.providerRef).toBe('pi_77')
  })

  it('accepts a header with several v1 signatures when one is right', async () => {
    const wrong = sign(succeeded, nowSeconds, 'whsec_rotated_away')
    const header = `t=${nowSeconds},v1=${wrong},v1=${sign(succeeded)},v0=abc`
    expect((await stripe.verifyNotification!(incoming(succeeded, header))).providerRef).toBe('pi_123')
  })

  it('refuses a signature older than five minutes', async () => {
    const t = nowSeconds - 301
    await tampered(succeeded, `t=${t},v1=${sign(succeeded, t)}`)
    const recent = nowSeconds - 299
    await expect(
      stripe.verifyNotification!(incoming(succeeded, `t=${recent},v1=${sign(succeeded, recent)}`)),
    ).resolves.toBeTruthy()
  })

  it('refuses a signature from more than five minutes in the future', async () => {
    const t = nowSeconds + 301
    await tampered(succeeded, `t=${t},v1=${sign(succeeded, t)}`)
  })

  it('refuses a signature made with another secret', async () => {
    await tampered(succeeded, `t=${nowSeconds},v1=${sign(succeeded, nowSeconds, 'whsec_someone_else')}`)
  })

  it('refuses a webhook without a signature header', async () => {
    await tampered(succeeded)
    await tampered(succeeded, '')
  })

  it('refuses a body altered after signing', async () => {
    const header = `t=${nowSeconds},v1=${sign(succeeded)}`
    await tampered(succeeded.replace('"amount": 1500', '"amount": 15'), header)
  })

  it('says which genuine events it does not settle on', async () => {
    const body = event('customer.created', { id: 'cus_1', object: 'customer' })
    const error = await rejection(
      stripe.verifyNotification!(incoming(body, `t=${nowSeconds},v1=${sign(body)}`)),
    )
    expect(error).toMatchObject({ kind: 'refused', providerCode: 'customer.created' })
  })
})
