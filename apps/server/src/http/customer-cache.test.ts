import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SaleItemKind, SESSION_TTL_DAYS, VoucherKind } from '@clubhouse/contract/server'
import type { App } from '../app.ts'
import type { Changes } from '../db/changes.ts'
import { communications } from '../features/comms/comms.tables.ts'
import { customerTokens, TokenKind } from '../features/customers/customers.tables.ts'
import { AppError } from '../lib/app-error.ts'
import { testDatabaseKinds } from '../test/build-test-app.ts'
import { saveTestSettings } from '../test/catalogue-fixtures.ts'
import { clearRateLimits, insertCustomer, loginAs, type LoggedIn } from '../test/customers.ts'
import { buildTwoInstances, heardAll, type TwoInstances } from '../test/two-instances.ts'
import { hashToken } from './auth.ts'
import { createCustomerCache } from './customer-cache.ts'

const both = (text: string) => ({ 'es-ES': text, 'en-US': text })

/**
 * The tables whose rows some cache keeps (decision 102), with the arguments of their trigger: the
 * column that leads to the customer, the parent table it leads through, and the column and value
 * a row (or its parent) must have before or after the change; '*' when every change concerns
 * every customer. Migration 0020 makes their triggers from the same list.
 */
const NOTIFYING: Record<string, string[] | '*'> = {
  customers: ['id', '', '', ''],
  customer_tokens: ['customer_id', '', '', ''],
  customer_custom_values: ['customer_id', '', '', ''],
  custom_fields: '*',
  card_tokens: ['customer_id', '', '', ''],
  sales: ['customer_id', '', 'status', 'paid'],
  sale_items: ['sale_id', 'sales', 'status', 'paid'],
  vouchers: ['customer_id', '', '', ''],
  voucher_movements: ['voucher_id', 'vouchers', '', ''],
  communications: ['customer_id', '', '', ''],
}
/** Tables with a customer's data that no cache keeps: their changes tell nobody. */
const KEPT_BY_NO_CACHE = [
  'bookings',
  'payments',
  'promo_uses',
  'activity_inscriptions',
  'place_session_waitlist',
  'form_submissions',
]

/**
 * Sessions and customers' own answers are kept in memory per instance (decision 038). What a
 * customer notices: a change made through one instance shows there at once, and on every other
 * instance as soon as it has heard of the change (well within a second, decision 038); a revoked
 * session stops working the same way; nothing read inside a unit of work that rolls back is ever
 * served.
 */
