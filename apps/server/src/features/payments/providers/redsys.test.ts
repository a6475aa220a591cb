import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { redsysFake, REDSYS_TEST_MERCHANT, type RedsysFake } from '../fakes/redsys-fake.ts'
import { ProviderError, type IncomingNotification, type StartRequest, type StartResult } from '../provider.ts'
import { createRedsysCardProvider, createRedsysProvider, type RedsysConfig } from './redsys.ts'
import { decodeParameters } from './redsys-signature.ts'

const TEST_CARD = { cardNumber: '4548 8120 4940 0004', expiry: '12/49', cvv: '123' }

let fake: RedsysFake
let redsysHost: FastifyInstance
let shop: FastifyInstance
let baseUrl: string
let shopUrl: string
const received: IncomingNotification[] = []
let config: RedsysConfig
let orders = 0

beforeAll(async () => {
  fake = redsysFake()
  redsysHost = Fastify()
  await redsysHost.register(fake, { prefix: '/sandbox/redsys' })
  baseUrl = `${await redsysHost.listen({ port: 0, host: '127.0.0.1' })}/sandbox/redsys`

  // The shop's notification route, keeping the body exactly as it came.
  shop = Fastify()
  shop.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  )
  shop.post('/notify/redsys', async (request) => {
    const rawBody = request.body as Buffer
    received.push({
      headers: request.headers,
      rawBody,
      fields: Object.fromEntries(new URLSearchParams(rawBody.toString('utf8'))),
    })
    return 'OK'
  })
  shopUrl = await shop.listen({ port: 0, host: '127.0.0.1' })
  config = {
    merchantCode: '999008881',
    terminal: '1',
    secretKeyB64: REDSYS_TEST_MERCHANT.secretKeyB64,
    baseUrl,
  }
})

afterEach(() => {
  for (const key of Object.keys(fake.control)) delete fake.control[key as keyof typeof fake.control]
  received.length = 0
})

afterAll(async () => {
  await Promise.all([redsysHost.close(), shop.close()])
})

function attempt(overrides: Partial<StartRequest> = {}): StartRequest {
  orders += 1
  return {
    paymentId: orders,
    reference: `2026${String(orders).padStart(4, '0')}W`,
    saleNumber: `W-2026-${String(orders).padStart(5, '0')}`,
    amountCents: 2350,
    currency: 'EUR',
    description: 'Pádel, pista 3, 18:00',
    locale: 'en-GB',
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
    urls: { ok: `${shopUrl}/cz/ok`, ko: `${shopUrl}/cz/ko`, notify: `${shopUrl}/notify/redsys` },
    idempotencyKey: `key-${orders}`,
    ...overrides,
  }
}

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })

/** What a browser does with the form: posts it, then answers the test page (and the CIP page). */
async function payOnTestPage(start: StartResult, action: 'pay' | 'decline' | 'cancel', cip?: string) {
  const pageResponse = await post(start.form!.url, start.form!.fields)
  const page = await pageResponse.text()
  const session = /name="session" value="([^"]+)"/.exec(page)?.[1] ?? ''
  const target = new URL(/<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '', start.form!.url).href
  let answer = await post(target, { session, action, ...TEST_CARD })
  let challenge: string | undefined
  if (cip !== undefined) {
    challenge = await answer.text()
    answer = await post(target, { session, action: 'pay', cip })
  }
  return { pageStatus: pageResponse.status, page, challenge, answer }
}

async function expectProviderError(promise: Promise<unknown>, kind: ProviderError['kind'], code?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ProviderError)
  expect((error as ProviderError).kind).toBe(kind)
  if (code) expect((error as ProviderError).providerCode).toBe(code)
}

