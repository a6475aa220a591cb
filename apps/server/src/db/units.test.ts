import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SaleItemKind, VoucherKind } from '@clubhouse/contract/server'
import { communications } from '../features/comms/comms.tables.ts'
import { sales } from '../features/sales/sales.tables.ts'
import { voucherMovements, vouchers } from '../features/vouchers/vouchers.tables.ts'
import { AppError } from '../lib/app-error.ts'
import { describeOnPostgres, buildTestApp, testDatabaseKinds, type TestApp } from '../test/build-test-app.ts'
import { saveTestSettings } from '../test/catalogue-fixtures.ts'
import { TEST_MAIN_SETTINGS } from '../test/settings-fixtures.ts'
import { insertCustomer } from '../test/customers.ts'
import { outsideUnit } from './units.ts'

const name = { 'es-ES': 'Pista 1', 'en-US': 'Court 1' }

describe.each(testDatabaseKinds())('units of work on %s', (kind) => {
  let t: TestApp
  let customerId: number
  let voucherId: number
  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    customerId = await insertCustomer(t.app, { email: 'unit@example.com', password: 'Unit-Test-1' })
    voucherId = await t.app.services.vouchers.createVoucher({
      customerId,
      kind: VoucherKind.Money,
      description: name,
    })
    await t.app.services.vouchers.moveBalance(voucherId, 5000, name)
  })
  afterAll(() => t.close())

  const db = () => t.app.database.db
  const tally = async () => ({
    sales: (await db().select({ n: count() }).from(sales))[0]!.n,
    movements: (await db().select({ n: count() }).from(voucherMovements))[0]!.n,
    mails: (await db().select({ n: count() }).from(communications))[0]!.n,
    balance: (await db().select({ b: vouchers.balance }).from(vouchers).where(eq(vouchers.id, voucherId)))[0]!
      .b,
  })

  /** A checkout-like step over three services: a sale opened, a voucher spent on it, a mail queued. */
  const payWithVoucher = async (fail: boolean) => {
    const { units, sales: salesService, vouchers: vouchersService, mail } = t.app.services
    return units.run(async () => {
      const sale = await salesService.openSale({
        customerId,
        title: name,
        lines: [{ kind: SaleItemKind.Service, name, unitPriceCents: 1800, units: 1 }],
      })
      await vouchersService.moveBalance(voucherId, -sale.totalCents, name, { customerId, saleId: sale.id })
      await salesService.paySale(sale.id, { paymentMethodId: 6 })
      await mail.queue({
        customerId,
        to: 'unit@example.com',
        subject: 'Paid',
        html: '<p>Paid</p>',
        text: 'Paid',
      })
      if (fail) throw new AppError('rule', 'Something later refused the step.')
      return sale
    })
  }

  it('keeps nothing of a unit that fails, across every service it called', async () => {
    const before = await tally()
    await expect(payWithVoucher(true)).rejects.toMatchObject({ code: 'rule' })
    expect(await tally()).toEqual(before)
  })

  it('commits every service of a unit together, and runs after-commit work only then', async () => {
    const before = await tally()
    const ran: string[] = []
    const sale = await t.app.services.units.run(async () => {
      t.app.services.units.afterCommit(() => ran.push('after commit'))
      const s = await payWithVoucher(false)
      expect(ran).toEqual([])
      return s
    })
    expect(ran).toEqual(['after commit'])
    expect(await tally()).toEqual({
      sales: before.sales + 1,
      movements: before.movements + 1,
      mails: before.mails + 1,
      balance: before.balance - 1800,
    })
    const [paid] = await db().select().from(sales).where(eq(sales.id, sale.id))
    expect(paid).toMatchObject({ status: 'paid', paidCents: 1800, totalCents: 1800 })
  })

  it('drops the after-commit work of a unit that rolls back', async () => {
    const ran: string[] = []
    await expect(
      t.app.services.units.run(async () => {
        t.app.services.units.afterCommit(() => ran.push('should not run'))
        throw new AppError('rule', 'No.')
      }),
    ).rejects.toThrow('No.')
    expect(ran).toEqual([])
  })

  it('undoes only the nested unit a caller catches, keeping the rest of the outer one', async () => {
    const before = await tally()
    const ran: string[] = []
    await t.app.services.units.run(async () => {
      await t.app.services.vouchers.moveBalance(voucherId, 100, name)
      await t.app.services.units
        .run(async () => {
          t.app.services.units.afterCommit(() => ran.push('nested'))
          await t.app.services.vouchers.moveBalance(voucherId, 7, name)
          throw new AppError('rule', 'Inner step refused.')
        })
        .catch(() => {})
    })
    const after = await tally()
    expect(after.balance).toBe(before.balance + 100)
    expect(after.movements).toBe(before.movements + 1)
    expect(ran).toEqual([])
  })

  it('answers a unique violation with the code the caller chose, and a check violation with 422', async () => {
    const { units } = t.app.services
    const taken = () => new AppError('email_taken', 'This email is already registered.', { status: 409 })
    const duplicate = units.run(
      async () => {
        await db().execute(
          sql`insert into customers (email, name, surname, phone, accept_conditions) values ('unit@example.com', 'A', 'B', '1', true)`,
        )
      },
      { conflicts: { customers_email_key: taken } },
    )
    await expect(duplicate).rejects.toMatchObject({ code: 'email_taken', status: 409 })
    const unchosen = units.run(async () => {
      await db().execute(
        sql`insert into customers (email, name, surname, phone, accept_conditions) values ('unit@example.com', 'A', 'B', '1', true)`,
      )
    })
    await expect(unchosen).rejects.toMatchObject({ code: 'conflict', status: 409 })
    const negative = units.run(async () => {
      await db().update(vouchers).set({ balance: -1 }).where(eq(vouchers.id, voucherId))
    })
    await expect(negative).rejects.toMatchObject({ code: 'rule', status: 422 })
  })

  it('never spends a voucher below zero: the refusal moves nothing', async () => {
    const before = await tally()
    await expect(
      t.app.services.vouchers.moveBalance(voucherId, -(before.balance + 1), name, { customerId }),
    ).rejects.toMatchObject({ code: 'voucher_insufficient', status: 422 })
    expect(await tally()).toEqual(before)
  })

  it('reads shared caches through the unit instead of waiting for a read started outside it', async () => {
    const { units, content, shop } = t.app.services
    await saveTestSettings(t.app.services) // the settings cache is cold again
    // Another request's reads start outside the unit while it is open: on the embedded database they
    // wait for the unit, so the unit must not wait for them (it would wait forever).
    let outside: Promise<unknown[]> | undefined
    const inside = await units.run(async () => {
      outside = outsideUnit(() => Promise.all([content.mainSettings('es-ES'), shop.popularProducts('es-ES')]))
      return Promise.all([content.mainSettings('es-ES'), shop.popularProducts('es-ES')])
    })
    expect(inside[0].name).toBe(TEST_MAIN_SETTINGS.name)
    expect(await outside).toEqual(inside)
  })
})

