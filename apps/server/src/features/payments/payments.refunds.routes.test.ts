import { sql } from 'drizzle-orm'
import { PaymentMethodId, type PrebookModel } from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { createTestClub, prebookBody, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { checkoutBody } from '../../test/checkout-fixtures.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { listeningAppWithRedsys, payAtRedsys } from '../../test/payment-fixtures.ts'

/**
 * A court paid by card and cancelled: the money goes back to the card through the provider that
 * took it (Redsys's refund, type 3), and the refunds popup says so; never to a voucher it did not
 * come from.
 */
describe('refunding a booking paid by card', () => {
  const clock = testClock()
  let t: Awaited<ReturnType<typeof listeningAppWithRedsys>>
  let app: App
  let club: TestClub
  let redsys: typeof t.redsys
  let ana!: LoggedIn

  beforeAll(async () => {
    t = await listeningAppWithRedsys('pglite', { now: clock.now })
    ;({ app, redsys } = t)
    club = await createTestClub(app.services)
    ;[ana] = (await insertLoggedInCustomers(app, 1, 'court')) as [LoggedIn]
  })
  afterAll(async () => {
    await t.close()
  })

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows

  it('gives the money back to the card, through Redsys, and names the card in the refunds', async () => {
    const prebook = await app.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: ana.headers,
      payload: prebookBody(ana.id, club.padel, '2030-01-10 18:00', 60, [club.court2]),
    })
    expect(prebook.statusCode, prebook.body).toBe(200)
    const booking = prebook.json<{ model: PrebookModel }>().model
    const [sale] = await rows<{ id: number; total_cents: number }>(
      sql`select s.id, s.total_cents from sales s join bookings b on b.sale_id = s.id where b.id = ${booking.bookingId}`,
    )

    const checkout = await app.inject({
      method: 'POST',
      url: '/api/shop/checkout-customer',
      headers: ana.headers,
      payload: checkoutBody(ana.id, {
        saleIds: [sale!.id],
        paymentMethodId: PaymentMethodId.BankCardRedirect,
        customer: { email: 'court1@example.com' },
      }),
    })
    expect(checkout.statusCode, checkout.body).toBe(200)
    await payAtRedsys(checkout.json().model.redsysData, 'pay')
    const [booked] = await rows<{ status: string }>(
      sql`select status from bookings where id = ${booking.bookingId}`,
    )
    expect(booked!.status).toBe('confirmed')
    const vouchersBefore = await rows<{ n: string }>(
      sql`select count(*) as n from vouchers where customer_id = ${ana.id}`,
    )

    const cancel = await app.inject({
      method: 'POST',
      url: `/api/publicbookings/cancel/${booking.bookingId}/${ana.id}`,
      headers: { ...ana.headers, 'accept-language': 'en-US' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json().infoReturns[0].amounts).toEqual([
      expect.objectContaining({
        paymentMethodId: PaymentMethodId.BankCardRedirect,
        amount: sale!.total_cents / 100,
      }),
    ])

    // Sent to Redsys after the cancel committed: a refund (type 3) of the whole price, confirmed.
    await expect
      .poll(async () =>
        (await rows<{ status: string }>(sql`select status from payment_refunds`)).map((r) => r.status),
      )
      .toEqual(['confirmed'])
    const refund = redsys.fake.requests.find(
      (r) => r.route === 'rest' && Object.values(r.parameters).includes('3'),
    )
    expect(refund?.parameters).toMatchObject({ DS_MERCHANT_AMOUNT: String(sale!.total_cents) })
    // No voucher was opened for it.
    expect(
      await rows<{ n: string }>(sql`select count(*) as n from vouchers where customer_id = ${ana.id}`),
    ).toEqual(vouchersBefore)
    const [payment] = await rows<{ status: string; refunded_cents: number }>(
      sql`select status, refunded_cents from payments where customer_id = ${ana.id}`,
    )
    expect(payment).toEqual({ status: 'refunded', refunded_cents: sale!.total_cents })
  })
})
