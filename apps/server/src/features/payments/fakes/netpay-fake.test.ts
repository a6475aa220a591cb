import Fastify from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createNetPayProvider } from '../providers/netpay.ts'
import { NETPAY_TEST_CARDS, netpayFake } from './netpay-fake.ts'

// Registered as the app registers it: under /sandbox/netpay, beside the app's own form parser.
const fake = netpayFake({ secretKey: 'sk', publicKey: 'pk', require3ds: true })
const app = Fastify({ logger: false })
let site: string

beforeAll(async () => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, { appParsed: String(body) })
  })
  app.post('/api/form', async (req) => req.body)
  await app.register(fake, { prefix: '/sandbox/netpay' })
  site = await app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => app.close())

it('works under a prefix: its script, its 3-D Secure page and its redirect carry the prefix', async () => {
  const script = await fetch(`${site}/sandbox/netpay/cdn/js/dev/netpay.min.js`)
  expect(script.headers.get('content-type')).toMatch(/javascript/)

  const tokenAnswer = await fetch(`${site}/sandbox/netpay/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'pk' },
    body: JSON.stringify({
      cardNumber: NETPAY_TEST_CARDS.success,
      expMonth: '12',
      expYear: '2099',
      cvv2: '123',
    }),
  })
  const { token } = (await tokenAnswer.json()) as { token: string }

  const netpay = createNetPayProvider({
    secretKey: 'sk',
    publicKey: 'pk',
    apiBase: `${site}/sandbox/netpay`,
    prodMode: false,
  })
  const result = await netpay.start({
    paymentId: 1,
    reference: '1001NP999999',
    saleNumber: 'W-1',
    amountCents: 500,
    currency: 'MXN',
    description: 'Test',
    locale: 'en-US',
    customer: {
      id: 1,
      email: 'a@b.c',
      name: 'A',
      surname: 'B',
      phone: '',
      addressLine1: '',
      postalCode: '',
      city: '',
      town: '',
      country: 'MX',
    },
    urls: { ok: '', ko: '', notify: '', callback: `${site}/netpay-callback/1` },
    idempotencyKey: 'k',
    cardToken: token,
  })
  expect(result.redirectUrl).toBe(`${site}/sandbox/netpay/3ds/${result.providerRef}`)

  const page = await (await fetch(result.redirectUrl ?? '')).text()
  expect(page).toContain(`action="/sandbox/netpay/3ds/${result.providerRef}"`)
  // An icon of its own: the browser asks the site that mounts the fake for no /favicon.ico.
  expect(page).toContain('<link rel="icon" href="data:,">')
  const back = await fetch(`${site}/sandbox/netpay/3ds/${result.providerRef}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'outcome=authenticate',
    redirect: 'manual',
  })
  expect(back.headers.get('location')).toBe(
    `${site}/netpay-callback/1?transaction_token=${result.providerRef}`,
  )
  expect((await netpay.finishThreeDs(result.providerRef)).status).toBe('confirmed')
})

it("leaves the app's own parsers as they were", async () => {
  const answer = await fetch(`${site}/api/form`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'a=1',
  })
  expect(await answer.json()).toEqual({ appParsed: 'a=1' })
})