describe.each(testDatabaseKinds())('sessions and answers kept in memory, on two instances on %s', (kind) => {
  let two: TwoInstances
  let a: App
  let b: App
  let customerId: number
  let n = 0
  const password = 'Cache-Pass-2026'

  const get = (app: App, url: string, who: LoggedIn) => app.inject({ url, headers: who.headers })
  const profile = (app: App, who: LoggedIn) => get(app, `/api/publiccustomers/${who.id}`, who)
  const status = async (app: App, who: LoggedIn) => (await profile(app, who)).statusCode
  const orders = async (app: App, who: LoggedIn) =>
    (await get(app, `/api/shop/customer-orders/${who.id}`, who)).json<{ model: { number: string }[] }>().model
  /** A fresh customer for each test, logged in at `a`. */
  async function freshCustomer() {
    n += 1
    const email = `cache${n}@example.com`
    customerId = await insertCustomer(a, { email, password, name: 'Carla' })
    return { email, me: await loginAs(a, email, password) }
  }
  /** Reads the customer's profile and orders on both instances, so each keeps them. */
  async function readEverywhere(who: LoggedIn) {
    for (const app of [a, b]) {
      expect((await profile(app, who)).statusCode).toBe(200)
      await orders(app, who)
    }
  }
  async function paidOrder(app: App, title: string) {
    const { sales } = app.services
    return app.services.units.run(async () => {
      const sale = await sales.openSale({
        customerId,
        title: both(title),
        lines: [{ kind: SaleItemKind.Service, name: both(title), unitPriceCents: 1200, units: 1 }],
      })
      await sales.paySale(sale.id, { paymentMethodId: 1 })
      return sale.saleNumber
    })
  }

  beforeAll(async () => {
    two = await buildTwoInstances(kind)
    ;[a, b] = two.apps
    await saveTestSettings(a.services)
  })
  afterAll(() => two.close())
  beforeEach(() => clearRateLimits(a))

  it('ends a logged-out session at once where it ended, and on the other instance once it hears of it', async () => {
    const { me } = await freshCustomer()
    await readEverywhere(me)
    const out = await a.inject({ method: 'POST', url: '/api/publiccustomers/logout', headers: me.headers })
    expect(out.statusCode).toBe(200)
    expect(await status(a, me)).toBe(401)
    await heardAll(b, a)
    expect(await status(b, me)).toBe(401)
  })

  it('ends the other sessions of a password change on both instances and keeps the one that changed it', async () => {
    const { email } = await freshCustomer()
    const changer = await loginAs(a, email, password)
    const other = await loginAs(a, email, password)
    await readEverywhere(changer)
    await readEverywhere(other)
    const change = await a.inject({
      method: 'POST',
      url: '/api/publiccustomers/reset-password-by-old-json',
      headers: changer.headers,
      payload: { customerId: changer.id, plainOldPass: password, plainNewPass: 'Cache-Pass-2027' },
    })
    expect(change.statusCode).toBe(200)
    expect(await status(a, other)).toBe(401)
    expect(await status(a, changer)).toBe(200)
    await heardAll(b, a)
    expect(await status(b, other)).toBe(401)
    expect(await status(b, changer)).toBe(200)
  })

  it('shows an email change at once where it was made, and on the other instance once it hears of it', async () => {
    const { email, me } = await freshCustomer()
    await readEverywhere(me)
    const newEmail = `new.${email}`
    const save = await a.inject({
      method: 'PUT',
      url: `/api/publiccustomers/${me.id}`,
      headers: me.headers,
      payload: {
        name: 'Carla',
        surname: 'Customer',
        email: newEmail,
        phone: '600000000',
        currentPassword: password,
      },
    })
    expect(save.statusCode).toBe(200)
    expect((await profile(a, me)).json().data.pendingEmail).toBe(newEmail)
    await heardAll(b, a)
    expect((await profile(b, me)).json().data.pendingEmail).toBe(newEmail)

    // The link mailed to the new address makes it the login email.
    const [mail] = await a.database.db
      .select({ text: communications.textBody })
      .from(communications)
      .where(and(eq(communications.toAddress, newEmail), eq(communications.purpose, 'email_change')))
    const token = /confirm-email\/([0-9a-f]{64})/.exec(mail!.text)![1]
    const confirm = await a.inject({
      method: 'POST',
      url: '/api/publiccustomers/confirm-email',
      payload: { token },
    })
    expect(confirm.statusCode).toBe(200)
    expect((await profile(a, me)).json().data).toMatchObject({ email: newEmail, pendingEmail: null })
    await heardAll(b, a)
    expect((await profile(b, me)).json().data.email).toBe(newEmail)
  })

  it('lists a new order at once on the instance that took it, and on the other once it hears of it', async () => {
    const { me } = await freshCustomer()
    await readEverywhere(me)
    const number = await paidOrder(a, 'Pista 1')
    expect((await orders(a, me)).map((o) => o.number)).toEqual([number])
    await heardAll(b, a)
    expect((await orders(b, me)).map((o) => o.number)).toEqual([number])
  })

  it('shows a voucher top-up made on the other instance once it hears of it', async () => {
    const { me } = await freshCustomer()
    const voucherId = await a.services.vouchers.createVoucher({
      customerId,
      kind: VoucherKind.Money,
      description: both('Monedero'),
    })
    const balance = async (app: App) =>
      (await get(app, `/api/publicvouchers/customer-vouchers/${me.id}`, me)).json().model.active[0]?.balance
    expect(await balance(a)).toBeUndefined()
    expect(await balance(b)).toBeUndefined()
    await b.services.vouchers.moveBalance(voucherId, 2500, both('Recarga'))
    expect(await balance(b)).toBe(25)
    await heardAll(a, b)
    expect(await balance(a)).toBe(25)
  })

  it('never serves what a unit of work read and then rolled back', async () => {
    const { me } = await freshCustomer()
    await readEverywhere(me)
    const token = randomBytes(32).toString('hex')
    const { units } = a.services
    await expect(
      units.run(async () => {
        await a.database.db.insert(customerTokens).values({
          customerId: me.id,
          kind: TokenKind.Session,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
        })
        // Inside the unit the session exists, and an order too...
        expect(await a.customerOfToken(token)).toMatchObject({ id: me.id })
        await paidOrder(a, 'Never paid')
        throw new AppError('rule', 'Something later refused the step.')
      }),
    ).rejects.toMatchObject({ code: 'rule' })
    // ...but neither was kept: the unit rolled back.
    const ghost = { id: me.id, token, headers: { authorization: `Bearer ${token}` } }
    expect(await status(a, ghost)).toBe(401)
    expect(await orders(a, me)).toEqual([])
  })

  it('tells the changes of every table whose rows a cache keeps, and of no other', async () => {
    const found = await a.database.db.execute(sql`
      select c.relname as "table", t.tgname as "trigger", t.tgtype as "type", p.proname as "function",
        encode(t.tgargs, 'escape') as "args"
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname in ('notify_customer_change', 'notify_every_customer_change')
      order by 1, 2`)
    const { rows } = found as unknown as {
      rows: Array<{ table: string; trigger: string; type: number; function: string; args: string }>
    }
    const seen = rows.map((r) => ({
      ...r,
      args: r.args.split('\\000').filter((arg, i, all) => i < all.length - 1),
    }))
    // pg_trigger.tgtype: 1 for each row, 4 insert, 8 delete, 16 update, 32 truncate.
    const pairOf = (table: string, args: string[]) => [
      {
        table,
        trigger: `${table}_notify_change`,
        type: 1 + 4 + 8 + 16,
        function: 'notify_customer_change',
        args,
      },
      {
        table,
        trigger: `${table}_notify_truncate`,
        type: 32,
        function: 'notify_every_customer_change',
        args: [],
      },
    ]
    const expected = [
      ...Object.entries(NOTIFYING).flatMap(([table, args]) =>
        args === '*'
          ? [
              {
                table,
                trigger: `${table}_notify_change`,
                type: 4 + 8 + 16 + 32,
                function: 'notify_every_customer_change',
                args: [],
              },
            ]
          : pairOf(table, args),
      ),
    ].sort((x, y) => x.table.localeCompare(y.table) || x.trigger.localeCompare(y.trigger))
    expect(seen).toEqual(expected)

    // A table that holds a customer's data either notifies or is named as kept by no cache.
    const holders = await a.database.db.execute(sql`
      select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'customer_id' order by 1`)
    const holding = (holders as unknown as { rows: Array<{ table_name: string }> }).rows.map(
      (r) => r.table_name,
    )
    expect(holding.filter((t) => !(t in NOTIFYING) && !KEPT_BY_NO_CACHE.includes(t))).toEqual([])
  })

  it("tells a paid order, and nothing of a sale still pending (a prebook's)", async () => {
    const { me } = await freshCustomer()
    // The login's own change first.
    await heardAll(b, a)
    const heard: number[] = []
    const stop = b.database.changes.onChange((change) => {
      if (change === me.id) heard.push(change)
    })
    try {
      const { sales, units } = a.services
      const sale = await units.run(() =>
        sales.openSale({
          customerId,
          title: both('Pista'),
          lines: [{ kind: SaleItemKind.Service, name: both('Pista'), unitPriceCents: 1200, units: 1 }],
        }),
      )
      await heardAll(b, a)
      expect(heard).toEqual([])
      await units.run(() => sales.paySale(sale.id, { paymentMethodId: 1 }))
      await heardAll(b, a)
      expect(heard).toEqual([me.id])
    } finally {
      stop()
    }
  })

  if (kind === 'postgres') {
    it('reads the database while it cannot hear changes, and keeps answers again once it listens', async () => {
      const { me } = await freshCustomer()
      await readEverywhere(me)
      // An instance forgets all it kept when it stops listening, and again once it listens anew.
      const forgetsAll = () =>
        new Promise<void>((resolve) => {
          const stop = b.database.changes.onChange((change) => {
            if (change !== '*') return
            stop()
            resolve()
          })
        })
      const deaf = forgetsAll()
      await a.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'clubhouse customer changes'`)
      await deaf
      const listening = forgetsAll()
      expect(b.database.changes.state()).toBe('deaf')
      const save = await a.inject({
        method: 'PUT',
        url: `/api/publiccustomers/${me.id}`,
        headers: me.headers,
        payload: {
          name: 'Carla María',
          surname: 'Customer',
          email: `cache${n}@example.com`,
          phone: '600000000',
        },
      })
      expect(save.statusCode).toBe(200)
      // Deaf, it cannot know the profile changed: it reads it, and keeps nothing.
      expect((await profile(b, me)).json().data.name).toBe('Carla María')
      expect(b.customerCache.size()).toBe(0)
      await listening
      expect((await profile(b, me)).json().data.name).toBe('Carla María')
      expect(b.customerCache.size()).toBeGreaterThan(0)
    })
  }
})

describe('a kept session', () => {
  /** Changes as an instance that has heard everything sees them. */
  const heardEverything: Changes = {
    onChange: () => () => {},
    state: () => 'current',
    wrote: () => {},
    close: async () => {},
  }

  it('is asked of the database again once its expiry has passed', async () => {
    let clock = Date.parse('2026-05-04T10:00:00.000Z')
    const cache = createCustomerCache(heardEverything, { now: () => clock })
    const session = {
      customer: { id: 1, customerTypeId: undefined, tokenId: 1 },
      expiresAt: new Date(clock + 60_000),
    }
    const asked: number[] = []
    // The database's own rule: a session is found while its expiry is ahead.
    const find = async () => {
      asked.push(clock)
      return clock < session.expiresAt.getTime() ? session : undefined
    }
    expect(await cache.session('a-token-hash', find)).toBe(session)
    clock += 59_999
    expect(await cache.session('a-token-hash', find)).toBe(session)
    expect(asked).toHaveLength(1)
    clock += 1
    expect(await cache.session('a-token-hash', find)).toBeUndefined()
    expect(asked).toHaveLength(2)
  })
})