describeOnPostgres('units of work racing on postgres', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp('postgres')
  })
  afterAll(() => t.close())

  /**
   * Two serialisable units that both read a counter before either writes it: the database refuses
   * the second writer (40001). Each first attempt waits until both have read, so the clash is certain.
   */
  async function race(attempts: number) {
    const { units } = t.app.services
    const db = t.app.database.db
    const key = `race-${attempts}`
    await db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${key}, 0, now() + interval '1 hour')`,
    )
    let reads = 0
    let bothRead!: () => void
    const barrier = new Promise<void>((resolve) => (bothRead = resolve))
    let tries = 0
    const increment = () =>
      units.run(
        async () => {
          tries++
          const res = await db.execute(sql`select count from rate_limits where key = ${key}`)
          const current = Number((res as unknown as { rows: Array<{ count: number }> }).rows[0]!.count)
          if (++reads === 2) bothRead()
          await barrier
          await db.execute(sql`update rate_limits set count = ${current + 1} where key = ${key}`)
        },
        { isolation: 'serializable', attempts },
      )
    const outcomes = await Promise.allSettled([increment(), increment()])
    const res = await db.execute(sql`select count from rate_limits where key = ${key}`)
    return {
      outcomes,
      tries,
      count: Number((res as unknown as { rows: Array<{ count: number }> }).rows[0]!.count),
    }
  }

  it('retries the whole unit after a serialisation failure, so both increments count', async () => {
    const { outcomes, tries, count } = await race(4)
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled'])
    expect(tries).toBe(3)
    expect(count).toBe(2)
  })

  it('answers 503 with a clear message when the unit keeps meeting another', async () => {
    const { outcomes, count } = await race(1)
    const refused = outcomes.filter((o) => o.status === 'rejected')
    expect(refused).toHaveLength(1)
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'busy', status: 503 })
    expect(count).toBe(1)
  })
})
