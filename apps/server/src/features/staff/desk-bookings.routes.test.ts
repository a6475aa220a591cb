import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClub, prebookBody, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'

const PASSWORD = 'Long-Staff-Pass-26'
/** Tuesday 8 January 2030 in Madrid; the fixtures' clock is on the Monday at 08:00. */
const TUESDAY = '2030-01-08'

describe.each(testDatabaseKinds())('booking at the desk on %s', (kind) => {
  let t: TestApp
  const clock = testClock()
  let club: TestClub
  let desk: Record<string, string>
  let ana: LoggedIn

  const book = (body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/staff/bookings',
      payload: body,
      headers: { 'accept-language': 'en-US', ...desk, ...headers },
    })
  const padelAt = (time: string, over: object = {}) => ({
    bookingTypeId: club.padel,
    resourceIds: [club.court1],
    start: `${TUESDAY} ${time}`,
    durationMinutes: 60,
    customer: { id: ana.id },
    payment: 'cash',
    ...over,
  })
  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await t.app.database.db.execute(query)) as unknown as { rows: [{ n: number }] }).rows[0].n)
  const tableCounts = async () => ({
    bookings: await count(sql`select count(*) as n from bookings`),
    sales: await count(sql`select count(*) as n from sales`),
    customers: await count(sql`select count(*) as n from customers`),
    audit: await count(sql`select count(*) as n from staff_audit`),
  })

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now, logger: { level: 'error' } })
    club = await createTestClub(t.app.services)
    await insertStaffMember(t.app, 'desk@example.com', 'desk', PASSWORD)
    desk = await staffSession(t.app, 'desk@example.com', PASSWORD)
    ana = (await insertLoggedInCustomers(t.app, 1, 'ana'))[0]!
    await t.app.database.db.execute(
      sql`update customers set name = 'José', surname = 'Álvarez Núñez', phone = '+34 611 22 33 44' where id = ${ana.id}`,
    )
  })
  afterAll(() => t.close())

  it('finds a customer by any part of the name, email or phone, accents and capitals aside', async () => {
    for (const q of ['jose', 'ALVAREZ nu', 'ana1@EXAMPLE', '611 22', '61122']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/staff/customers/search?q=${encodeURIComponent(q)}`,
        headers: desk,
      })
      expect(res.statusCode, q).toBe(200)
      expect(res.json().data, q).toEqual([
        {
          id: ana.id,
          name: 'José',
          surname: 'Álvarez Núñez',
          email: 'ana1@example.com',
          phone: '+34 611 22 33 44',
          walkIn: false,
        },
      ])
    }
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/staff/customers/search?q=%25%25',
      headers: desk,
    })
    expect(none.json().data).toEqual([])
  })

  it("books a customer's court at the rules' price, paid in cash at the desk, and shows it on the day", async () => {
    const res = await book(padelAt('10:00'))
    expect(res.statusCode, res.body).toBe(200)
    const made = res.json().model
    expect(made).toMatchObject({
      customerId: ana.id,
      priceCents: 1200,
      rulesPriceCents: 1200,
      saleStatus: 'paid',
    })
    const sale = (
      (await t.app.database.db.execute(
        sql`select status, paid_cents, online, payment_method_id from sales where id = ${made.saleId}`,
      )) as unknown as { rows: Array<Record<string, unknown>> }
    ).rows[0]
    expect(sale).toEqual({ status: 'paid', paid_cents: 1200, online: false, payment_method_id: 2 })

    const day = await t.app.inject({
      method: 'GET',
      url: `/api/staff/schedule?date=${TUESDAY}&resourceTypeId=${club.padelCourts}`,
      headers: desk,
    })
    expect(day.json().data.items).toContainEqual(
      expect.objectContaining({ kind: 'booking', id: made.bookingId, startMinute: 600, priceCents: 1200 }),
    )
    // The same time is gone from the site: a customer's prebook of it is refused.
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      payload: prebookBody(ana.id, club.padel, `${TUESDAY} 10:00`, 60, [club.court1]),
      headers: ana.headers,
    })
    expect(online.statusCode).toBe(409)
  })

  it('leaves a booking owed as a pending sale the customer finds among their debts', async () => {
    const res = await book(padelAt('11:00', { payment: 'pending' }))
    expect(res.statusCode, res.body).toBe(200)
    const { saleId } = res.json().model
    expect(res.json().model.saleStatus).toBe('pending')
    const debts = await t.app.inject({
      method: 'POST',
      url: `/api/shop/pending-sales/${ana.id}`,
      headers: ana.headers,
    })
    expect(debts.statusCode, debts.body).toBe(200)
    expect(JSON.stringify(debts.json())).toContain(`"id":${saleId}`)
  })

  it('takes a walk-in by name and phone, at a manual price with its reason in the audit', async () => {
    const res = await book(
      padelAt('12:00', {
        resourceIds: [club.court2],
        customer: { walkIn: { name: 'Núria Walk-in ✓', phone: '699 000 111' } },
        manualPrice: { priceCents: 800, reason: 'Regular of the club' },
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const made = res.json().model
    expect(made).toMatchObject({ priceCents: 800, rulesPriceCents: 1200, saleStatus: 'paid' })
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/staff/customers/search?q=nuria',
      headers: desk,
    })
    expect(found.json().data).toEqual([
      expect.objectContaining({ id: made.customerId, name: 'Núria Walk-in ✓', email: '', walkIn: true }),
    ])
    const audit = (
      (await t.app.database.db.execute(
        sql`select action, subject, after from staff_audit where subject = ${`booking:${made.bookingId}`}`,
      )) as unknown as { rows: Array<{ action: string; after: Record<string, unknown> }> }
    ).rows
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      action: 'booking.add',
      after: {
        priceCents: 800,
        rulesPriceCents: 1200,
        manualPriceReason: 'Regular of the club',
        payment: 'cash',
      },
    })
  })

  it('books a type closed online, which the site refuses', async () => {
    const res = await book({
      bookingTypeId: club.tennis,
      resourceIds: [club.tennisCourt],
      start: `${TUESDAY} 10:00`,
      durationMinutes: 60,
      customer: { id: ana.id },
      payment: 'card',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model).toMatchObject({ priceCents: 1000, saleStatus: 'paid' })
  })

  it('refuses, writing nothing: a taken time, a time gone by, a price over ten times, an unknown customer', async () => {
    const before = await tableCounts()
    const taken = await book(padelAt('10:00', { customer: { walkIn: { name: 'Late', phone: '600 1' } } }))
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ ok: false, code: 'slot_taken' })

    const past = await book({ ...padelAt('10:00'), start: '2030-01-07 06:00' })
    expect(past.statusCode).toBe(422)

    const dear = await book(padelAt('13:00', { manualPrice: { priceCents: 12_001, reason: 'Typo' } }))
    expect(dear.statusCode).toBe(422)
    expect(dear.json().errorMsg).toBe("A manual price is at most 10 times the catalogue's price.")
    const dearEs = await book(padelAt('13:00', { manualPrice: { priceCents: 12_001, reason: 'Typo' } }), {
      'accept-language': 'es-ES',
    })
    expect(dearEs.json().errorMsg).toBe('Un precio manual es como máximo 10 veces el precio del catálogo.')

    const nobody = await book(padelAt('13:00', { customer: { id: 999_999 } }))
    expect(nobody.statusCode).toBe(404)
    const noReason = await book(padelAt('13:00', { manualPrice: { priceCents: 500, reason: '' } }))
    expect(noReason.statusCode).toBe(400)
    const nul = await book(
      padelAt('13:00', { customer: { walkIn: { name: 'A\u0000B', phone: '600 000 000' } } }),
    )
    expect(nul.statusCode).toBe(400)
    expect(await tableCounts()).toEqual(before)
  })

  it('cancels at the desk with the refund chosen, once however often it is pressed', async () => {
    const cancel = (bookingId: number, refund: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/bookings/${bookingId}/cancel`,
        payload: { refund },
        headers: { 'accept-language': 'en-US', ...desk },
      })
    const audits = async (bookingId: number) =>
      count(
        sql`select count(*) as n from staff_audit where subject = ${`booking:${bookingId}`} and action = 'booking.cancel'`,
      )
    const wallet = async () =>
      count(sql`select coalesce(sum(m.amount), 0) as n from voucher_movements m join vouchers v on v.id = m.voucher_id
        where v.customer_id = ${ana.id}`)

    // Paid in cash, given back as credit on her money voucher; the time is free again at once.
    const cash = (await book(padelAt('13:00', { resourceIds: [club.court2] }))).json().model
    const before = await wallet()
    const [first, again] = await Promise.all([
      cancel(cash.bookingId, 'voucher'),
      cancel(cash.bookingId, 'voucher'),
    ])
    const answers = [first.json().model, again.json().model]
    expect(answers.map((a) => a.refunds.length).sort()).toEqual([0, 1])
    expect(answers.find((a) => a.refunds.length)!.refunds).toEqual([
      { paymentMethod: 'Money voucher', paymentMethodId: 6, amount: 12 },
    ])
    expect((await wallet()) - before).toBe(1200)
    expect(await audits(cash.bookingId)).toBe(1)
    const day = await t.app.inject({
      method: 'GET',
      url: `/api/staff/schedule?date=${TUESDAY}&resourceTypeId=${club.padelCourts}`,
      headers: desk,
    })
    expect(day.json().data.items.map((i: { id: number }) => i.id)).not.toContain(cash.bookingId)

    // Paid by card at the desk and kept: nothing goes back, and the sale stays paid.
    const card = (await book(padelAt('16:00', { resourceIds: [club.court2], payment: 'card' }))).json().model
    const kept = await cancel(card.bookingId, 'none')
    expect(kept.json().model).toEqual({ bookingId: card.bookingId, refunds: [] })
    expect(await audits(card.bookingId)).toBe(1)
    expect(await wallet()).toBe(before + 1200)

    expect((await cancel(999_999, 'none')).statusCode).toBe(404)
    expect((await cancel(card.bookingId, 'cash')).statusCode).toBe(400)
  })

  it("pays from the customer's vouchers: money by its cents, sessions by one its scope covers; refused otherwise, writing nothing", async () => {
    const { vouchers } = t.app.services
    const other = (await insertLoggedInCustomers(t.app, 1, 'vera'))[0]!
    const open = async (
      customerId: number,
      kind: 0 | 1 | 2,
      amount: number,
      bookingTypeIds: number[] = [],
    ) => {
      const id = await vouchers.createVoucher({
        customerId,
        kind,
        description: { 'es-ES': 'Bono', 'en-US': 'Voucher' },
        scope: { bookingTypeIds, durationMinutes: [] },
      })
      await vouchers.moveBalance(id, amount, { 'es-ES': 'Carga', 'en-US': 'Top-up' })
      return id
    }
    const balance = async (id: number) => count(sql`select balance as n from vouchers where id = ${id}`)
    const money = await open(ana.id, 0, 1500)
    const sessions = await open(ana.id, 1, 2, [club.padel])
    const elsewhere = await open(ana.id, 1, 5, [club.padel + 1000])
    const vera = await open(other.id, 0, 5000)

    const byMoney = await book(padelAt('17:00', { payment: 'voucher', voucherId: money }))
    expect(byMoney.statusCode, byMoney.body).toBe(200)
    expect(byMoney.json().model).toMatchObject({ priceCents: 1200, saleStatus: 'paid' })
    expect(await balance(money)).toBe(300)
    const sale = (
      (await t.app.database.db.execute(
        sql`select status, online, payment_method_id from sales where id = ${byMoney.json().model.saleId}`,
      )) as unknown as { rows: Array<Record<string, unknown>> }
    ).rows[0]
    expect(sale).toEqual({ status: 'paid', online: false, payment_method_id: 6 })

    const bySession = await book(padelAt('18:00', { payment: 'voucher', voucherId: sessions }))
    expect(bySession.statusCode, bySession.body).toBe(200)
    expect(await balance(sessions)).toBe(1)

    const before = await tableCounts()
    const short = await book(padelAt('19:00', { payment: 'voucher', voucherId: money }))
    expect(short.statusCode).toBe(422)
    expect(short.json()).toMatchObject({ ok: false, code: 'voucher_insufficient' })
    const notCovered = await book(padelAt('19:00', { payment: 'voucher', voucherId: elsewhere }))
    expect(notCovered.json()).toMatchObject({ ok: false, code: 'voucher_not_usable' })
    const anothers = await book(padelAt('19:00', { payment: 'voucher', voucherId: vera }))
    expect(anothers.json()).toMatchObject({ ok: false, code: 'voucher_not_usable' })
    const walkIn = await book(
      padelAt('19:00', {
        customer: { walkIn: { name: 'Paco', phone: '600 9' } },
        payment: 'voucher',
        voucherId: vera,
      }),
    )
    expect(walkIn.json()).toMatchObject({ ok: false, code: 'voucher_not_usable' })
    expect((await book(padelAt('19:00', { payment: 'voucher' }))).statusCode).toBe(400)
    expect((await book(padelAt('19:00', { payment: 'cash', voucherId: money }))).statusCode).toBe(400)
    expect(await tableCounts()).toEqual(before)
    expect([await balance(money), await balance(sessions), await balance(vera)]).toEqual([300, 1, 5000])

    // Cancelled with the refund "the way it was paid": the session goes back to its voucher.
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/staff/bookings/${bySession.json().model.bookingId}/cancel`,
      payload: { refund: 'original' },
      headers: { 'accept-language': 'en-US', ...desk },
    })
    expect(back.statusCode, back.body).toBe(200)
    expect(await balance(sessions)).toBe(2)
  })

  it('books a court with a follow-up resource at the same time, adding its price; the follow-up is then taken', async () => {
    // The evening's hour (16 €) and the racket set (3 €).
    const res = await book(
      padelAt('20:00', { resourceIds: [club.court2, club.rackets1], payment: 'pending' }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model).toMatchObject({ priceCents: 1900, rulesPriceCents: 1900, saleStatus: 'pending' })
    const again = await book(padelAt('20:00', { resourceIds: [club.court1, club.rackets1] }))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ ok: false, code: 'slot_taken' })
    const twoSets = await book(padelAt('21:00', { resourceIds: [club.court1, club.rackets1, club.rackets2] }))
    expect(twoSets.statusCode).toBe(422)
  })
})
