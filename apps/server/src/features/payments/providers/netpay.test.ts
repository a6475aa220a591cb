import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { NETPAY_TEST_CARDS, startNetPayFake, type NetPayFake } from '../fakes/netpay-fake.ts'
import { ProviderError, type StartRequest } from '../provider.ts'
import { createNetPayProvider, type NetPayProvider } from './netpay.ts'

const SECRET = 'sk_netpay_test_secret'
const PUBLIC = 'pk_netpay_test_public'
const CALLBACK = 'https://club.example/netpay-callback/41'

let url: string
let fake: NetPayFake
let close: () => Promise<void>
let netpay: NetPayProvider
let attempt = 0

beforeAll(async () => {
  ;({ url, fake, close } = await startNetPayFake({ secretKey: SECRET, publicKey: PUBLIC }))
  netpay = createNetPayProvider({ secretKey: SECRET, publicKey: PUBLIC, apiBase: url, prodMode: false })
})
afterAll(() => close())
beforeEach(() => fake.reset())

const expiryYear = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')

/** What NetpayJS does in the browser: the card to the tokeniser with the public key. */
async function tokenise(cardNumber: string, key = PUBLIC) {
  const response = await fetch(`${url}/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: key },
    body: JSON.stringify({ cardNumber, expMonth: '12', expYear: expiryYear, cvv2: '123' }),
  })
  return { status: response.status, body: (await response.json()) as { token?: string; message?: string } }
}

async function tokenFor(cardNumber: string) {
  const { body } = await tokenise(cardNumber)
  if (!body.token) throw new Error(`no token: ${body.message}`)
  return body.token
}

function request(cardToken: string | undefined, amountCents = 1250): StartRequest {
  attempt += 1
  return {
    paymentId: 41,
    reference: `1001NP${String(attempt).padStart(6, '0')}`,
    saleNumber: 'W-2026-01008',
    amountCents,
    currency: 'MXN',
    description: 'Pádel court, 1 h',
    locale: 'es-ES',
    customer: {
      id: 7,
      email: 'ana@example.com',
      name: 'Ana',
      surname: 'Ruiz',
      phone: '+52 55 1234 5678',
      addressLine1: 'Av. Reforma 1',
      postalCode: '06600',
      city: 'Ciudad de México',
      town: 'CDMX',
      country: 'MX',
    },
    urls: {
      ok: 'https://club.example/cz/ok',
      ko: 'https://club.example/cz/ko',
      notify: '',
      callback: CALLBACK,
    },
    idempotencyKey: `idem-${attempt}`,
    cardToken,
  }
}

/** A person on the 3-D Secure page: opens it, presses a button, follows the redirect's address. */
async function passThreeDs(redirectUrl: string, outcome: 'authenticate' | 'fail') {
  const page = await fetch(redirectUrl)
  const html = await page.text()
  expect(html).toContain('NetPay sandbox — no real money moves')
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error('no form on the 3-D Secure page')
  const response = await fetch(new URL(action, redirectUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location') ?? '')
}

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ProviderError)
  return error as ProviderError
}

describe('NetPay adapter against the fake', () => {
  it('charges a tokenised card and reads it confirmed, with the amount from NetPay', async () => {
    const result = await netpay.start(request(await tokenFor(NETPAY_TEST_CARDS.success)))
    expect(result.redirectUrl).toBeUndefined()
    expect(result.reading).toMatchObject({
      status: 'confirmed',
      amountCents: 1250,
      currency: 'MXN',
      providerStatus: 'DONE',
    })
    expect(result.reading?.providerRef).toBe(result.providerRef)

    const charge = fake.requests.find((r) => r.path === '/v3/charges')
    expect(charge?.authorized).toBe(true)
    expect(charge?.body).toMatchObject({
      paymentMethod: 'card',
      amount: 12.5,
      currency: 'MXN',
      redirect3dsUri: CALLBACK,
      billing: {
        firstName: 'Ana',
        lastName: 'Ruiz',
        merchantReferenceCode: expect.stringMatching(/^1001NP/),
      },
    })
    expect(JSON.stringify(fake.requests)).not.toContain(NETPAY_TEST_CARDS.success)
  })

  it("declines the decline test card with NetPay's message", async () => {
    const error = await rejection(netpay.start(request(await tokenFor(NETPAY_TEST_CARDS.decline))))
    expect(error.kind).toBe('declined')
    expect(error.message).toMatch(/declined/i)
  })

  it('sends the customer through 3-D Secure and confirms only when the callback finishes it', async () => {
    const result = await netpay.start(request(await tokenFor(NETPAY_TEST_CARDS.threeDs)))
    expect(result.reading).toMatchObject({ status: 'pending', providerStatus: 'review' })
    expect(result.redirectUrl).toBe(`${url}/3ds/${result.providerRef}`)

    const landing = await passThreeDs(result.redirectUrl ?? '', 'authenticate')
    expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK)
    const transactionToken = landing.searchParams.get('transaction_token') ?? ''
    expect(transactionToken).toBe(result.providerRef)

    // Reading alone takes no money: the transaction waits for its confirm.
    expect(await netpay.read(transactionToken)).toMatchObject({
      status: 'pending',
      providerStatus: 'CHARGEABLE',
    })
    expect(fake.requests.some((r) => r.path.endsWith('/confirm'))).toBe(false)

    expect(await netpay.finishThreeDs(transactionToken)).toMatchObject({
      status: 'confirmed',
      providerStatus: 'DONE',
      amountCents: 1250,
    })
    // A second callback for the same payment reads DONE and confirms nothing again.
    expect((await netpay.finishThreeDs(transactionToken)).status).toBe('confirmed')
    expect(fake.requests.filter((r) => r.path.endsWith('/confirm'))).toHaveLength(1)
  })

  it('reads a failed 3-D Secure check as failed', async () => {
    fake.switches.require3ds = true
    const result = await netpay.start(request(await tokenFor(NETPAY_TEST_CARDS.success)))
    const landing = await passThreeDs(result.redirectUrl ?? '', 'fail')
    const reading = await netpay.finishThreeDs(landing.searchParams.get('transaction_token') ?? '')
    expect(reading).toMatchObject({ status: 'failed', providerStatus: 'REJECT' })
  })

  it('shows the amount NetPay took when it differs from the one asked, for the service to refuse', async () => {
    fake.switches.tamper = true
    const result = await netpay.start(request(await tokenFor(NETPAY_TEST_CARDS.success), 1250))
    expect(result.reading?.amountCents).toBe(1150)
    expect((await netpay.read(result.providerRef)).amountCents).toBe(1150)
  })

  it('answers a second charge under the same reference with the first one', async () => {
    const first = request(await tokenFor(NETPAY_TEST_CARDS.success))
    const again = { ...first, cardToken: await tokenFor(NETPAY_TEST_CARDS.success) }
    const a = await netpay.start(first)
    const b = await netpay.start(again)
    expect(b.providerRef).toBe(a.providerRef)
    expect(fake.transactions.size).toBe(1)
  })

  it('calls NetPay unreachable when it is down, slow or not there', async () => {
    const token = await tokenFor(NETPAY_TEST_CARDS.success)
    fake.switches.unavailable = true
    expect((await rejection(netpay.start(request(token)))).kind).toBe('unreachable')

    fake.switches.unavailable = false
    fake.switches.delayMs = 300
    const impatient = createNetPayProvider({
      secretKey: SECRET,
      publicKey: PUBLIC,
      apiBase: url,
      prodMode: false,
      timeoutMs: 50,
    })
    expect((await rejection(impatient.read('any'))).kind).toBe('unreachable')

    const nowhere = createNetPayProvider({
      secretKey: SECRET,
      publicKey: PUBLIC,
      apiBase: 'http://127.0.0.1:9',
      prodMode: false,
    })
    expect((await rejection(nowhere.read('any'))).kind).toBe('unreachable')
  })

  it('keeps the reference of a paid charge when the reading after it fails', async () => {
    const readsFail: typeof fetch = (input, init) =>
      String(input).includes('/v3/transactions/') ? Promise.reject(new Error('reset')) : fetch(input, init)
    const flaky = createNetPayProvider({
      secretKey: SECRET,
      publicKey: PUBLIC,
      apiBase: url,
      prodMode: false,
      fetch: readsFail,
    })
    const result = await flaky.start(request(await tokenFor(NETPAY_TEST_CARDS.success)))
    expect(result.reading).toBeUndefined()
    expect((await netpay.read(result.providerRef)).status).toBe('confirmed')
  })

  it('refuses a start without a card token, and a wrong secret key', async () => {
    expect((await rejection(netpay.start(request(undefined)))).kind).toBe('refused')
    const wrongKey = createNetPayProvider({
      secretKey: 'sk_wrong',
      publicKey: PUBLIC,
      apiBase: url,
      prodMode: false,
    })
    const error = await rejection(wrongKey.start(request(await tokenFor(NETPAY_TEST_CARDS.success))))
    expect(error.kind).toBe('refused')
    expect(error.providerCode).toBe('401')
  })

  it('refunds a whole charge at NetPay and refuses a partial one', async () => {
    const { reading } = await netpay.start(request(await tokenFor(NETPAY_TEST_CARDS.success)))
    if (!reading) throw new Error('no reading')

    const partial = await rejection(netpay.refund(reading, 500, 'refund-1'))
    expect(partial.kind).toBe('refused')
    expect(partial.message).toMatch(/whole charge/)
    expect(fake.requests.some((r) => r.path.endsWith('/refund'))).toBe(false)

    expect(await netpay.refund(reading, 1250, 'refund-2')).toMatchObject({
      status: 'confirmed',
      amountCents: 1250,
    })
    expect((await netpay.read(reading.providerRef)).status).toBe('cancelled')
  })

  it('tells the browser where NetpayJS is and in which mode', () => {
    expect(netpay.browser).toEqual({
      publicKey: PUBLIC,
      prodMode: false,
      scriptUrl: 'https://docs.netpay.mx/cdn/js/dev/netpay.min.js',
    })
  })
})

describe('NetPay fake tokeniser', () => {
  it('refuses a number that fails the Luhn check, and a wrong public key', async () => {
    expect(await tokenise('4242424242424241')).toMatchObject({
      status: 400,
      body: { message: 'The card number is not valid.' },
    })
    expect((await tokenise(NETPAY_TEST_CARDS.success, SECRET)).status).toBe(401)
  })

  it('answers the browser’s preflight', async () => {
    const response = await fetch(`${url}/v1/token`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://club.example', 'Access-Control-Request-Method': 'POST' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/)
  })

  it('serves a NetpayJS whose token.create gives a token the charge accepts', async () => {
    const script = await (await fetch(`${url}/cdn/js/dev/netpay.min.js`)).text()
    const window: Record<string, unknown> = {}
    runInNewContext(script, {
      window,
      fetch,
      JSON,
      document: { currentScript: { src: `${url}/cdn/js/dev/netpay.min.js` } },
    })
    const NetPay = window.NetPay as {
      setApiKey(key: string): void
      setSandboxMode(on: boolean): void
      token: {
        create(card: object, ok: (e: { message: { data: string } }) => void, ko: (e: unknown) => void): void
      }
    }
    NetPay.setApiKey(PUBLIC)
    NetPay.setSandboxMode(true)
    const answer = await new Promise<{ message: { data: string } }>((resolve, reject) =>
      NetPay.token.create(
        { cardNumber: NETPAY_TEST_CARDS.success, expMonth: '12', expYear: expiryYear, cvv2: '123' },
        resolve,
        reject,
      ),
    )
    const { token } = JSON.parse(answer.message.data) as { token: string }
    expect((await netpay.start(request(token))).reading?.status).toBe('confirmed')
  })
})
