import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentMethodId } from '@clubhouse/contract/server'
import type { App } from '../../app.ts'
import { createTestClub, HOUR, T0, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { testDatabaseKinds } from '../../test/build-test-app.ts'
import {
  checkoutBody,
  createCheckoutShop,
  moneyVoucher,
  type CheckoutShop,
} from '../../test/checkout-fixtures.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { listeningAppWithRedsys, payAtRedsys } from '../../test/payment-fixtures.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'

const PASSWORD = 'Long-Staff-Pass-26'
const MONDAY = '2030-01-07'
const TUESDAY = '2030-01-08'

describe.each(testDatabaseKinds())("the day's takings on %s", (kind) => {
  let t: Awaited<ReturnType<typeof listeningAppWithRedsys>>
  let app: App
  const clock = testClock()
  let club: TestClub
  let shop: CheckoutShop
  let desk: Record<string, string>
  let manager: Record<string, string>
  let ana: LoggedIn

  const takings = (date: string, who = manager, language = 'en-US') =>
    app.inject({
      method: 'GET',
      url: `/api/staff/takings?date=${date}`,
      headers: { 'accept-language': language, ...who },
    })
  const deskBook = async (body: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/staff/bookings', payload: body, headers: desk })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().model
  }
  const checkout = (body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/shop/checkout-customer',
      headers: ana.headers,
      payload: checkoutBody(ana.id, body),
    })

  beforeAll(async () => {
    t = await listeningAppWithRedsys(kind, { now: clock.now })
    app = t.app
    club = await createTestClub(app.services)
    shop = await createCheckoutShop(app.services)
    await insertStaffMember(app, 'desk@example.com', 'desk', PASSWORD)
    await insertStaffMember(app, 'manager@example.com', 'manager', PASSWORD)
    desk = await staffSession(app, 'desk@example.com', PASSWORD)
    manager = await staffSession(app, 'manager@example.com', PASSWORD)
    ana = (await insertLoggedInCustomers(app, 1, 'takings'))[0]!
  })
  afterAll(() => t.close())

  it("adds up the day's desk cash and card, an order paid at Redsys, a debt paid with a money voucher, less a refund", async () => {
    const court = (time: string, payment: string) => ({
      bookingTypeId: club.padel,
      resourceIds: [club.court1],
      start: `${TUESDAY} ${time}`,
      durationMinutes: 60,
      customer: { id: ana.id },
      payment,
    })
    await deskBook(court('10:00', 'cash'))
    await deskBook({ ...court('11:00', 'card'), manualPrice: { priceCents: 1000, reason: 'Member offer' } })
    const owed = await deskBook(court('12:00', 'pending'))

    // The customer pays an order online at Redsys, and the debt the desk left with her money voucher.
    const order = await checkout({
      paymentMethodId: PaymentMethodId.BankCardRedirect,
      saleItems: [{ productId: shop.pass, units: 1 }],
      customer: { email: 'takings1@example.com' },
    })
    expect(order.statusCode, order.body).toBe(200)
    expect((await payAtRedsys(order.json().model.redsysData, 'pay')).location).toContain('/cz/ok')
    const paidOnline = Number(
      (
        (await app.database.db.execute(
          sql`select amount_cents from payments where status = 'confirmed'`,
        )) as unknown as { rows: [{ amount_cents: number }] }
      ).rows[0].amount_cents,
    )
    const wallet = await moneyVoucher(app.services, ana.id, 5000)
    const debt = await checkout({
      paymentMethodId: PaymentMethodId.MoneyVoucher,
      voucherId: wallet,
      saleIds: [owed.saleId],
    })
    expect(debt.statusCode, debt.body).toBe(200)

    // Part of the order goes back to the card, and Redsys confirms it.
    await app.services.units.run(() => app.services.payments.refundSale(order.json().model.saleId, 500))
    // Sent to Redsys once the unit committed: wait for its confirmation, as the day will read it.
    await expect
      .poll(
        async () =>
          (
            (await app.database.db.execute(sql`select status from payment_refunds`)) as unknown as {
              rows: Array<{ status: string }>
            }
          ).rows.map((r) => r.status),
        { timeout: 15_000 },
      )
      .toEqual(['confirmed'])

    const res = await takings(MONDAY)
    expect(res.statusCode, res.body).toBe(200)
    const day = res.json().data
    expect(day.lines).toEqual([
      { channel: 'online', provider: 'redsys', label: 'Card (Redsys)', count: 1, amountCents: paidOnline },
      { channel: 'desk_cash', provider: '', label: 'Cash at the desk', count: 1, amountCents: 1200 },
      { channel: 'desk_card', provider: '', label: 'Card at the desk', count: 1, amountCents: 1000 },
      { channel: 'money_voucher', provider: '', label: 'Money voucher', count: 1, amountCents: 1200 },
      { channel: 'refund', provider: 'redsys', label: 'Refund · Card (Redsys)', count: 1, amountCents: -500 },
    ])
    expect(day.totalCents).toBe(paidOnline + 1200 + 1000 + 1200 - 500)
    const es = (await takings(MONDAY, manager, 'es-ES')).json().data
    expect(es.lines.map((l: { label: string }) => l.label)).toContain('Efectivo en recepción')
  })

  it('counts each day apart: the next day took nothing yet', async () => {
    clock.set(T0 + 24 * HOUR)
    manager = await staffSession(app, 'manager@example.com', PASSWORD)
    const today = await takings(TUESDAY)
    expect(today.json().data).toMatchObject({ date: TUESDAY, lines: [], voucherUnits: [], totalCents: 0 })
    clock.set(T0)
  })

  it("is the manager's: the desk is refused, and a day that is no date answers 400", async () => {
    desk = await staffSession(app, 'desk@example.com', PASSWORD)
    expect((await takings(MONDAY, desk)).statusCode).toBe(403)
    expect((await takings('2030-13-01')).statusCode).toBe(400)
  })
})
