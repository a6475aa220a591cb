import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PendingSale, StaffCustomer, StaffVoucher } from '@clubhouse/contract/server'
import { createTestClub, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import {
  clearRateLimits,
  insertCustomer,
  insertLoggedInCustomers,
  loginAs,
  type LoggedIn,
} from '../../test/customers.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'

/**
 * The desk's customers through the API (issue 23, item 7), on the test club with the clock at Monday
 * 7 January 2030, 08:00 in Madrid: a customer's account with what they have, their details changed
 * and audited, a debt they then see on the site, vouchers and top-ups (the managers'), the activation
 * mail again, and an account disabled whose token stops at once, then enabled again.
 */

const EN = { 'accept-language': 'en-US' }
const ES = { 'accept-language': 'es-ES' }
const PASSWORD = 'Long-Staff-Pass-26'
const CUSTOMER_PASSWORD = 'Racer-Pass-2030'
const TUESDAY = '2030-01-08'
/** What a refused desk write may not change. */
const WRITE_TABLES = [
  'customers',
  'customer_tokens',
  'sales',
  'sale_items',
  'vouchers',
  'voucher_movements',
  'staff_audit',
]

describe.each(testDatabaseKinds())('the desk customers on %s', (kind) => {
  const clock = testClock()
  let t: TestApp
  let club: TestClub
  let desk: { authorization: string }
  let manager: { authorization: string }
  let deskId: number
  let managerId: number
  let n = 0

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now })
    club = await createTestClub(t.app.services)
    deskId = (await insertStaffMember(t.app, 'desk@example.com', 'desk', PASSWORD)).id
    managerId = (await insertStaffMember(t.app, 'manager@example.com', 'manager', PASSWORD)).id
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await clearRateLimits(t.app)
    desk = await staffSession(t.app, 'desk@example.com', PASSWORD)
    manager = await staffSession(t.app, 'manager@example.com', PASSWORD)
  })

  /** A new customer, activated and logged in: each test starts from an empty account. */
  async function customer(): Promise<LoggedIn> {
    return (await insertLoggedInCustomers(t.app, 1, `client${++n}-`))[0]!
  }
  const as = (who: { authorization: string }) => ({
    get: (url: string, headers = EN) => t.app.inject({ method: 'GET', url, headers: { ...headers, ...who } }),
    post: (url: string, payload?: object, headers = EN) =>
      t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: { ...headers, ...who } }),
  })
  const account = async (id: number): Promise<StaffCustomer> => {
    const res = await as(desk).get(`/api/staff/customers/${id}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().model
  }
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.app.database.db.execute(query)) as unknown as { rows: T[] }).rows
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
  const auditRows = async (action: string, subject: string) =>
    (
      await rows<{ staff_id: number; before: unknown; after: unknown }>(
        sql`select staff_id, before, after from staff_audit where action = ${action} and subject = ${subject} order by id`,
      )
    ).map((r) => ({ staffId: r.staff_id, before: json(r.before), after: json(r.after) }))

  it("reads a customer's account with their bookings, orders, vouchers and pending sales", async () => {
    const ana = await customer()
    const book = (time: string, payment: string) =>
      as(desk).post('/api/staff/bookings', {
        bookingTypeId: club.padel,
        resourceIds: [club.court1],
        start: `${TUESDAY} ${time}`,
        durationMinutes: 60,
        customer: { id: ana.id },
        payment,
      })
    const paid = await book('10:00', 'cash')
    expect(paid.statusCode, paid.body).toBe(200)
    const owed = await book('11:00', 'pending')
    expect(owed.statusCode, owed.body).toBe(200)
    const voucherId = await t.app.services.vouchers.createVoucher({
      customerId: ana.id,
      kind: 0,
      description: { 'es-ES': 'Monedero', 'en-US': 'Wallet' },
    })
    await t.app.services.vouchers.moveBalance(voucherId, 2500, { 'es-ES': 'Recarga', 'en-US': 'Top-up' })

    const seen = await account(ana.id)
    expect(seen).toMatchObject({
      id: ana.id,
      name: `Racer 1`,
      email: `client${n}-1@example.com`,
      walkIn: false,
      activated: true,
      disabled: false,
      disabledAt: null,
      pastBookings: [],
    })
    expect(seen.nextBookings.map((b) => [b.start, b.status])).toEqual([
      [`${TUESDAY} 10:00`, 'confirmed'],
      [`${TUESDAY} 11:00`, 'confirmed'],
    ])
    expect(seen.orders).toEqual([
      expect.objectContaining({ id: paid.json().model.saleId, totalCents: 1200, online: false }),
    ])
    expect(seen.pendingSales).toEqual([
      expect.objectContaining({ id: owed.json().model.saleId, totalCents: 1200, paidCents: 0 }),
    ])
    expect(seen.vouchers).toEqual([
      expect.objectContaining({
        id: voucherId,
        kind: 'money',
        description: 'Wallet',
        balance: 2500,
        active: true,
        movements: [
          expect.objectContaining({ amount: 2500, previousAmount: 0, current: 2500, concept: 'Top-up' }),
        ],
      }),
    ])
    const unknown = await as(desk).get('/api/staff/customers/999999')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ ok: false, code: 'not_found' })
  })

  it('changes the contact details at once and records them before and after', async () => {
    const ana = await customer()
    const email = `client${n}-1@example.com`
    const res = await as(desk).post(`/api/staff/customers/${ana.id}`, {
      name: '  Ana ',
      surname: 'García',
      phone: '+34 611 22 33 44',
      email: 'Ana.Garcia@Example.com',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model).toMatchObject({
      name: 'Ana',
      surname: 'García',
      phone: '+34 611 22 33 44',
      email: 'ana.garcia@example.com',
    })
    expect(await auditRows('customer.edit', `customer:${ana.id}`)).toEqual([
      {
        staffId: deskId,
        before: { name: 'Racer 1', surname: 'Customer', phone: '600000000', email },
        after: { name: 'Ana', surname: 'García', phone: '+34 611 22 33 44', email: 'ana.garcia@example.com' },
      },
    ])
    // The new email logs in; the old one no more.
    await loginAs(t.app, 'ana.garcia@example.com', CUSTOMER_PASSWORD)
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/publiccustomers/cauth',
      payload: { email, password: CUSTOMER_PASSWORD },
    })
    expect(old.statusCode).toBe(401)

    // The same values again change nothing and record nothing.
    const same = await as(desk).post(`/api/staff/customers/${ana.id}`, { name: 'Ana' })
    expect(same.statusCode, same.body).toBe(200)
    expect(await auditRows('customer.edit', `customer:${ana.id}`)).toHaveLength(1)
  })

  it("answers the site's refusal for an email another account has, and changes nothing", async () => {
    const ana = await customer()
    const bea = await customer()
    const before = await snapshotTables(t.app, WRITE_TABLES)
    const taken = await as(desk).post(
      `/api/staff/customers/${ana.id}`,
      { name: 'Ana', email: `client${n}-1@EXAMPLE.com` },
      ES,
    )
    expect(taken.statusCode, taken.body).toBe(409)
    expect(taken.json()).toMatchObject({
      ok: false,
      code: 'email_taken',
      errorMsg: 'Este correo ya lo usa otra cuenta.',
    })
    expect(bea.id).not.toBe(ana.id)
    const empty = await as(desk).post(`/api/staff/customers/${ana.id}`, {}, ES)
    expect(empty.statusCode).toBe(400)
    const nul = await as(desk).post(`/api/staff/customers/${ana.id}`, { name: 'A\u0000na' })
    expect(nul.statusCode).toBe(400)
    const unknown = await as(desk).post('/api/staff/customers/999999', { name: 'Nadie' })
    expect(unknown.statusCode).toBe(404)
    await expectTablesUnchanged(t.app, before, 'refused edits')
  })

  it('writes a debt with its lines and concept, which the customer finds on their pending sales', async () => {
    const ana = await customer()
    const res = await as(desk).post(`/api/staff/customers/${ana.id}/debts`, {
      concept: 'Cafetería enero',
      lines: [
        { concept: 'Café', quantity: 2, unitPriceCents: 150, taxPercent: 10 },
        { concept: 'Bocadillo', quantity: 1, unitPriceCents: 450, taxPercent: 10 },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const debt = res.json().model
    expect(debt).toMatchObject({
      concept: 'Cafetería enero',
      totalCents: 750,
      paidCents: 0,
      lines: [
        { concept: 'Café', quantity: 2, unitPriceCents: 150, taxPercent: 10, totalCents: 300 },
        { concept: 'Bocadillo', quantity: 1, unitPriceCents: 450, taxPercent: 10, totalCents: 450 },
      ],
    })
    const site = await t.app.inject({
      method: 'POST',
      url: `/api/shop/pending-sales/${ana.id}`,
      headers: { ...EN, ...ana.headers },
    })
    expect(site.statusCode, site.body).toBe(200)
    const pending: PendingSale[] = site.json().data
    expect(pending).toHaveLength(1)
    expect(pending[0]).toMatchObject({ id: debt.id, total: 7.5 })
    expect(pending[0]!.saleItems.map((i) => i.parentIdentifier)).toEqual(['Café', 'Bocadillo'])
    expect((await account(ana.id)).pendingSales.map((s) => s.id)).toEqual([debt.id])
    expect(await auditRows('debt.add', `sale:${debt.id}`)).toEqual([
      expect.objectContaining({
        staffId: deskId,
        before: null,
        after: expect.objectContaining({ customerId: ana.id, concept: 'Cafetería enero', totalCents: 750 }),
      }),
    ])

    const before = await snapshotTables(t.app, WRITE_TABLES)
    const nobody = await as(desk).post('/api/staff/customers/999999/debts', {
      concept: 'Nada',
      lines: [{ concept: 'Café', quantity: 1, unitPriceCents: 150, taxPercent: 10 }],
    })
    expect(nobody.statusCode).toBe(404)
    const noLines = await as(desk).post(`/api/staff/customers/${ana.id}/debts`, {
      concept: 'Nada',
      lines: [],
    })
    expect(noLines.statusCode).toBe(400)
    const badTax = await as(desk).post(`/api/staff/customers/${ana.id}/debts`, {
      concept: 'Nada',
      lines: [{ concept: 'Café', quantity: 1, unitPriceCents: 150, taxPercent: 101 }],
    })
    expect(badTax.statusCode).toBe(400)
    await expectTablesUnchanged(t.app, before, 'refused debts')
  })

  it("gives vouchers and tops them up as a manager's, each a movement with its concept, audited", async () => {
    const ana = await customer()
    const money = { kind: 'money', description: 'Monedero', amount: 5000, concept: 'Compra en recepción' }
    const refused = await as(desk).post(`/api/staff/customers/${ana.id}/vouchers`, money)
    expect(refused.statusCode).toBe(403)

    const made = await as(manager).post(`/api/staff/customers/${ana.id}/vouchers`, money)
    expect(made.statusCode, made.body).toBe(200)
    const wallet: StaffVoucher = made.json().model
    expect(wallet).toMatchObject({ kind: 'money', description: 'Monedero', balance: 5000, active: true })
    expect(wallet.movements.map((m) => [m.amount, m.concept])).toEqual([[5000, 'Compra en recepción']])

    const topped = await as(manager).post(`/api/staff/vouchers/${wallet.id}/top-up`, {
      amount: 1500,
      concept: 'Regalo',
    })
    expect(topped.statusCode, topped.body).toBe(200)
    expect(topped.json().model).toMatchObject({ id: wallet.id, balance: 6500 })
    expect(topped.json().model.movements.map((m: { amount: number }) => m.amount)).toEqual([1500, 5000])
    const deskTopUp = await as(desk).post(`/api/staff/vouchers/${wallet.id}/top-up`, {
      amount: 1,
      concept: 'x',
    })
    expect(deskTopUp.statusCode).toBe(403)

    const hours = await as(manager).post(`/api/staff/customers/${ana.id}/vouchers`, {
      kind: 'hours',
      description: 'Bono 10 horas',
      amount: 600,
      concept: 'Compra',
      bookingTypeIds: [club.padel],
      durationMinutes: [60, 90],
    })
    expect(hours.statusCode, hours.body).toBe(200)
    expect(hours.json().model).toMatchObject({ kind: 'hours', balance: 600 })
    const sessions = await as(manager).post(`/api/staff/customers/${ana.id}/vouchers`, {
      kind: 'sessions',
      description: 'Bono 10 clases',
      amount: 10,
      concept: 'Compra',
    })
    expect(sessions.statusCode, sessions.body).toBe(200)

    // The customer sees them on the site: money in euros, hours in hours.
    const site = await t.app.inject({
      method: 'GET',
      url: `/api/publicvouchers/customer-vouchers/${ana.id}`,
      headers: { ...EN, ...ana.headers },
    })
    expect(
      site
        .json()
        .model.active.map((v: { balance: number }) => v.balance)
        .sort(),
    ).toEqual([10, 10, 65])

    expect(await auditRows('voucher.add', `voucher:${wallet.id}`)).toEqual([
      expect.objectContaining({
        staffId: managerId,
        before: null,
        after: expect.objectContaining({ customerId: ana.id, kind: 'money', amount: 5000, balance: 5000 }),
      }),
    ])
    expect(await auditRows('voucher.top-up', `voucher:${wallet.id}`)).toEqual([
      {
        staffId: managerId,
        before: { balance: 5000 },
        after: expect.objectContaining({ balance: 6500, amount: 1500, concept: 'Regalo' }),
      },
    ])

    const before = await snapshotTables(t.app, WRITE_TABLES)
    const scoped = await as(manager).post(`/api/staff/customers/${ana.id}/vouchers`, {
      ...money,
      bookingTypeIds: [club.padel],
    })
    expect(scoped.statusCode).toBe(400)
    const zero = await as(manager).post(`/api/staff/vouchers/${wallet.id}/top-up`, {
      amount: 0,
      concept: 'x',
    })
    expect(zero.statusCode).toBe(400)
    const unknown = await as(manager).post('/api/staff/vouchers/999999/top-up', { amount: 1, concept: 'x' })
    expect(unknown.statusCode).toBe(404)
    const nobody = await as(manager).post('/api/staff/customers/999999/vouchers', money)
    expect(nobody.statusCode).toBe(404)
    await expectTablesUnchanged(t.app, before, 'refused vouchers')
  })

  it('sends the activation mail again to an account not activated, and refuses the others', async () => {
    const id = await insertCustomer(t.app, {
      email: `waiting${++n}@example.com`,
      password: CUSTOMER_PASSWORD,
      activated: false,
    })
    const mails = async () =>
      Number(
        (
          await rows<{ n: number }>(
            sql`select count(*) as n from communications where customer_id = ${id} and purpose = 'activation'`,
          )
        )[0]!.n,
      )
    const res = await as(desk).post(`/api/staff/customers/${id}/resend-activation`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model).toMatchObject({ alreadySent: false })
    await t.app.services.background.settled()
    expect(await mails()).toBe(1)
    expect(await auditRows('activation.resend', `customer:${id}`)).toHaveLength(1)
    // Asked again within its minutes: told when it went, nothing more sent.
    const again = await as(desk).post(`/api/staff/customers/${id}/resend-activation`)
    expect(again.json().model).toMatchObject({ alreadySent: true })
    await t.app.services.background.settled()
    expect(await mails()).toBe(1)

    const active = await customer()
    const refused = await as(desk).post(`/api/staff/customers/${active.id}/resend-activation`, undefined, ES)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'already_active', errorMsg: 'Esta cuenta ya está activa.' })
    const walkIn = await t.app.services.customers.createWalkIn({ name: 'Paco', phone: '600 11 22 33' })
    const noEmail = await as(desk).post(`/api/staff/customers/${walkIn}/resend-activation`)
    expect(noEmail.statusCode).toBe(422)
    expect(noEmail.json()).toMatchObject({ code: 'rule' })
    expect((await account(walkIn)).walkIn).toBe(true)
  })

  it('disables an account: its token stops at once, it logs in no more, and it is audited once', async () => {
    const ana = await customer()
    const email = `client${n}-1@example.com`
    const profile = () =>
      t.app.inject({ method: 'GET', url: `/api/publiccustomers/${ana.id}`, headers: ana.headers })
    expect((await profile()).statusCode).toBe(200)

    const res = await as(desk).post(`/api/staff/customers/${ana.id}/disable`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model).toMatchObject({
      disabled: true,
      disabledAt: new Date(clock.now()).toISOString(),
    })
    expect((await profile()).statusCode).toBe(401)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/publiccustomers/cauth',
      payload: { email, password: CUSTOMER_PASSWORD },
    })
    expect(login.statusCode).toBe(401)
    expect(login.json()).toMatchObject({ code: 'invalid_credentials' })
    // Its sessions are ended in the database too, not only refused.
    const open = await rows<{ n: number }>(
      sql`select count(*) as n from customer_tokens where customer_id = ${ana.id} and used_at is null`,
    )
    expect(Number(open[0]!.n)).toBe(0)

    const again = await as(desk).post(`/api/staff/customers/${ana.id}/disable`)
    expect(again.statusCode).toBe(200)
    expect(await auditRows('customer.disable', `customer:${ana.id}`)).toEqual([
      {
        staffId: deskId,
        before: { disabledAt: null },
        after: { disabledAt: new Date(clock.now()).toISOString() },
      },
    ])
    expect((await account(ana.id)).disabled).toBe(true)
    const resend = await as(desk).post(`/api/staff/customers/${ana.id}/resend-activation`)
    expect(resend.statusCode).toBe(422)
  })

  it('enables a disabled account again: it logs in as before, and it is audited once', async () => {
    const ana = await customer()
    const email = `client${n}-1@example.com`
    const logIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/cauth',
        payload: { email, password: CUSTOMER_PASSWORD },
      })
    await as(desk).post(`/api/staff/customers/${ana.id}/disable`)
    const disabledAt = new Date(clock.now()).toISOString()
    expect((await logIn()).statusCode).toBe(401)

    const res = await as(desk).post(`/api/staff/customers/${ana.id}/enable`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model).toMatchObject({ disabled: false, disabledAt: null, activated: true })
    const login = await logIn()
    expect(login.statusCode, login.body).toBe(200)
    const again = await as(desk).post(`/api/staff/customers/${ana.id}/enable`)
    expect(again.statusCode).toBe(200)
    expect(await auditRows('customer.enable', `customer:${ana.id}`)).toEqual([
      { staffId: deskId, before: { disabledAt }, after: { disabledAt: null } },
    ])
    expect((await account(ana.id)).disabled).toBe(false)
    const unknown = await as(desk).post('/api/staff/customers/999999/enable')
    expect(unknown.statusCode).toBe(404)
  })
})
