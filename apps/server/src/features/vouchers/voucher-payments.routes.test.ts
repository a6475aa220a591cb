import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  PaymentMethodId,
  VoucherKind,
  type CheckoutInfo,
  type PrebookModel,
  type Voucher,
} from '@clubhouse/contract/server'
import { both } from '../../test/account-fixtures.ts'
import { createTestClub, prebookBody, T0, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { checkoutBody, createCheckoutShop, type CheckoutShop } from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { setCustomerLimits } from '../../test/settings-fixtures.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'

/**
 * Vouchers as a customer pays with them and gets them back (decision 069): a sessions or hours voucher
 * pays only the bookings its scope names, each order paid is one movement named by its own sale, and a
 * cancellation gives back what was paid in its kind. On the test club (padel 60 min 12 €, 90 min 18 €
 * on a weekday morning; a racket set 3 € as a follow-up), the clock at Monday 7 January 2030, 08:00.
 */

const EN = { 'accept-language': 'en-US' }
/** A day of its own for each test's customer (no Sundays: the club closes at 14:00), from Thursday the 10th. */
const DAYS = ['10', '11', '12', '14', '15', '16', '17', '18', '19'].map((d) => `2030-01-${d}`)

describe('paying with vouchers and getting them back', () => {
  const clock = testClock()
  let t: TestApp
  let club: TestClub
  let shop: CheckoutShop
  let n = 0

  beforeAll(async () => {
    t = await buildTestApp('pglite', { now: clock.now })
    club = await createTestClub(t.app.services)
    shop = await createCheckoutShop(t.app.services)
    // A customer here holds three courts to pay them together.
    await setCustomerLimits(t.app.services, { holdsPerCustomer: 3 })
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(t.app)
  })

  const dayOf = new Map<number, string>()
  /** A new customer, logged in, with a day of their own: each test starts from an empty account. */
  async function customer(): Promise<LoggedIn> {
    const [who] = await insertLoggedInCustomers(t.app, 1, `payer${++n}-`)
    dayOf.set(who!.id, DAYS[n - 1]!)
    return who!
  }
  const post = (url: string, payload: unknown, who: LoggedIn) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...EN, ...who.headers } })

  async function voucher(
    who: LoggedIn,
    kind: VoucherKind,
    balance: number,
    scope?: { bookingTypeIds: number[]; durationMinutes?: number[] },
  ) {
    const { vouchers } = t.app.services
    const id = await vouchers.createVoucher({
      customerId: who.id,
      kind,
      description: both(`Bono ${kind}`, `Voucher ${kind}`),
      ...(scope ? { scope: { durationMinutes: [], ...scope } } : {}),
    })
    await vouchers.moveBalance(id, balance, both('Compra', 'Bought'), {
      at: new Date('2029-12-01T10:00:00Z'),
    })
    return id
  }

  /** A held padel booking on the customer's day at `at` (its sale in the cart), with a racket set when asked. */
  async function held(who: LoggedIn, at: string, minutes: number, racket = false) {
    const res = await post(
      '/api/publicbookings/prebook',
      prebookBody(who.id, club.padel, `${dayOf.get(who.id)} ${at}`, minutes, [
        club.court1,
        ...(racket ? [club.rackets1] : []),
      ]),
      who,
    )
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: PrebookModel }>().model
  }

  async function info(who: LoggedIn, saleIds: number[], saleItems: unknown[] = []) {
    const res = await post(
      '/api/shop/checkout-info-by-customer',
      { customerId: who.id, saleIds, saleItems },
      who,
    )
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ data: CheckoutInfo }>().data
  }
  const offered = async (who: LoggedIn, saleIds: number[], saleItems: unknown[] = []) =>
    (await info(who, saleIds, saleItems)).vouchers.map((v) => ({ id: v.id, saleIds: v.saleIds }))

  const pay = (who: LoggedIn, voucherId: number, method: PaymentMethodId, more: Record<string, unknown>) =>
    post(
      '/api/shop/checkout-customer',
      checkoutBody(who.id, { paymentMethodId: method, voucherId, ...more }),
      who,
    )

  async function vouchersOf(who: LoggedIn): Promise<Voucher[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/publicvouchers/customer-vouchers/${who.id}`,
      headers: { ...EN, ...who.headers },
    })
    expect(res.statusCode, res.body).toBe(200)
    const { active, inactive } = res.json<{ model: { active: Voucher[]; inactive: Voucher[] } }>().model
    return [...active, ...inactive]
  }
  const voucherOf = async (who: LoggedIn, id: number) => (await vouchersOf(who)).find((v) => v.id === id)!
  const movements = async (who: LoggedIn, id: number) =>
    (await voucherOf(who, id)).movements.map((m) => [m.concept, m.amount])

  const cancel = (who: LoggedIn, bookingId: number) =>
    post(`/api/publicbookings/cancel/${bookingId}/${who.id}`, undefined, who)

  describe('the scope of a sessions or hours voucher', () => {
    it('offers a voucher only for the bookings its scope covers, and names the sales it pays', async () => {
      const ana = await customer()
      const classes = await voucher(ana, VoucherKind.Sessions, 4, { bookingTypeIds: [club.spinning] })
      const hourly = await voucher(ana, VoucherKind.Sessions, 4, {
        bookingTypeIds: [club.padel],
        durationMinutes: [60],
      })
      const courts = await voucher(ana, VoucherKind.Hours, 600, { bookingTypeIds: [club.padel] })
      const unscoped = await voucher(ana, VoucherKind.Hours, 600)
      const hour = await held(ana, '10:00', 60)
      const longer = await held(ana, '12:00', 90)
      const withRacket = await held(ana, '16:00', 60, true)

      expect(await offered(ana, [hour.sale!.id])).toEqual([
        { id: hourly, saleIds: [hour.sale!.id] },
        { id: courts, saleIds: [hour.sale!.id] },
      ])
      // 90 minutes is not a length of the hourly pack; the racket hire is money, not court time.
      expect(await offered(ana, [longer.sale!.id])).toEqual([{ id: courts, saleIds: [longer.sale!.id] }])
      expect(await offered(ana, [withRacket.sale!.id])).toEqual([])
      expect(await offered(ana, [hour.sale!.id, longer.sale!.id])).toEqual([
        { id: courts, saleIds: [hour.sale!.id, longer.sale!.id] },
      ])
      const methods = (await info(ana, [withRacket.sale!.id])).paymentMethods
      expect(methods.filter((m) => m.type === 'voucher')).toEqual([])
      expect([classes, unscoped]).toHaveLength(2)
    })

    it('refuses a voucher sent for a booking its scope does not cover, changing nothing', async () => {
      const ana = await customer()
      const classes = await voucher(ana, VoucherKind.Sessions, 4, { bookingTypeIds: [club.spinning] })
      const hourly = await voucher(ana, VoucherKind.Sessions, 4, {
        bookingTypeIds: [club.padel],
        durationMinutes: [60],
      })
      const courts = await voucher(ana, VoucherKind.Hours, 600, { bookingTypeIds: [club.padel] })
      const unscoped = await voucher(ana, VoucherKind.Hours, 600)
      const longer = await held(ana, '12:00', 90)
      const withRacket = await held(ana, '16:00', 60, true)
      const cases: Array<[string, number, PaymentMethodId, number[], unknown[]]> = [
        [
          'a padel court with a padel class pass',
          classes,
          PaymentMethodId.SessionsVoucher,
          [longer.sale!.id],
          [],
        ],
        ['90 minutes with a 60-minute pack', hourly, PaymentMethodId.SessionsVoucher, [longer.sale!.id], []],
        ['a racket hire with court hours', courts, PaymentMethodId.HoursVoucher, [withRacket.sale!.id], []],
        [
          'a booking with a voucher of no scope',
          unscoped,
          PaymentMethodId.HoursVoucher,
          [longer.sale!.id],
          [],
        ],
        [
          'a shop article with court hours',
          courts,
          PaymentMethodId.HoursVoucher,
          [longer.sale!.id],
          [{ productId: shop.pass, units: 1 }],
        ],
      ]
      for (const [label, voucherId, method, saleIds, saleItems] of cases) {
        const before = await snapshotTables(t.app)
        const res = await pay(ana, voucherId, method, { saleIds, saleItems })
        expect([res.statusCode, res.json().code], label).toEqual([422, 'voucher_not_usable'])
        expect(res.json()).toMatchObject({ ok: false, errorMsg: 'This voucher cannot pay this cart.' })
        await expectTablesUnchanged(t.app, before, label)
      }
      expect((await voucherOf(ana, courts)).balance).toBe(10)
    })
  })

  describe('refunds in kind', () => {
    it('gives a session back to the sessions voucher that paid the booking', async () => {
      const ana = await customer()
      const wallet = await voucher(ana, VoucherKind.Money, 5000)
      const pack = await voucher(ana, VoucherKind.Sessions, 4, { bookingTypeIds: [club.padel] })
      const booking = await held(ana, '10:00', 90)
      const paid = await pay(ana, pack, PaymentMethodId.SessionsVoucher, { saleIds: [booking.sale!.id] })
      expect(paid.json().model, paid.body).toMatchObject({ completed: true })
      expect((await voucherOf(ana, pack)).balance).toBe(3)

      const res = await cancel(ana, booking.bookingId)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({
        ok: true,
        errorMsg: null,
        infoReturns: [
          {
            bookingId: booking.bookingId,
            description: booking.description,
            amounts: [{ paymentMethod: 'Sessions voucher', paymentMethodId: 7, amount: 1 }],
          },
        ],
      })
      expect((await voucherOf(ana, pack)).balance).toBe(4)
      expect(await movements(ana, pack)).toEqual([
        [`Refund: ${booking.description}`, 1],
        [`Payment ${booking.sale!.saleNumber}`, -1],
        ['Bought', 4],
      ])
      // Nothing came back as money.
      expect((await voucherOf(ana, wallet)).balance).toBe(50)
      expect(await n0(sql`select count(*) as n from vouchers where customer_id = ${ana.id}`)).toBe(2)
      // Again: nothing more to give back.
      expect((await cancel(ana, booking.bookingId)).json().infoReturns).toEqual([])
      expect((await voucherOf(ana, pack)).balance).toBe(4)
    })

    it('gives the minutes back to the hours voucher that paid the booking', async () => {
      const ana = await customer()
      const courts = await voucher(ana, VoucherKind.Hours, 600, { bookingTypeIds: [club.padel] })
      const booking = await held(ana, '10:00', 90)
      const paid = await pay(ana, courts, PaymentMethodId.HoursVoucher, { saleIds: [booking.sale!.id] })
      expect(paid.json().model, paid.body).toMatchObject({ completed: true })
      expect((await voucherOf(ana, courts)).balance).toBe(8.5)

      const res = await t.app.inject({
        method: 'POST',
        url: `/api/publicbookings/cancel/${booking.bookingId}/${ana.id}`,
        headers: { ...ana.headers, 'accept-language': 'es-ES' },
      })
      expect(res.json().infoReturns[0].amounts).toEqual([
        { paymentMethod: 'Bono de horas', paymentMethodId: 8, amount: 1.5 },
      ])
      expect((await voucherOf(ana, courts)).balance).toBe(10)
      expect(await movements(ana, courts)).toEqual([
        [`Refund: ${booking.description}`, 1.5],
        [`Payment ${booking.sale!.saleNumber}`, -1.5],
        ['Bought', 10],
      ])
      const mail = await lastMail(ana.id)
      expect(mail).toContain('Lo que pagaste (1,5 h) vuelve a tu bono de horas')
      expect(mail).not.toContain('€')
    })

    it('gives money back to the money voucher that paid it, and a card payment as credit until providers refund', async () => {
      const ana = await customer()
      const first = await voucher(ana, VoucherKind.Money, 1000)
      const wallet = await voucher(ana, VoucherKind.Money, 5000)
      const booking = await held(ana, '10:00', 60)
      await pay(ana, wallet, PaymentMethodId.MoneyVoucher, { saleIds: [booking.sale!.id] })
      expect((await voucherOf(ana, wallet)).balance).toBe(38)

      const res = await cancel(ana, booking.bookingId)
      expect(res.json().infoReturns[0].amounts).toEqual([
        { paymentMethod: 'Money voucher', paymentMethodId: 6, amount: 12 },
      ])
      expect((await voucherOf(ana, wallet)).balance).toBe(50)
      expect((await voucherOf(ana, first)).balance).toBe(10)

      // A sale paid by card: its provider's refund is not live, so it comes back as credit.
      const byCard = await held(ana, '12:00', 60)
      await t.app.services.sales.paySale(byCard.sale!.id, { paymentMethodId: PaymentMethodId.CardAuthorize })
      await t.app.services.bookings.confirmBooking(byCard.bookingId)
      const card = await cancel(ana, byCard.bookingId)
      expect(card.json().infoReturns[0].amounts).toEqual([
        { paymentMethod: 'Money voucher', paymentMethodId: 6, amount: 12 },
      ])
      expect((await voucherOf(ana, first)).balance).toBe(22)
    })
  })

  describe('one movement per order', () => {
    it('writes one movement per sale a money voucher pays, each named by its own sale', async () => {
      const ana = await customer()
      const wallet = await voucher(ana, VoucherKind.Money, 10000)
      const booking = await held(ana, '10:00', 60)
      const res = await pay(ana, wallet, PaymentMethodId.MoneyVoucher, {
        saleIds: [booking.sale!.id],
        saleItems: [{ productId: shop.pass, units: 1 }],
      })
      const order = res.json().model
      expect(order, res.body).toMatchObject({ completed: true, total: 62 })
      expect(order.saleNumber).not.toBe(booking.sale!.saleNumber)
      expect(await movements(ana, wallet)).toEqual([
        [`Payment ${booking.sale!.saleNumber}`, -12],
        [`Payment ${order.saleNumber}`, -50],
        ['Bought', 100],
      ])
      expect(
        await rows(sql`select sale_id, amount from voucher_movements where voucher_id = ${wallet} and amount < 0
          order by id`),
      ).toEqual([
        { sale_id: order.saleId, amount: -5000 },
        { sale_id: booking.sale!.id, amount: -1200 },
      ])

      // Cancelling the booking gives back its own 12 €, not the order's.
      const cancelled = await cancel(ana, booking.bookingId)
      expect(cancelled.json().infoReturns[0].amounts).toEqual([
        { paymentMethod: 'Money voucher', paymentMethodId: 6, amount: 12 },
      ])
      expect((await voucherOf(ana, wallet)).balance).toBe(50)
    })

    it('writes one session per booking when a sessions voucher pays two', async () => {
      const ana = await customer()
      const pack = await voucher(ana, VoucherKind.Sessions, 4, { bookingTypeIds: [club.padel] })
      const one = await held(ana, '10:00', 60)
      const two = await held(ana, '12:00', 60)
      const res = await pay(ana, pack, PaymentMethodId.SessionsVoucher, {
        saleIds: [one.sale!.id, two.sale!.id],
      })
      expect(res.json().model, res.body).toMatchObject({ completed: true })
      expect(await movements(ana, pack)).toEqual([
        [`Payment ${two.sale!.saleNumber}`, -1],
        [`Payment ${one.sale!.saleNumber}`, -1],
        ['Bought', 4],
      ])
      await cancel(ana, two.bookingId)
      expect((await voucherOf(ana, pack)).balance).toBe(3)
    })
  })

  async function rows(query: ReturnType<typeof sql>) {
    const res = (await t.app.database.db.execute(query)) as unknown as {
      rows: Array<Record<string, unknown>>
    }
    return res.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))
  }
  async function n0(query: ReturnType<typeof sql>) {
    return (await rows(query))[0]!.n
  }
  async function lastMail(customerId: number) {
    const res = (await t.app.database.db.execute(
      sql`select text_body from communications where customer_id = ${customerId} order by id desc limit 1`,
    )) as unknown as { rows: Array<{ text_body: string }> }
    return res.rows[0]?.text_body ?? ''
  }
})