describe('Redsys redirect (method 1)', () => {
  it('signs a form for the payment page with our reference, amount, URLs and language', async () => {
    const request = attempt()
    const start = await createRedsysProvider(config).start(request)
    expect(start.providerRef).toBe(request.reference)
    expect(start.form!.url).toBe(`${baseUrl}/sis/realizarPago`)
    expect(start.form!.fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1')
    expect(decodeParameters(start.form!.fields.Ds_MerchantParameters!)).toMatchObject({
      DS_MERCHANT_AMOUNT: '2350',
      DS_MERCHANT_ORDER: request.reference,
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTURL: request.urls.notify,
      DS_MERCHANT_URLOK: request.urls.ok,
      DS_MERCHANT_URLKO: request.urls.ko,
      DS_MERCHANT_CONSUMERLANGUAGE: '002',
    })
  })

  it('takes the payment on the test page, and the signed notification confirms amount, currency and merchant', async () => {
    const provider = createRedsysProvider(config)
    const request = attempt()
    const { page, answer } = await payOnTestPage(await provider.start(request), 'pay')

    expect(page).toContain('Sandbox — no real money moves')
    expect(page).toContain('23,50 EUR')
    expect(page).toContain(request.reference)
    expect(page).toContain('value="4548 8120 4940 0004"')
    // An icon of its own, as on Redsys's host: the browser asks the site that mounts the fake for none.
    expect(page).toContain('<link rel="icon" href="data:,">')
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(request.urls.ok)
    expect(received).toHaveLength(1)

    const verified = await provider.verifyNotification!(received[0]!)
    expect(verified).toMatchObject({ providerRef: request.reference, reference: request.reference })
    expect(verified.reading).toMatchObject({
      status: 'confirmed',
      amountCents: 2350,
      currency: 'EUR',
      merchant: '999008881',
      providerStatus: '0000',
    })
    expect(verified.reading!.needsCapture).toBeUndefined()
    expect(await provider.read(request.reference)).toMatchObject({ status: 'confirmed', amountCents: 2350 })
  })

  it('reads a declined payment as failed and sends the customer to the KO page', async () => {
    const provider = createRedsysProvider(config)
    const request = attempt()
    const { answer } = await payOnTestPage(await provider.start(request), 'decline')
    expect(answer.headers.get('location')).toBe(request.urls.ko)
    const { reading } = await provider.verifyNotification!(received[0]!)
    expect(reading).toMatchObject({ status: 'failed', providerStatus: '0190' })

    fake.control.decline = true
    await payOnTestPage(await provider.start(attempt()), 'pay')
    expect((await provider.verifyNotification!(received[1]!)).reading?.status).toBe('failed')
  })

  it('reads a payment the customer cancelled on the page as cancelled', async () => {
    const provider = createRedsysProvider(config)
    await payOnTestPage(await provider.start(attempt()), 'cancel')
    expect((await provider.verifyNotification!(received[0]!)).reading).toMatchObject({
      status: 'cancelled',
      providerStatus: '9915',
    })
  })

  it('asks for the 3-D Secure code and confirms only with the right one', async () => {
    fake.control.require3ds = true
    const provider = createRedsysProvider(config)
    const right = await payOnTestPage(await provider.start(attempt()), 'pay', '123456')
    expect(right.challenge).toContain('CIP')
    expect(right.challenge).toContain('Sandbox — no real money moves')
    const { reading } = await provider.verifyNotification!(received[0]!)
    expect(reading).toMatchObject({ status: 'confirmed', raw: { Ds_SecurePayment: '1' } })

    const wrong = await payOnTestPage(await provider.start(attempt()), 'pay', '000000')
    expect(wrong.answer.status).toBe(303)
    expect((await provider.verifyNotification!(received[1]!)).reading).toMatchObject({
      status: 'failed',
      providerStatus: '0184',
    })
  })

  it('refuses a notification whose signature or parameters do not hold as tampered', async () => {
    const provider = createRedsysProvider(config)
    fake.control.tamper = true
    await payOnTestPage(await provider.start(attempt()), 'pay')
    await expectProviderError(provider.verifyNotification!(received[0]!), 'tampered')

    fake.control.tamper = false
    await payOnTestPage(await provider.start(attempt()), 'pay')
    const genuine = received[1]!
    const parameters = decodeParameters(genuine.fields.Ds_MerchantParameters!)
    const forged = Buffer.from(JSON.stringify({ ...parameters, Ds_Amount: '1' })).toString('base64url')
    const altered = { ...genuine, fields: { ...genuine.fields, Ds_MerchantParameters: forged } }
    await expectProviderError(provider.verifyNotification!(altered), 'tampered')
    await expectProviderError(provider.verifyNotification!({ ...genuine, fields: {} }), 'tampered')
    // A notification signed for another merchant's key.
    const other = createRedsysProvider({ ...config, secretKeyB64: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev' })
    await expectProviderError(other.verifyNotification!(genuine), 'tampered')
  })

  it('delivers a duplicate notification and a late KO after the OK, each verifiable', async () => {
    const provider = createRedsysProvider(config)
    fake.control.duplicate = true
    await payOnTestPage(await provider.start(attempt()), 'pay')
    expect(received).toHaveLength(2)
    const [first, second] = await Promise.all(received.map((n) => provider.verifyNotification!(n)))
    expect(first!.reading).toEqual(second!.reading)

    received.length = 0
    fake.control.duplicate = false
    fake.control.reorder = true
    const request = attempt()
    await payOnTestPage(await provider.start(request), 'pay')
    expect(received).toHaveLength(2)
    const statuses = await Promise.all(
      received.map(async (n) => (await provider.verifyNotification!(n)).reading?.status),
    )
    expect(statuses).toEqual(['confirmed', 'failed'])
    // The query still says what Redsys did.
    expect((await provider.read(request.reference)).status).toBe('confirmed')
  })

  it('reads the outcome from Redsys when no notification arrives, pending before the customer pays', async () => {
    const provider = createRedsysProvider(config)
    fake.control.notify = false
    const request = attempt()
    const start = await provider.start(request)
    expect(await provider.read(request.reference)).toMatchObject({ status: 'pending', currency: 'EUR' })
    await payOnTestPage(start, 'pay')
    expect(received).toHaveLength(0)
    expect(await provider.read(request.reference)).toMatchObject({ status: 'confirmed', amountCents: 2350 })
  })

  it('refuses a reused order number on the payment page (SIS0051)', async () => {
    const start = await createRedsysProvider(config).start(attempt())
    await post(start.form!.url, start.form!.fields)
    const again = await post(start.form!.url, start.form!.fields)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('SIS0051')
  })

  it('refunds a payment in parts, and refuses to refund more than was paid', async () => {
    const provider = createRedsysProvider(config)
    await payOnTestPage(await provider.start(attempt()), 'pay')
    const { reading } = await provider.verifyNotification!(received[0]!)
    const refund = await provider.refund(reading!, 1000, 'refund-1')
    expect(refund).toMatchObject({ status: 'confirmed', amountCents: 1000 })
    expect(refund.refundRef).toContain(reading!.providerRef)
    await expectProviderError(provider.refund(reading!, 1351, 'refund-2'), 'refused', 'SIS0057')
    expect(fake.requests.filter((r) => r.route === 'rest').at(-1)?.parameters).toMatchObject({
      DS_MERCHANT_TRANSACTIONTYPE: '3',
      DS_MERCHANT_ORDER: reading!.providerRef,
    })
  })

  it('says unreachable when Redsys does not answer, answers late or fails', async () => {
    const closed = Fastify()
    const closedUrl = await closed.listen({ port: 0, host: '127.0.0.1' })
    await closed.close()
    await expectProviderError(
      createRedsysProvider({ ...config, baseUrl: closedUrl }).read('20260001'),
      'unreachable',
    )

    fake.control.delayMs = 300
    await expectProviderError(
      createRedsysProvider({ ...config, timeoutMs: 50 }).read('20260001'),
      'unreachable',
    )

    const failing: typeof fetch = () => Promise.resolve(new Response('busy', { status: 503 }))
    const reading = {
      providerRef: '20260001',
      status: 'confirmed',
      amountCents: 1,
      currency: 'EUR',
      providerStatus: '0000',
      raw: {},
    } as const
    await expectProviderError(
      createRedsysProvider({ ...config, fetch: failing }).refund(reading, 1, 'k'),
      'unreachable',
    )
  })

  it('says refused when our key is wrong: Redsys answers SIS0042', async () => {
    const wrongKey = createRedsysProvider({ ...config, secretKeyB64: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev' })
    const reading = {
      providerRef: '20269999',
      status: 'confirmed',
      amountCents: 1,
      currency: 'EUR',
      providerStatus: '0000',
      raw: {},
    } as const
    await expectProviderError(wrongKey.refund(reading, 1, 'k'), 'refused', 'SIS0042')
  })
})

describe('Redsys card on file (method 15)', () => {
  async function tokenise(order: string, card = TEST_CARD) {
    const response = await fetch(`${baseUrl}/sis/rest/insite/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://club.example' },
      body: JSON.stringify({ merchantCode: '999008881', terminal: '1', order, ...card }),
    })
    return {
      status: response.status,
      cors: response.headers.get('access-control-allow-origin'),
      body: (await response.json()) as { idOper?: string },
    }
  }

  it('pre-authorises a tokenised card, keeps it, captures, then pays again with the token and voids', async () => {
    const card = createRedsysCardProvider(config)
    const first = attempt({ saveCard: true })
    const token = await tokenise(first.reference)
    expect(token).toMatchObject({ status: 200, cors: '*' })

    const started = await card.start({ ...first, cardToken: token.body.idOper! })
    expect(fake.requests.filter((r) => r.route === 'rest').at(-1)?.parameters).toMatchObject({
      DS_MERCHANT_TRANSACTIONTYPE: '1',
      DS_MERCHANT_IDOPER: token.body.idOper,
      DS_MERCHANT_IDENTIFIER: 'REQUIRED',
    })
    const preauthorised = started.reading!
    expect(preauthorised).toMatchObject({
      status: 'confirmed',
      needsCapture: true,
      amountCents: 2350,
      currency: 'EUR',
    })
    expect(preauthorised.savedCard).toMatchObject({ lastDigits: '0004', expiry: '12/49', brand: 'Visa' })
    expect(JSON.stringify(preauthorised.raw)).not.toContain(preauthorised.savedCard!.token)

    const captured = await card.capture!(preauthorised, 2350, 'capture-1')
    expect(captured).toMatchObject({ status: 'confirmed', needsCapture: false, providerStatus: '0900' })
    expect(await card.read(first.reference)).toMatchObject({ status: 'confirmed', providerStatus: '0900' })

    const second = attempt({ savedCardToken: preauthorised.savedCard!.token })
    const again = await card.start(second)
    expect(fake.requests.filter((r) => r.route === 'rest').at(-1)?.parameters).toMatchObject({
      DS_MERCHANT_IDENTIFIER: preauthorised.savedCard!.token,
      DS_MERCHANT_DIRECTPAYMENT: 'true',
      DS_MERCHANT_EXCEP_SCA: 'MIT',
    })
    expect(again.reading).toMatchObject({ status: 'confirmed', needsCapture: true })
    await card.void!(again.reading!, 'void-1')
    expect(await card.read(second.reference)).toMatchObject({ status: 'cancelled', providerStatus: '0400' })
    await expectProviderError(card.capture!(again.reading!, 2350, 'capture-2'), 'refused', 'SIS0061')
  })

  it('never records the card number, and refuses a number that fails the check digit', async () => {
    await tokenise(attempt().reference)
    expect(JSON.stringify(fake.requests)).not.toMatch(/4548\s?8120\s?4940\s?0004/)
    const bad = await tokenise(attempt().reference, { ...TEST_CARD, cardNumber: '4548 8120 4940 0005' })
    expect(bad.status).toBe(400)
  })

  it('refuses an idOper used twice, and declines when the bank says no', async () => {
    const card = createRedsysCardProvider(config)
    const first = attempt()
    const { body } = await tokenise(first.reference)
    await card.start({ ...first, cardToken: body.idOper! })
    const second = attempt()
    await expectProviderError(card.start({ ...second, cardToken: body.idOper! }), 'refused', 'SIS0093')

    fake.control.decline = true
    const third = attempt()
    const fresh = await tokenise(third.reference)
    await expectProviderError(card.start({ ...third, cardToken: fresh.body.idOper! }), 'declined', '0190')
  })

  it('sends the browser to the payment page for a pre-authorisation when it brings no token', async () => {
    const card = createRedsysCardProvider(config)
    const request = attempt({ saveCard: true })
    const start = await card.start(request)
    expect(decodeParameters(start.form!.fields.Ds_MerchantParameters!)).toMatchObject({
      DS_MERCHANT_TRANSACTIONTYPE: '1',
      DS_MERCHANT_IDENTIFIER: 'REQUIRED',
    })
    await payOnTestPage(start, 'pay')
    const { reading } = await card.verifyNotification!(received[0]!)
    expect(reading).toMatchObject({
      status: 'confirmed',
      needsCapture: true,
      savedCard: { lastDigits: '0004' },
    })
  })

  it('serves the stand-in tokeniser script and answers the browser preflight', async () => {
    const script = await (await fetch(`${baseUrl}/sis/NC/sandbox/redsysV3.js`)).text()
    expect(script).toContain('redsysSandbox')
    expect(script).toContain(`${baseUrl}/sis/rest/insite/token`)
    const preflight = await fetch(`${baseUrl}/sis/rest/insite/token`, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })
})
