import { sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import { PaymentMethodId } from '@clubhouse/contract/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { createTestClub, prebookBody, T0, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import {
  checkoutBody,
  createCheckoutShop,
  guestCheckoutBody,
  moneyVoucher,
  type CheckoutShop,
} from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startSmtp } from '../../test/smtp.ts'

/**
 * What a checkout leaves behind as its buyer finds it: the order mail in their mailbox (over real
 * SMTP) with the calendar file of the booking it paid, the voucher's movement and the order on
 * their account pages, and one order (and one account) however often the same cart is sent.
 */
describe.each(testDatabaseKinds())('what a checkout leaves behind, on %s', (kind) => {
  const clock = testClock()
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let t: TestApp
  let app: App
  let club: TestClub
  let shop: CheckoutShop
  let ana!: LoggedIn
  let ben!: LoggedIn

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url }, now: clock.now })
    app = t.app
    club = await createTestClub(app.services)
    shop = await createCheckoutShop(app.services)
    ;[ana, ben] = (await insertLoggedInCustomers(app, 2, 'results')) as [LoggedIn, LoggedIn]
    await app.database.db.execute(sql`update customers set language = 'en-US'`)
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(app)
  })

  const post = (url: string, payload: unknown, who?: LoggedIn) =>
    app.inject({ method: 'POST', url, payload: payload as object, ...(who ? { headers: who.headers } : {}) })
  const get = (url: string, who: LoggedIn) =>
    app.inject({ method: 'GET', url, headers: { ...who.headers, 'accept-language': 'en-US' } })
  const n = async (query: ReturnType<typeof sql>) =>
    Number(((await app.database.db.execute(query)) as unknown as { rows: Array<{ n: string }> }).rows[0]!.n)

  it('mails the order of a court booking with the calendar file of the booking', async () => {
    const voucher = await moneyVoucher(app.services, ana.id, 10000)
    const prebook = await post(
      '/api/publicbookings/prebook',
      prebookBody(ana.id, club.padel, '2030-01-10 18:00', 90, [club.court1]),
      ana,
    )
    expect(prebook.statusCode, prebook.body).toBe(200)
    const held = prebook.json().model as { bookingId: number; sale: { id: number } }
    const res = await post(
      '/api/shop/checkout-customer',
      checkoutBody(ana.id, {
        saleIds: [held.sale.id],
        paymentMethodId: PaymentMethodId.MoneyVoucher,
        voucherId: voucher,
      }),
      ana,
    )
    expect(res.json().model, res.body).toMatchObject({ completed: true })
    const number = res.json().model.saleNumber as string

    await app.services.mail.flush()
    const mails = smtp.received.filter((m) => m.to === 'results1@example.com')
    const order = mails.find((m) => m.subject.includes(number))
    expect(order, mails.map((m) => m.subject).join(' | ')).toBeDefined()
    const ics = order!.attachments.find((a) => a.contentType.startsWith('text/calendar'))
    expect(ics, 'calendar file').toBeDefined()
    const calendar = new ICAL.Component(ICAL.parse(ics!.content))
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
    expect({
      method: calendar.getFirstPropertyValue('method'),
      uid: event.uid,
      // 18:00 in Madrid in January is 17:00 UTC.
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    }).toEqual({
      method: 'PUBLISH',
      uid: `booking-${held.bookingId}@test.local`,
      start: '2030-01-10T17:00:00.000Z',
      end: '2030-01-10T18:30:00.000Z',
    })
  })

  it("shows a voucher payment's movement and its order on the customer's pages", async () => {
    const voucher = await moneyVoucher(app.services, ben.id, 10000)
    const res = await post(
      '/api/shop/checkout-customer',
      checkoutBody(ben.id, {
        saleItems: [{ productId: shop.pass, units: 1 }],
        paymentMethodId: PaymentMethodId.MoneyVoucher,
        voucherId: voucher,
      }),
      ben,
    )
    expect(res.json().model, res.body).toMatchObject({ completed: true, total: 50 })
    const { saleId, saleNumber } = res.json().model as { saleId: number; saleNumber: string }

    const vouchers = (await get(`/api/publicvouchers/customer-vouchers/${ben.id}`, ben)).json().model
    const wallet = vouchers.active.find((v: { id: number }) => v.id === voucher)
    expect(wallet.balance).toBe(50)
    expect(wallet.movements[0]).toMatchObject({
      amount: -50,
      previousAmount: 100,
      current: 50,
      concept: `Payment ${saleNumber}`,
    })

    const orders = (await get(`/api/shop/customer-orders/${ben.id}`, ben)).json().model
    expect(orders[0]).toMatchObject({ id: saleId, number: saleNumber, total: 50 })
    expect(orders[0].paymentMethod).toBeTruthy()
  })

  it("counts a code's use once per order and holds its cap per customer", async () => {
    const voucher = await moneyVoucher(app.services, ana.id, 20000)
    const order = (guid?: string) =>
      post(
        '/api/shop/checkout-customer',
        checkoutBody(ana.id, {
          saleItems: [{ productId: shop.pass, units: 1 }],
          promoCode: 'CLUB5',
          paymentMethodId: PaymentMethodId.MoneyVoucher,
          voucherId: voucher,
          ...(guid ? { guid } : {}),
        }),
        ana,
      )
    const first = await order('cart-club5-once')
    expect(first.json().model, first.body).toMatchObject({ completed: true, total: 45 })
    expect((await order('cart-club5-once')).json().model.saleId).toBe(first.json().model.saleId)
    const second = await order()
    expect(second.json().code).toBe('promo_exhausted')
    expect(await n(sql`select uses_count as n from promos where code = 'CLUB5'`)).toBe(1)
    expect(await n(sql`select balance as n from vouchers where id = ${voucher}`)).toBe(15500)
  })

  it('answers a guest the same order when the same cart is sent again, with one account', async () => {
    const body = guestCheckoutBody('twice.guest@example.com', {
      saleItems: [{ productId: shop.pass, units: 2 }],
      promoCode: 'GRATIS100',
    })
    const first = await post('/api/shop/checkout', body)
    expect(first.json().model, first.body).toMatchObject({ completed: true, total: 0 })
    await clearRateLimits(app)
    const again = await post('/api/shop/checkout', body)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().model).toMatchObject({
      saleId: first.json().model.saleId,
      saleNumber: first.json().model.saleNumber,
      customerId: first.json().model.customerId,
    })
    expect(await n(sql`select count(*) as n from customers where email = 'twice.guest@example.com'`)).toBe(1)
    expect(await n(sql`select count(*) as n from sales where checkout_guid = ${body.guid}`)).toBe(1)
  })

  it('makes one order of a cart a customer sends twice in a row', async () => {
    const body = checkoutBody(ana.id, {
      saleItems: [{ productId: shop.pass, units: 1 }],
      promoCode: 'GRATIS100',
    })
    const first = await post('/api/shop/checkout-customer', body, ana)
    const again = await post('/api/shop/checkout-customer', body, ana)
    expect(first.json().model, first.body).toMatchObject({ completed: true })
    expect(again.json().model.saleId).toBe(first.json().model.saleId)
    expect(await n(sql`select count(*) as n from sales where checkout_guid = ${body.guid}`)).toBe(1)
    expect(
      await n(sql`select count(*) as n from promo_uses where sale_id = ${first.json().model.saleId}`),
    ).toBe(1)
  })
})
