import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { PaymentMethodId, type PrebookModel } from '@clubhouse/contract/server'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { both } from '../../test/account-fixtures.ts'
import { createTestClub, MINUTE, prebookBody, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import {
  checkoutBody,
  createCheckoutShop,
  moneyVoucher,
  type CheckoutShop,
} from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { freePort, payAtRedsys, startRedsys } from '../../test/payment-fixtures.ts'
import { startStripeFake } from './fakes/stripe-fake.ts'
import { signWebhook } from './fakes/stripe-fake-webhooks.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'

/**
 * Settling exactly once (decision 067) on PostgreSQL, through two app instances on one database as
 * behind a load balancer (the embedded database has one connection and would hide a missing lock):
 * the return page, the poll and the provider's word racing for one payment; a notification sent
 * many times at once; a success that comes after its window; the last unit held by an open payment.
 *
 * Redsys and Stripe are their local fakes on their own ports. The instances' public address is a
 * port nothing listens on, so the providers' own deliveries never arrive: each test sends the signed
 * notification or webhook itself, when and as often as it races.
 */
const WINDOW_MINUTES = 30
const STRIPE = {
  secretKey: 'sk_test_51ClubhouseRaces',
  publishableKey: 'pk_test_51ClubhouseRaces',
  webhookSecret: 'whsec_clubhouse_races',
}

describeOnPostgres('settling payments through two instances on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let shop: CheckoutShop
  let club: TestClub
  let gear: number
  let racers: LoggedIn[]
  let redsys: Awaited<ReturnType<typeof startRedsys>>
  let stripe: Awaited<ReturnType<typeof startStripeFake>>
  let address = 0
  let customer = 0

  beforeAll(async () => {
    redsys = await startRedsys()
    stripe = await startStripeFake({ ...STRIPE, webhooks: false })
    const nowhere = await freePort()
    ;({ apps, close } = await startInstances(2, {
      now: clock.now,
      env: {
        ...redsys.env,
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_BASE: stripe.url,
        PAYMENT_WINDOW_MINUTES: String(WINDOW_MINUTES),
        PUBLIC_URL: `http://127.0.0.1:${nowhere}`,
      },
    }))
    shop = await createCheckoutShop(apps[0]!.services)
    club = await createTestClub(apps[0]!.services)
    gear = (await apps[0]!.services.shop.createProductTypes([{ name: both('Palas', 'Rackets') }]))[0]!
    racers = await insertLoggedInCustomers(apps[0]!, 40, 'payer')
  })
  afterAll(async () => {
    await close()
    await stripe.close()
    await redsys.close()
  })
  beforeEach(() => clearRateLimits(apps[0]!))

  // ---------------------------------------------------------------------------------------------
  // What a customer would see, read from the database

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await apps[0]!.database.db.execute(query)) as unknown as { rows: T[] }).rows
  const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!
  const n = async (query: ReturnType<typeof sql>) => Number((await one<{ n: string | number }>(query)).n)
  const stockOf = (productId: number) => n(sql`select stock as n from products where id = ${productId}`)
  const saleOf = (id: number) =>
    one<{ status: string; paid_cents: number; total_cents: number }>(
      sql`select status, paid_cents, total_cents from sales where id = ${id}`,
    )
  const paymentOf = (reference: string) =>
    one<{ id: number; status: string; refunded_cents: number; amount_cents: number; provider_ref: string }>(
      sql`select id, status, refunded_cents, amount_cents, provider_ref from payments where reference = ${reference}`,
    )
  const events = (reference: string, kind: string) =>
    n(sql`select count(*) as n from payment_events e join payments p on p.id = e.payment_id
          where p.reference = ${reference} and e.kind = ${kind}`)
  /** The order confirmations and the late-refund notices a customer received (their language: es-ES). */
  const mails = async (customerId: number) => ({
    confirmed: await n(
      sql`select count(*) as n from communications where customer_id = ${customerId} and subject ~* '(confirmed|confirmado)'`,
    ),
    refunded: await n(
      sql`select count(*) as n from communications where customer_id = ${customerId} and subject ~* '(refunded|devuelto)'`,
    ),
  })

  // ---------------------------------------------------------------------------------------------
  // Customers' requests, spread over both instances, each from an address of its own

  const on = (i: number) => apps[i % 2]!
  const from = () => `198.51.100.${(address++ % 250) + 1}`
  const nextCustomer = () => racers[customer++]!

  /** A product of which exactly `stock` units are left. */
  async function lastUnits(name: string, stock = 1) {
    const [id] = await apps[0]!.services.shop.createProducts([
      {
        name: both(name, name),
        description: both(name, name),
        detail: both(`<p>${name}</p>`, `<p>${name}</p>`),
        productTypeId: gear,
        grossPriceCents: 14900,
        taxPercent: 21,
        stock,
        transportRequired: true,
      },
    ])
    return id!
  }

  function checkout(i: number, who: LoggedIn, body: Record<string, unknown>) {
    return on(i).inject({
      method: 'POST',
      url: '/api/shop/checkout-customer',
      headers: who.headers,
      remoteAddress: from(),
      payload: checkoutBody(who.id, { shopTransportId: shop.pickup, ...body }),
    })
  }

  async function placeOrder(who: LoggedIn, methodId: number, body: Record<string, unknown>) {
    const res = await checkout(0, who, { paymentMethodId: methodId, ...body })
    expect(res.statusCode, res.body).toBe(200)
    const model = res.json().model
    expect(model.completed).toBe(false)
    expect((await saleOf(model.saleId)).status).toBe('pending')
    return model as {
      saleId: number
      saleNumber: string
      paymentReference: string
      stripe: string | null
      redsysData: Parameters<typeof payAtRedsys>[0]
    }
  }

  /** What Stripe.js does with the card the customer typed: confirms with the publishable key. */
  async function payAtStripe(clientSecret: string) {
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
    expect(((await res.json()) as { status: string }).status).toBe('succeeded')
    return intent
  }

  /** Stripe's signed webhooks of an intent's events, as Stripe would post them. */
  function stripeWebhooks(intent: string) {
    const sent = stripe.fake.events.filter((e) => JSON.stringify(e.data.object).includes(intent))
    expect(sent.map((e) => e.type)).toContain('payment_intent.succeeded')
    return sent.map((event) => {
      const body = JSON.stringify(event)
      return { body, signature: signWebhook(body, STRIPE.webhookSecret, Math.floor(Date.now() / 1000)) }
    })
  }

  const postWebhook = (i: number, hook: { body: string; signature: string }) =>
    on(i).inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
      remoteAddress: from(),
      payload: hook.body,
    })

  const postRedsys = (i: number, form: Record<string, string>) =>
    on(i).inject({
      method: 'POST',
      url: '/api/redsys/notification',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: from(),
      payload: new URLSearchParams(form).toString(),
    })

  /** The customer pays on Redsys's page; Redsys's signed notification, as it tried to send it. */
  async function payAtRedsysForm(redsysData: Parameters<typeof payAtRedsys>[0]) {
    const before = redsys.fake.notifications.length
    const back = await payAtRedsys(redsysData, 'pay')
    expect(back.location).toContain('/cz/ok')
    expect(redsys.fake.notifications).toHaveLength(before + 1)
    const sent = redsys.fake.notifications.at(-1)!
    expect(sent.parameters.Ds_Response).toBe('0000')
    return sent.form
  }

  const pollStatus = (i: number, reference: string) =>
    on(i).inject({ url: `/api/payments/status/${reference}`, remoteAddress: from() })

  /** Both instances sweep at once, as their timers would: the window ends once. */
  async function sweepBoth() {
    const swept = await Promise.all(apps.map((app) => app.services.payments.sweep()))
    return swept.reduce((sum, s) => sum + s.expired, 0)
  }

  function expectAllOk(answers: LightMyRequestResponse[]) {
    for (const a of answers) expect(a.statusCode, `${a.raw.req.url} ${a.body}`).toBe(200)
  }

  // ---------------------------------------------------------------------------------------------

  it("settles a Stripe payment once when the return page's status, the poll and the webhook race", async () => {
    const who = nextCustomer()
    const stock = await stockOf(shop.racket)
    const model = await placeOrder(who, PaymentMethodId.CardPaymentIntent, {
      saleItems: [{ productId: shop.racket, units: 1 }],
    })
    expect(await stockOf(shop.racket)).toBe(stock - 1)
    const intent = await payAtStripe(model.stripe!)
    const hooks = stripeWebhooks(intent)

    // Six of each at once, over both instances: the return page asks Stripe's status (as the
    // customer), the page polls our status, and Stripe delivers each of its events again and again.
    const returns = Array.from({ length: 6 }, (_, i) =>
      on(i).inject({
        url: `/api/stripe/status/${intent}`,
        headers: who.headers,
        remoteAddress: from(),
      }),
    )
    const polls = Array.from({ length: 6 }, (_, i) => pollStatus(i + 1, model.paymentReference))
    const webhooks = Array.from({ length: 6 }, (_, i) => postWebhook(i, hooks[i % hooks.length]!))
    const [returned, polled, delivered] = await Promise.all([
      Promise.all(returns),
      Promise.all(polls),
      Promise.all(webhooks),
    ])

    expectAllOk([...returned, ...polled, ...delivered])
    for (const r of returned) {
      expect(r.json()).toEqual({ ok: true, retry: false, orderNumber: model.saleNumber, errorMsg: null })
    }
    // A poll answers paid, or still waiting while the others settle: never a failure.
    for (const p of polled) expect(p.json()).toMatchObject({ errorMsg: null })
    expect((await pollStatus(0, model.paymentReference)).json()).toMatchObject({
      ok: true,
      orderNumber: model.saleNumber,
    })

    expect(await events(model.paymentReference, 'settled')).toBe(1)
    expect(await mails(who.id)).toEqual({ confirmed: 1, refunded: 0 })
    const sale = await saleOf(model.saleId)
    expect(sale).toMatchObject({ status: 'paid', paid_cents: sale.total_cents })
    expect(await paymentOf(model.paymentReference)).toMatchObject({ status: 'confirmed', refunded_cents: 0 })
    expect(await stockOf(shop.racket)).toBe(stock - 1)
    expect(await n(sql`select count(*) as n from payment_refunds`)).toBe(0)
  })

  it('settles once when the same Redsys notification arrives 10 times at once, 5 on each instance', async () => {
    const who = nextCustomer()
    const shirts = () => n(sql`select stock as n from product_variants where id = ${shop.shirtM}`)
    const before = await shirts()
    const model = await placeOrder(who, PaymentMethodId.BankCardRedirect, {
      saleItems: [{ productId: shop.shirt, stockParentId: shop.shirtM, units: 2 }],
    })
    expect(await shirts()).toBe(before - 2)
    const form = await payAtRedsysForm(model.redsysData)

    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => postRedsys(i, form)))
    expectAllOk(answers)

    expect(await events(model.paymentReference, 'settled')).toBe(1)
    expect(await events(model.paymentReference, 'reading')).toBe(10)
    expect(await mails(who.id)).toEqual({ confirmed: 1, refunded: 0 })
    const sale = await saleOf(model.saleId)
    expect(sale).toMatchObject({ status: 'paid', paid_cents: sale.total_cents })
    expect(await shirts()).toBe(before - 2)
    expect((await pollStatus(1, model.paymentReference)).json()).toEqual({
      ok: true,
      retry: false,
      orderNumber: model.saleNumber,
      errorMsg: null,
    })
  })

  it('refunds a Redsys success that comes after the window, once the court is booked by someone else', async () => {
    const [ana, bea] = [nextCustomer(), nextCustomer()]
    const ball = await lastUnits('Last Ball Tube')
    const prebook = await on(0).inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: ana.headers,
      remoteAddress: from(),
      payload: prebookBody(ana.id, club.padel, '2030-01-09 10:00', 60, [club.court1]),
    })
    expect(prebook.statusCode, prebook.body).toBe(200)
    const booking = prebook.json<{ model: PrebookModel }>().model
    // The court and the last tube of balls in one order, paid by card.
    const model = await placeOrder(ana, PaymentMethodId.BankCardRedirect, {
      saleIds: [booking.sale!.id],
      saleItems: [{ productId: ball, units: 1 }],
    })
    expect(await stockOf(ball)).toBe(0)

    // Ana leaves Redsys's page open past the window: the sweep ends the payment and releases
    // the order, the tube of balls back on the shelf; the court's hold ends with it.
    clock.advance((WINDOW_MINUTES + 1) * MINUTE)
    expect(await sweepBoth()).toBe(1)
    expect(await paymentOf(model.paymentReference)).toMatchObject({ status: 'expired' })
    expect(await stockOf(ball)).toBe(1)
    expect((await saleOf(model.saleId)).status).toBe('cancelled')

    // Bea books the court Ana had.
    const taken = await on(1).inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: bea.headers,
      remoteAddress: from(),
      payload: prebookBody(bea.id, club.padel, '2030-01-09 10:00', 60, [club.court1]),
    })
    expect(taken.statusCode, taken.body).toBe(200)

    // Then Ana pays, and Redsys's notification reaches both instances at once.
    const form = await payAtRedsysForm(model.redsysData)
    const answers = await Promise.all([postRedsys(0, form), postRedsys(1, form)])
    expectAllOk(answers)

    const payment = await paymentOf(model.paymentReference)
    expect(payment).toMatchObject({ status: 'refunded', refunded_cents: payment.amount_cents })
    await expect
      .poll(() =>
        rows<{ status: string; reason: string; amount_cents: number }>(
          sql`select status, reason, amount_cents from payment_refunds where payment_id = ${payment.id}`,
        ),
      )
      .toEqual([{ status: 'confirmed', reason: 'released', amount_cents: payment.amount_cents }])
    // Redsys was asked for exactly one refund (type 3) of the whole amount.
    const refunds = redsys.fake.requests.filter(
      (r) =>
        r.route === 'rest' &&
        Object.values(r.parameters).includes('3') &&
        Object.values(r.parameters).includes(payment.provider_ref),
    )
    expect(refunds).toHaveLength(1)
    expect(refunds[0]!.parameters).toMatchObject({ DS_MERCHANT_AMOUNT: String(payment.amount_cents) })

    // Ana's order is not completed, her court is Bea's, and she is told once.
    expect((await saleOf(model.saleId)).status).toBe('cancelled')
    expect((await saleOf(booking.sale!.id)).status).not.toBe('paid')
    expect(await mails(ana.id)).toEqual({ confirmed: 0, refunded: 1 })
    expect(await stockOf(ball)).toBe(1)
    expect((await pollStatus(0, model.paymentReference)).json()).toMatchObject({ ok: false, retry: false })
    const bookings = await rows<{ customer_id: number; status: string }>(
      sql`select b.customer_id, b.status from bookings b join booking_blocks k on k.booking_id = b.id
          where k.resource_id = ${club.court1} and b.status <> 'cancelled' and b.status <> 'expired'`,
    )
    expect(bookings.map((b) => b.customer_id)).toEqual([bea.id])
  })

  it("gives a court to exactly one of a late Redsys success and another customer's prebook racing for it", async () => {
    const prebookCourt = (i: number, who: LoggedIn, start: string) =>
      on(i).inject({
        method: 'POST',
        url: '/api/publicbookings/prebook',
        headers: who.headers,
        remoteAddress: from(),
        payload: prebookBody(who.id, club.padel, start, 60, [club.court2]),
      })
    // Friday 11 January 2030 in Madrid (UTC+1), a time of its own each round.
    for (const [round, time] of ['09:00', '10:00', '11:00', '12:00', '17:00', '18:00'].entries()) {
      const [ana, bea] = [nextCustomer(), nextCustomer()]
      const start = `2030-01-11 ${time}`
      const startsAt = new Date(`2030-01-11T${time}:00+01:00`).toISOString()
      const prebook = await prebookCourt(0, ana, start)
      expect(prebook.statusCode, prebook.body).toBe(200)
      const booking = prebook.json<{ model: PrebookModel }>().model
      const model = await placeOrder(ana, PaymentMethodId.BankCardRedirect, { saleIds: [booking.sale!.id] })
      clock.advance((WINDOW_MINUTES + 1) * MINUTE)
      // Every other round the sweeps have ended the payment and released the hold (its blocks
      // freed); in the others the hold has only run out.
      if (round % 2) {
        expect(await sweepBoth()).toBe(1)
        await Promise.all(apps.map((app) => app.services.bookings.sweep()))
      }
      // Then Ana pays on Redsys's page, and its notification races Bea's prebook.
      const form = await payAtRedsysForm(model.redsysData)

      const [settled, beas] = await Promise.all([postRedsys(0, form), prebookCourt(1, bea, start)])

      expect(settled.statusCode, settled.body).toBe(200)
      const live = await rows<{ customer_id: number; status: string }>(
        sql`select b.customer_id, b.status from bookings b
            where b.starts_at = ${startsAt}::timestamptz
              and exists (select 1 from booking_blocks k where k.booking_id = b.id
                and k.resource_id = ${club.court2} and k.released_at is null)`,
      )
      const payment = await paymentOf(model.paymentReference)
      if (beas.statusCode === 200) {
        // Bea booked it first: Ana's money goes back, and she is told.
        expect(live).toEqual([{ customer_id: bea.id, status: 'held' }])
        expect(payment).toMatchObject({ status: 'refunded', refunded_cents: payment.amount_cents })
        expect(await mails(ana.id)).toEqual({ confirmed: 0, refunded: 1 })
      } else {
        // Ana's payment took it back first: Bea is told the time was just taken.
        expect(beas.statusCode, beas.body).toBe(409)
        expect(beas.json()).toMatchObject({ code: 'slot_taken' })
        expect(live).toEqual([{ customer_id: ana.id, status: 'confirmed' }])
        expect(payment).toMatchObject({ status: 'confirmed', refunded_cents: 0 })
        expect(await mails(ana.id)).toEqual({ confirmed: 1, refunded: 0 })
      }
    }
  })

  it('refunds a Stripe success after the window when the last unit was sold to someone else', async () => {
    const [carla, dani] = [nextCustomer(), nextCustomer()]
    const racket = await lastUnits('Last Racket A')
    const model = await placeOrder(carla, PaymentMethodId.CardPaymentIntent, {
      saleItems: [{ productId: racket, units: 1 }],
    })
    clock.advance((WINDOW_MINUTES + 1) * MINUTE)
    expect(await sweepBoth()).toBe(1)
    expect(await stockOf(racket)).toBe(1)

    // Dani buys the last one with his wallet.
    const voucher = await moneyVoucher(apps[0]!.services, dani.id, 50000)
    const sold = await checkout(1, dani, {
      saleItems: [{ productId: racket, units: 1 }],
      paymentMethodId: PaymentMethodId.MoneyVoucher,
      voucherId: voucher,
    })
    expect(sold.statusCode, sold.body).toBe(200)
    expect(sold.json().model.completed).toBe(true)
    expect(await stockOf(racket)).toBe(0)

    const intent = await payAtStripe(model.stripe!)
    const hooks = stripeWebhooks(intent)
    expectAllOk(await Promise.all(hooks.flatMap((hook) => [postWebhook(0, hook), postWebhook(1, hook)])))

    const payment = await paymentOf(model.paymentReference)
    expect(payment).toMatchObject({ status: 'refunded', refunded_cents: payment.amount_cents })
    await expect
      .poll(() =>
        rows<{ status: string }>(sql`select status from payment_refunds where payment_id = ${payment.id}`),
      )
      .toEqual([{ status: 'confirmed' }])
    const refunds = stripe.fake.requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/v1/refunds') && r.body.payment_intent === intent,
    )
    expect(refunds.length).toBeGreaterThan(0)
    // However often it was sent, Stripe made one refund of the whole amount.
    expect(new Set(refunds.map((r) => r.headers['idempotency-key'])).size).toBe(1)
    expect(stripe.fake.intent(intent)).toMatchObject({ amount_received: payment.amount_cents })
    expect(await mails(carla.id)).toEqual({ confirmed: 0, refunded: 1 })
    expect((await saleOf(model.saleId)).status).toBe('cancelled')
    expect(await stockOf(racket)).toBe(0)
  })

  it('takes a released order again when a late Stripe success finds its unit still free', async () => {
    const eva = nextCustomer()
    const racket = await lastUnits('Last Racket B')
    const model = await placeOrder(eva, PaymentMethodId.CardPaymentIntent, {
      saleItems: [{ productId: racket, units: 1 }],
    })
    clock.advance((WINDOW_MINUTES + 1) * MINUTE)
    expect(await sweepBoth()).toBe(1)
    expect(await stockOf(racket)).toBe(1)

    const intent = await payAtStripe(model.stripe!)
    const hooks = stripeWebhooks(intent)
    const answers = await Promise.all(
      hooks.flatMap((hook) => [
        postWebhook(0, hook),
        postWebhook(1, hook),
        on(1).inject({ url: `/api/stripe/status/${intent}`, headers: eva.headers, remoteAddress: from() }),
      ]),
    )
    expectAllOk(answers)

    expect(await paymentOf(model.paymentReference)).toMatchObject({ status: 'confirmed', refunded_cents: 0 })
    const sale = await saleOf(model.saleId)
    expect(sale).toMatchObject({ status: 'paid', paid_cents: sale.total_cents })
    expect(await stockOf(racket)).toBe(0)
    expect(await events(model.paymentReference, 'settled')).toBe(1)
    expect(await mails(eva.id)).toEqual({ confirmed: 1, refunded: 0 })
    expect(
      await n(sql`select count(*) as n from payment_refunds r join payments p on p.id = r.payment_id
                       where p.reference = ${model.paymentReference}`),
    ).toBe(0)
  })

  it('never sells the last unit held by an open card payment, and sells it once after the window', async () => {
    const fran = nextCustomer()
    const racket = await lastUnits('Last Racket C')
    const held = await placeOrder(fran, PaymentMethodId.BankCardRedirect, {
      saleItems: [{ productId: racket, units: 1 }],
    })
    expect(await stockOf(racket)).toBe(0)

    // While Fran's payment is open, 10 customers on both instances try for it, by card and by Stripe.
    const hopefuls = Array.from({ length: 10 }, () => nextCustomer())
    const tries = await Promise.all(
      hopefuls.map((who, i) =>
        checkout(i, who, {
          saleItems: [{ productId: racket, units: 1 }],
          paymentMethodId: i % 3 ? PaymentMethodId.BankCardRedirect : PaymentMethodId.CardPaymentIntent,
        }),
      ),
    )
    for (const t of tries) {
      expect(t.statusCode, t.body).toBe(409)
      expect(t.json().code).toBe('out_of_stock')
    }
    expect(await stockOf(racket)).toBe(0)

    // The window ends (both instances sweep at once): the unit is back once, and one of them gets it.
    clock.advance((WINDOW_MINUTES + 1) * MINUTE)
    expect(await sweepBoth()).toBe(1)
    expect(await paymentOf(held.paymentReference)).toMatchObject({ status: 'expired' })
    expect(await stockOf(racket)).toBe(1)

    const again = await Promise.all(
      hopefuls.map((who, i) =>
        checkout(i, who, {
          saleItems: [{ productId: racket, units: 1 }],
          paymentMethodId: PaymentMethodId.BankCardRedirect,
        }),
      ),
    )
    const codes = again.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(hopefuls.length - 1)
    expect(await stockOf(racket)).toBe(0)
    expect(
      await n(sql`select count(*) as n from sale_items i join sales s on s.id = i.sale_id
                  where i.product_id = ${racket} and s.status = 'pending'`),
    ).toBe(1)
  })
})
