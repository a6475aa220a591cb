import { sql } from 'drizzle-orm'
import { PaymentMethodId } from '@clubhouse/contract/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { testClock } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { checkoutBody, createCheckoutShop, type CheckoutShop } from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { freePort, payAtRedsys, startRedsys } from '../../test/payment-fixtures.ts'
import { REDSYS_TEST_MERCHANT } from './fakes/redsys-fake.ts'
import { startStripeFake } from './fakes/stripe-fake.ts'
import { signWebhook } from './fakes/stripe-fake-webhooks.ts'
import { decodeParameters, signNotification } from './providers/redsys-signature.ts'

/**
 * The settle's forward-only rule (decision 067), through the routes the providers call: a confirmed
 * payment stays confirmed whatever comes after it, a success that does not match its order settles
 * nothing, and a Stripe event is applied once however often it is delivered. The providers' own
 * deliveries go to a port nothing listens on; each test posts the signed messages itself.
 */
const STRIPE = {
  secretKey: 'sk_test_51ClubhouseSettle',
  publishableKey: 'pk_test_51ClubhouseSettle',
  webhookSecret: 'whsec_clubhouse_settle',
}

describe.each(testDatabaseKinds())('settling a payment forward only on %s', (kind) => {
  const clock = testClock()
  let t: TestApp
  let app: App
  let shop: CheckoutShop
  let customers: LoggedIn[]
  let redsys: Awaited<ReturnType<typeof startRedsys>>
  let stripe: Awaited<ReturnType<typeof startStripeFake>>
  let next = 0

  beforeAll(async () => {
    redsys = await startRedsys()
    stripe = await startStripeFake({ ...STRIPE, webhooks: false })
    const nowhere = await freePort()
    t = await buildTestApp(kind, {
      now: clock.now,
      env: {
        ...redsys.env,
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_BASE: stripe.url,
        PUBLIC_URL: `http://127.0.0.1:${nowhere}`,
      },
    })
    app = t.app
    shop = await createCheckoutShop(app.services)
    customers = await insertLoggedInCustomers(app, 6, 'settle')
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
    await redsys.close()
  })
  beforeEach(async () => {
    redsys.fake.control.reorder = false
    stripe.fake.options.apiError = false
    await clearRateLimits(app)
  })

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows
  const n = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string | number }>(query))[0]!.n)
  const saleStatus = async (id: number) =>
    (await rows<{ status: string }>(sql`select status from sales where id = ${id}`))[0]!.status
  const paymentStatus = async (reference: string) =>
    (await rows<{ status: string }>(sql`select status from payments where reference = ${reference}`))[0]!
      .status
  const events = (reference: string, kind: string) =>
    n(sql`select count(*) as n from payment_events e join payments p on p.id = e.payment_id
          where p.reference = ${reference} and e.kind = ${kind}`)
  const orderMails = (customerId: number) =>
    n(
      sql`select count(*) as n from communications where customer_id = ${customerId} and subject ~* '(confirmed|confirmado)'`,
    )
  const poll = (reference: string) => app.inject({ url: `/api/payments/status/${reference}` })

  async function placeOrder(methodId: number) {
    const who = customers[next++]!
    const res = await app.inject({
      method: 'POST',
      url: '/api/shop/checkout-customer',
      headers: who.headers,
      payload: checkoutBody(who.id, {
        paymentMethodId: methodId,
        saleItems: [{ productId: shop.pass, units: 1 }],
      }),
    })
    expect(res.statusCode, res.body).toBe(200)
    return {
      who,
      model: res.json().model as {
        saleId: number
        saleNumber: string
        paymentReference: string
        stripe: string | null
        redsysData: Parameters<typeof payAtRedsys>[0]
      },
    }
  }

  const notifyRedsys = (form: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/redsys/notification',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    })

  /** A notification Redsys signed with the merchant's key, saying what `change` makes it say. */
  function resigned(form: Record<string, string>, change: Record<string, string>) {
    const parameters = { ...decodeParameters(form.Ds_MerchantParameters!), ...change }
    const encoded = Buffer.from(JSON.stringify(parameters)).toString('base64url')
    return {
      ...form,
      Ds_MerchantParameters: encoded,
      Ds_Signature: signNotification(REDSYS_TEST_MERCHANT.secretKeyB64, String(parameters.Ds_Order), encoded),
    }
  }

  it('keeps a confirmed payment confirmed when Redsys sends a denial after the success', async () => {
    redsys.fake.control.reorder = true
    const { who, model } = await placeOrder(PaymentMethodId.BankCardRedirect)
    const before = redsys.fake.notifications.length
    await payAtRedsys(model.redsysData, 'pay')
    const [ok, ko] = redsys.fake.notifications.slice(before)
    expect(ok!.parameters.Ds_Response).toBe('0000')
    expect(ko!.parameters.Ds_Response).toBe('0190')

    expect((await notifyRedsys(ok!.form)).statusCode).toBe(200)
    expect((await notifyRedsys(ko!.form)).statusCode).toBe(200)

    expect(await paymentStatus(model.paymentReference)).toBe('confirmed')
    expect(await saleStatus(model.saleId)).toBe('paid')
    expect(await orderMails(who.id)).toBe(1)
    expect((await poll(model.paymentReference)).json()).toEqual({
      ok: true,
      retry: false,
      orderNumber: model.saleNumber,
      errorMsg: null,
    })
  })

  it('refuses with 409 a signed success for another amount or currency, and settles nothing', async () => {
    const { who, model } = await placeOrder(PaymentMethodId.BankCardRedirect)
    const before = redsys.fake.notifications.length
    await payAtRedsys(model.redsysData, 'pay')
    const form = redsys.fake.notifications[before]!.form
    const paid = Number(decodeParameters(form.Ds_MerchantParameters!).Ds_Amount)

    const changes: Array<Record<string, string>> = [{ Ds_Amount: String(paid - 100) }, { Ds_Currency: '840' }]
    for (const change of changes) {
      const res = await notifyRedsys(resigned(form, change))
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json()).toMatchObject({ ok: false, code: 'payment_mismatch' })
    }
    expect(await paymentStatus(model.paymentReference)).toBe('pending')
    expect(await saleStatus(model.saleId)).toBe('pending')
    expect(await events(model.paymentReference, 'settled')).toBe(0)
    // Kept for the audit, though nothing was applied.
    expect(await events(model.paymentReference, 'mismatch-amount')).toBe(1)
    expect(await events(model.paymentReference, 'mismatch-currency')).toBe(1)
    expect(await orderMails(who.id)).toBe(0)
    expect((await poll(model.paymentReference)).json()).toMatchObject({ ok: false, retry: true })

    // Redsys's own word, as it was signed, still settles it.
    expect((await notifyRedsys(form)).statusCode).toBe(200)
    expect(await saleStatus(model.saleId)).toBe('paid')
  })

  describe("Stripe's webhook", () => {
    async function paidAtStripe() {
      const order = await placeOrder(PaymentMethodId.CardPaymentIntent)
      const clientSecret = order.model.stripe!
      const intent = clientSecret.split('_secret_')[0]!
      const res = await fetch(`${stripe.url}/v1/payment_intents/${intent}/confirm`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${STRIPE.publishableKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': '4242 4242 4242 4242',
        }),
      })
      expect(res.status).toBe(200)
      const event = stripe.fake.events.find(
        (e) => e.type === 'payment_intent.succeeded' && e.data.object.id === intent,
      )!
      const body = JSON.stringify(event)
      const deliver = () =>
        app.inject({
          method: 'POST',
          url: '/api/stripe/webhook',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signWebhook(body, STRIPE.webhookSecret, Math.floor(Date.now() / 1000)),
          },
          payload: body,
        })
      const reads = () =>
        stripe.fake.requests.filter(
          (r) => r.method === 'GET' && r.path.endsWith(`/payment_intents/${intent}`),
        ).length
      return { ...order, event, deliver, reads }
    }

    it('drops a replayed event (the same evt_ id) without reading Stripe or settling again', async () => {
      const { who, model, event, deliver, reads } = await paidAtStripe()
      expect((await deliver()).statusCode).toBe(200)
      expect(await saleStatus(model.saleId)).toBe('paid')
      const readsBefore = reads()

      for (let i = 0; i < 3; i++) expect((await deliver()).statusCode).toBe(200)

      expect(reads()).toBe(readsBefore)
      expect(
        await n(
          sql`select count(*) as n from payment_events where event_id = ${event.id} and provider = 'stripe'`,
        ),
      ).toBe(1)
      expect(await events(model.paymentReference, 'settled')).toBe(1)
      expect(await events(model.paymentReference, 'reading')).toBe(1)
      expect(await orderMails(who.id)).toBe(1)
    })

    it('applies an event delivered again after Stripe could not be read the first time', async () => {
      const { who, model, deliver } = await paidAtStripe()
      stripe.fake.options.apiError = true
      const first = await deliver()
      expect(first.statusCode).toBe(503)
      expect(await saleStatus(model.saleId)).toBe('pending')

      // Stripe sends it again, as it does after a non-2xx answer: not a replay, it settles now.
      stripe.fake.options.apiError = false
      expect((await deliver()).statusCode).toBe(200)
      expect(await paymentStatus(model.paymentReference)).toBe('confirmed')
      expect(await saleStatus(model.saleId)).toBe('paid')
      expect(await orderMails(who.id)).toBe(1)
    })
  })
})
