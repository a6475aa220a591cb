import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { PaymentMethodId, type PrebookModel } from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from './app.ts'
import { loadConfig } from './config.ts'
import { both } from './test/account-fixtures.ts'
import { createTestClub, prebookBody } from './test/booking-fixtures.ts'
import { createPostgresDatabase, describeOnPostgres } from './test/build-test-app.ts'
import { saveTestSettings } from './test/catalogue-fixtures.ts'
import { checkoutBody, moneyVoucher } from './test/checkout-fixtures.ts'
import { insertLoggedInCustomers, type LoggedIn } from './test/customers.ts'
import { freePort, payAtRedsys, startRedsys } from './test/payment-fixtures.ts'
import { startServerProcess, type ServerProcess } from './test/server-process.ts'
import { setCustomerLimits } from './test/settings-fixtures.ts'
import { startSilentSmtp, startSmtp } from './test/smtp.ts'
import { startInstances } from './test/instances.ts'
import { heardAll } from './test/two-instances.ts'
import { startLoad, until, within } from './test/faults.ts'
import { captureLog } from './test/log-capture.ts'
import { createDatabaseOn, startOwnPostgres, type OwnPostgres } from './test/own-postgres.ts'

/**
 * Faults the site must survive without an operator restarting it (issue 22): what customers and an
 * operator see while each lasts, and that nothing is lost or done twice once it is over. Each case
 * waits for states and events, never for a fixed time, and is bounded by its own timeouts.
 */

/** One product with `stock` units, sent or picked up, and a free pickup: a shop to order from. */
async function shelf(services: App['services'], name: string, grossPriceCents: number, stock: number) {
  const [gear] = await services.shop.createProductTypes([{ name: both('Material', 'Gear') }])
  const [product] = await services.shop.createProducts([
    {
      name: both(name, name),
      description: both(name, name),
      detail: both(`<p>${name}</p>`, `<p>${name}</p>`),
      productTypeId: gear!,
      grossPriceCents,
      taxPercent: 21,
      stock,
      transportRequired: true,
    },
  ])
  const [pickup] = await services.checkout.createTransports([
    { name: both('Recogida', 'Pickup'), deliveryTime: both('Mañana', 'Tomorrow'), priceCents: 0 },
  ])
  return { product: product!, pickup: pickup! }
}

describe('PostgreSQL restarted under load', () => {
  let server: OwnPostgres | undefined
  let apps: App[] = []
  let dataDir: string
  const logs = [captureLog('info'), captureLog('info')]

  beforeAll(async () => {
    server = await startOwnPostgres()
    const databaseUrl = await createDatabaseOn(server.url, 'clubhouse_faults')
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-faults-'))
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://test.local',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      DATABASE_URL: databaseUrl,
    })
    config.bookingSweepMs = 0
    config.formFilesSweepMs = 0
    // Each instance opens its own pool and listening connection, as separate processes do.
    for (const log of logs) {
      const app = await buildApp(config, { logger: log.logger, strictErrorCodes: true })
      await app.ready()
      apps.push(app)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {})
    apps = []
    await server?.destroy()
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('answers again on its own once PostgreSQL is back, and hears customer changes again', async () => {
    const [a, b] = apps as [App, App]
    await saveTestSettings(a.services)
    const customers = await insertLoggedInCustomers(a, 6, 'restart')
    const profile = (app: App, who: LoggedIn) =>
      app.inject({ url: `/api/publiccustomers/${who.id}`, headers: who.headers })
    const rename = (app: App, who: LoggedIn, name: string, address: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/publiccustomers/${who.id}`,
        headers: who.headers,
        remoteAddress: address,
        payload: {
          name,
          surname: 'Customer',
          email: `restart${customers.indexOf(who) + 1}@example.com`,
          phone: '600000000',
        },
      })

    const health = async (app: App) => (await app.inject({ url: '/api/czconfigs/main-settings' })).statusCode
    // Six customers read and change their profiles and buy with their wallets (a unit of work of
    // many statements) on both instances, without pause.
    const { product, pickup } = await shelf(a.services, 'Ball tube', 500, 10_000)
    const wallets = await Promise.all(customers.map((c) => moneyVoucher(a.services, c.id, 1_000_000)))
    const buy = (app: App, worker: number) =>
      app.inject({
        method: 'POST',
        url: '/api/shop/checkout-customer',
        headers: customers[worker]!.headers,
        remoteAddress: `198.51.100.${worker + 1}`,
        payload: checkoutBody(customers[worker]!.id, {
          shopTransportId: pickup,
          saleItems: [{ productId: product, units: 1 }],
          paymentMethodId: PaymentMethodId.MoneyVoucher,
          voucherId: wallets[worker],
        }),
      })
    const load = startLoad(apps, 6, (app, worker, round) => {
      const who = customers[worker]!
      if (round % 3 === 1) return buy(app, worker)
      return round % 3 ? profile(app, who) : rename(app, who, `Round ${round}`, `198.51.100.${worker + 1}`)
    })
    const answered = (from: number, ok: (status: number) => boolean) => (instance: number) =>
      load.answers.some((x) => x.instance === instance && x.askedAt >= from && ok(x.status))
    try {
      await until(20_000, 'both instances answering before the restart', () =>
        [0, 1].every(answered(0, (s) => s === 200)),
      )

      // PostgreSQL stops (fast: every session is ended, as a restart or a failover does).
      const stoppedAt = performance.now()
      await server!.stop()
      // While it is down, customers get the error answer at once: nothing hangs, nothing crashes.
      await until(20_000, 'both instances refusing while PostgreSQL is down', () =>
        [0, 1].every(answered(stoppedAt, (s) => s === 500)),
      )
      // The balancer's health check says so too, once its settings are no longer served from memory.
      await until(20_000, 'the health check failing on both instances while PostgreSQL is down', async () =>
        (await Promise.all(apps.map(health))).every((status) => status === 500),
      )
      await server!.start()
      const startedAt = performance.now()

      // Back: both instances answer again, with no restart of their own.
      await until(30_000, 'both instances answering after the restart', () =>
        [0, 1].every(answered(startedAt, (s) => s === 200)),
      )
      await until(20_000, 'the health check passing on both instances', async () =>
        (await Promise.all(apps.map(health))).every((status) => status === 200),
      )
    } finally {
      await within(30_000, 'the load loops ending', load.stop())
    }
    // Every answer was a success or the error shape: no request hung, none answered garbage.
    for (const x of load.answers) {
      if (x.status === 200) continue
      expect(x.status, x.body).toBe(500)
      expect(JSON.parse(x.body)).toMatchObject({ ok: false, code: 'internal' })
    }

    // The operator read that each instance lost its database and then heard changes again.
    for (const log of logs) {
      await within(
        10_000,
        'the log saying changes are heard again',
        log.waitFor((l) => /hearing customer changes again/.test(l.msg)),
      )
      expect(log.lines.some((l) => l.level === 40 && /stopped hearing customer changes/.test(l.msg))).toBe(
        true,
      )
    }

    // Change notifications flow again both ways: each instance hears what the other commits...
    await within(15_000, 'b hearing a change committed through a', heardAll(b, a))
    await within(15_000, 'a hearing a change committed through b', heardAll(a, b))
    expect(a.database.changes.state()).not.toBe('deaf')
    expect(b.database.changes.state()).not.toBe('deaf')

    // ...so a customer's change made on one instance after the restart shows on the other, which
    // had kept the earlier answer.
    const ana = customers[0]!
    expect((await profile(b, ana)).statusCode).toBe(200)
    const saved = await rename(a, ana, 'After The Restart', '198.51.100.200')
    expect(saved.statusCode, saved.body).toBe(200)
    await within(15_000, 'b hearing the rename', heardAll(b, a))
    expect((await profile(b, ana)).json().data.name).toBe('After The Restart')
  })
})

/**
 * An instance killed with SIGKILL (the machine lost, the out-of-memory killer) while customers check
 * out and pay on it and on another instance. PostgreSQL rolls back what the dead process had not
 * committed; the other instance answers every customer the load balancer now sends it; holds and
 * open payments the dead one took end with their windows, released by the survivor's sweep.
 */
describeOnPostgres('an instance killed in the middle of checkouts and payments', () => {
  const PAYMENT_WINDOW_MINUTES = 5
  const START_STOCK = 400
  const WALLET_CENTS = 1_000_000
  const WORKERS = 6
  let offset = 0
  const now = () => Date.now() + offset
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
  let redsys: Awaited<ReturnType<typeof startRedsys>> | undefined
  let dataDir: string | undefined
  let survivor: App | undefined
  let doomed: ServerProcess | undefined

  afterAll(async () => {
    await doomed?.stop().catch(() => {})
    await survivor?.close().catch(() => {})
    await redsys?.close().catch(() => {})
    await pgDb?.drop()
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('loses no paid order, keeps no hold, counts no stock or voucher twice, and the other instance carries on', async () => {
    pgDb = await createPostgresDatabase()
    redsys = await startRedsys()
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-faults-kill-'))
    const nowhere = await freePort()
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: pgDb.url,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      // The providers' own deliveries go nowhere: the test delivers each notification as Redsys does.
      PUBLIC_URL: `http://127.0.0.1:${nowhere}`,
      PAYMENT_WINDOW_MINUTES: String(PAYMENT_WINDOW_MINUTES),
      TRUST_PROXY: 'loopback',
      ...redsys.env,
    }
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' })
    config.bookingSweepMs = 0
    config.formFilesSweepMs = 0
    survivor = await buildApp(config, { logger: false, strictErrorCodes: true, now })
    await survivor.ready()
    const b = survivor
    const club = await createTestClub(b.services)
    await setCustomerLimits(b.services, { holdsPerCustomer: 100 })
    const { product: ball, pickup } = await shelf(b.services, 'Ball tube', 500, START_STOCK)
    const customers = await insertLoggedInCustomers(b, WORKERS, 'killed')
    const wallets = await Promise.all(customers.map((c) => moneyVoucher(b.services, c.id, WALLET_CENTS)))
    const a = await startServerProcess({ ...env, SEED_DEMO: 'false', LOG_LEVEL: 'info' })
    doomed = a

    // ---------------------------------------------------------------------------------------------
    // Customers, half of them sent to each instance; once the first is gone, all to the survivor.
    let killed = false
    type Answer = { status: number; json: Record<string, unknown> | undefined }
    async function send(
      worker: number,
      method: 'GET' | 'POST',
      url: string,
      who: LoggedIn | undefined,
      body: Record<string, unknown> | string | undefined,
      on: 'a' | 'b' = worker % 2 === 0 && !killed ? 'a' : 'b',
    ): Promise<Answer & { on: 'a' | 'b' }> {
      const form = typeof body === 'string'
      const headers: Record<string, string> = {
        ...(who?.headers ?? {}),
        ...(body === undefined
          ? {}
          : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
      }
      const address = `198.51.100.${worker + 1}`
      const payload = body === undefined ? undefined : form ? body : JSON.stringify(body)
      if (on === 'a') {
        try {
          const res = await fetch(`${a.url}${url}`, {
            method,
            headers: { ...headers, 'x-forwarded-for': address },
            ...(payload === undefined ? {} : { body: payload }),
          })
          const text = await res.text()
          return {
            on,
            status: res.status,
            json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
          }
        } catch {
          // The connection was refused or cut: the customer's request got no answer.
          return { on, status: 0, json: undefined }
        }
      }
      const res = await b.inject({
        method,
        url,
        headers,
        remoteAddress: address,
        ...(payload === undefined ? {} : { payload }),
      })
      return {
        on,
        status: res.statusCode,
        json: res.body ? (res.json() as Record<string, unknown>) : undefined,
      }
    }
    /** Sends again on the survivor what got no answer, as a browser's retry through the balancer would. */
    async function sendOrRetry(...args: Parameters<typeof send>) {
      const first = await send(...args)
      if (first.status !== 0) return first
      return send(args[0], args[1], args[2], args[3], args[4], 'b')
    }

    /** Checkout answers: what each customer was told. */
    const told: Array<{
      kind: 'wallet' | 'card' | 'hold'
      on: 'a' | 'b'
      saleId: number
      completed: boolean
    }> = []
    /** Charges made at Redsys: the signed notification, and whether one of its deliveries was answered 200. */
    const charges = new Map<string, { form: Record<string, string>; saleId: number; delivered: boolean }>()
    const succeededAfterKill = { count: 0 }
    let slots = 0

    const checkoutOf = (worker: number, more: Record<string, unknown>) =>
      checkoutBody(customers[worker]!.id, { shopTransportId: pickup, ...more })

    async function journey(worker: number, round: number) {
      const who = customers[worker]!
      const kind = (['wallet', 'card', 'hold'] as const)[round % 3]!
      let body: Record<string, unknown>
      if (kind === 'hold') {
        // A court at a time of its own, 2 to 12 days ahead (a centre books up to 14), held while it
        // is paid for.
        const slot = slots++
        const date = new Date(Date.now() + (2 + Math.floor(slot / 8)) * 86_400_000).toISOString().slice(0, 10)
        const time = ['10:00', '11:00', '12:00', '13:00'][Math.floor(slot / 2) % 4]!
        const held = await sendOrRetry(
          worker,
          'POST',
          '/api/publicbookings/prebook',
          who,
          prebookBody(who.id, club.padel, `${date} ${time}`, 60, [slot % 2 ? club.court2 : club.court1]),
        )
        if (held.status !== 200) return
        const saleId = ((held.json!.model as PrebookModel).sale as { id: number }).id
        body = checkoutOf(worker, { saleIds: [saleId], paymentMethodId: PaymentMethodId.BankCardRedirect })
      } else if (kind === 'wallet') {
        body = checkoutOf(worker, {
          saleItems: [{ productId: ball, units: 1 }],
          paymentMethodId: PaymentMethodId.MoneyVoucher,
          voucherId: wallets[worker],
        })
      } else {
        body = checkoutOf(worker, {
          saleItems: [{ productId: ball, units: 2 }],
          paymentMethodId: PaymentMethodId.BankCardRedirect,
        })
      }
      const placed = await sendOrRetry(worker, 'POST', '/api/shop/checkout-customer', who, body)
      if (placed.status !== 200) return
      const model = placed.json!.model as {
        saleId: number
        completed: boolean
        paymentReference: string | null
        redsysData: Parameters<typeof payAtRedsys>[0] | null
      }
      told.push({ kind, on: placed.on, saleId: model.saleId, completed: model.completed })
      if (killed && placed.on === 'b') succeededAfterKill.count++
      if (kind !== 'card') return
      // The customer pays at Redsys; Redsys notifies the site.
      const back = await payAtRedsys(model.redsysData!, 'pay')
      expect(back.location).toContain('/cz/ok')
      const sent = redsys!.fake.notifications.find((n) => n.parameters.Ds_Order === model.paymentReference)!
      expect(sent.parameters.Ds_Response).toBe('0000')
      const charge = { form: sent.form, saleId: model.saleId, delivered: false }
      charges.set(model.paymentReference!, charge)
      const notified = await send(
        worker,
        'POST',
        '/api/redsys/notification',
        undefined,
        new URLSearchParams(sent.form).toString(),
      )
      charge.delivered = notified.status === 200
    }

    const load = startLoad([b], WORKERS, async (_app, worker, round) => {
      await journey(worker, round)
      return new Response('')
    })
    try {
      // The first instance takes its share of orders; then it is killed, mid-flight.
      const onA = () => told.filter((t) => t.on === 'a')
      await until(60_000, 'the first instance taking orders of every kind', () =>
        (['wallet', 'card', 'hold'] as const).every((kind) => onA().some((t) => t.kind === kind)),
      )
      a.signal('SIGKILL')
      killed = true
      expect(await within(10_000, 'the first instance ending', a.exited)).toMatchObject({ signal: 'SIGKILL' })
      // The survivor carries on: every customer is now served by it.
      await until(60_000, 'the survivor taking orders after the kill', () => succeededAfterKill.count >= 9)
    } finally {
      await within(60_000, 'the customers stopping', load.stop())
    }
    for (const x of load.answers) expect(x.body, 'a journey failed').toBe('')

    // Redsys sends again every notification that no one answered 200 (the first instance died
    // holding it): now to the survivor.
    for (const charge of charges.values()) {
      if (charge.delivered) continue
      const again = await send(
        0,
        'POST',
        '/api/redsys/notification',
        undefined,
        new URLSearchParams(charge.form).toString(),
        'b',
      )
      expect(again.status, JSON.stringify(again.json)).toBe(200)
      charge.delivered = true
    }

    // Time passes beyond every hold and payment window: the survivor's sweeps end them.
    offset += (PAYMENT_WINDOW_MINUTES + config.holdMinutes + 1) * 60_000
    while ((await b.services.payments.sweep()).expired > 0);
    await b.services.bookings.sweep()

    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await b.database.db.execute(query)) as unknown as { rows: T[] }).rows
    const saleStatus = new Map(
      (await rows<{ id: number; status: string }>(sql`select id, status from sales`)).map((s) => [
        Number(s.id),
        s.status,
      ]),
    )

    // No paid order lost: every order a customer was told was complete, and every charge Redsys
    // made, is a paid order (or, for a court whose hold had ended, money given back).
    for (const t of told.filter((t) => t.completed))
      expect(saleStatus.get(t.saleId), `sale ${t.saleId}`).toBe('paid')
    for (const [reference, charge] of charges) {
      const [payment] = await rows<{ status: string }>(
        sql`select status from payments where reference = ${reference}`,
      )
      expect(
        saleStatus.get(charge.saleId) === 'paid'
          ? payment!.status
          : `${payment!.status} ${saleStatus.get(charge.saleId)}`,
        `payment ${reference}`,
      ).toMatch(/^(confirmed|refunded cancelled)$/)
    }
    expect(
      await rows(sql`select payment_id from payment_events where kind = 'settled'
        group by payment_id having count(*) > 1`),
    ).toEqual([])
    expect(new Set(told.filter((t) => t.on === 'a').map((t) => t.kind)).size).toBe(3)

    // No order left waiting and no hold kept: the windows ended, the sweep released them.
    expect(await rows(sql`select id from sales where status = 'pending'`)).toEqual([])
    expect(await rows(sql`select id from bookings where status = 'held'`)).toEqual([])
    expect(
      await rows(sql`select k.id from booking_blocks k join bookings b on b.id = k.booking_id
        where k.released_at is null and b.status <> 'confirmed'`),
    ).toEqual([])

    // No stock counted twice (nor lost): what is left is what no live order took.
    const [stock] = await rows<{ left: number; taken: number }>(sql`
      select (select stock from products where id = ${ball}) as left,
        (select coalesce(sum(i.units), 0) from sale_items i join sales s on s.id = i.sale_id
          where i.product_id = ${ball} and s.status <> 'cancelled') as taken`)
    expect(Number(stock!.left) + Number(stock!.taken)).toBe(START_STOCK)

    // No voucher counted twice: each paid wallet order took its total once, nothing else took any.
    const spends = await rows<{ sale_id: number | null; spent: number; total: number; status: string }>(sql`
      select m.sale_id, -sum(m.amount) as spent, s.total_cents as total, s.status
      from voucher_movements m left join sales s on s.id = m.sale_id
      where m.amount < 0 or m.sale_id is not null
      group by m.sale_id, s.total_cents, s.status`)
    for (const s of spends) {
      expect(Number(s.spent), `voucher spends of sale ${s.sale_id}`).toBe(
        s.status === 'paid' ? Number(s.total) : 0,
      )
    }
    const walletSales = told.filter((t) => t.kind === 'wallet' && t.completed).map((t) => t.saleId)
    expect(
      spends
        .filter((s) => s.status === 'paid')
        .map((s) => Number(s.sale_id))
        .sort(),
    ).toEqual([...new Set(walletSales)].sort())
    const balances = await rows<{ id: number; balance: number; moved: number }>(sql`
      select v.id, v.balance, (select coalesce(sum(amount), 0) from voucher_movements m where m.voucher_id = v.id) as moved
      from vouchers v`)
    for (const v of balances) expect(Number(v.balance)).toBe(Number(v.moved))
  })
})

/**
 * The SMTP server away for a while, on two instances: first silent (it takes connections and says
 * nothing, as a hung host does), then gone (connections refused), then back. Mails stay queued in
 * the outbox meanwhile, every send ends within its claim, and once the server is back each mail
 * goes exactly once, however the instances' deliveries race.
 */
describeOnPostgres('SMTP away for a while', () => {
  const TIMING = { claimMs: 3_000, smtpTimeoutMs: 600 }
  const MAILS = 8
  let two: Awaited<ReturnType<typeof startInstances>> | undefined
  let silent: Awaited<ReturnType<typeof startSilentSmtp>> | undefined
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined

  afterAll(async () => {
    await two?.close()
    await silent?.close()
    await smtp?.close()
  })

  it('keeps mails queued while it is away, and sends each once when it is back', async () => {
    silent = await startSilentSmtp()
    two = await startInstances(2, { env: { SMTP_URL: silent.url }, config: { mailTiming: TIMING } })
    const apps = two.apps
    await saveTestSettings(apps[0]!.services)
    const db = apps[0]!.database.db
    const outbox = async () =>
      (
        (await db.execute(sql`select id, to_address, status, attempts, last_error from communications
          where channel = 'email' order by id`)) as unknown as {
          rows: Array<{
            id: number
            to_address: string
            status: string
            attempts: number
            last_error: string | null
          }>
        }
      ).rows

    // Customers register on both instances; each is told to activate the account by mail.
    const emails = Array.from({ length: MAILS }, (_, i) => `smtp.away.${i}@example.com`)
    const registered = await Promise.all(
      emails.map((email, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/publiccustomers/register',
          remoteAddress: `198.51.100.${i + 1}`,
          payload: {
            name: 'Away',
            surname: 'Customer',
            email,
            password: 'Away-Pass-2026',
            phone: '600000000',
            acceptConditions: true,
          },
        }),
      ),
    )
    for (const r of registered) expect(r.statusCode, r.body).toBe(200)

    // Each instance tries, and each send gives up when the server stays silent: the mail stays
    // queued, tried once, its error noted for the operator, its retry scheduled.
    await within(30_000, 'every mail tried once', Promise.all(apps.map((app) => app.services.mail.flush())))
    let queued = await outbox()
    expect(queued).toHaveLength(MAILS)
    for (const row of queued) {
      expect(row).toMatchObject({ status: 'queued', attempts: 1 })
      expect(row.last_error).toMatch(/timeout|greeting never received/i)
    }
    expect(silent.connections()).toBe(MAILS)

    // The retries' time comes while it is still silent. One instance's delivery run takes a while
    // (each send waits for its timeout) and the other's timer fires meanwhile, again and again:
    // each mail is still tried once, by one of them.
    await db.execute(sql`update communications set next_attempt_at = now()`)
    let firstDone = false
    const first = apps[0]!.services.mail.deliverDue().finally(() => (firstDone = true))
    await until(10_000, 'the first instance claiming', async () =>
      (await outbox()).some((row) => row.attempts === 2),
    )
    await within(
      30_000,
      'every mail tried a second time',
      (async () => {
        while (!firstDone) {
          await apps[1]!.services.mail.deliverDue()
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        await first
      })(),
    )
    for (const row of await outbox()) expect(row).toMatchObject({ status: 'queued', attempts: 2 })
    expect(silent.connections()).toBe(2 * MAILS)

    // Then the server is gone altogether: connections refused. The retries' time comes.
    await silent.close()
    await db.execute(sql`update communications set next_attempt_at = now()`)
    await within(10_000, 'every mail tried again', Promise.all(apps.map((app) => app.services.mail.flush())))
    queued = await outbox()
    for (const row of queued) {
      expect(row).toMatchObject({ status: 'queued', attempts: 3 })
      expect(row.last_error).toMatch(/ECONNREFUSED/)
    }

    // The server is back on its address; the retries' time comes, and both instances deliver at
    // once, each several times over.
    smtp = await startSmtp({ port: silent.port })
    await db.execute(sql`update communications set next_attempt_at = now()`)
    await within(
      20_000,
      'every mail delivered',
      Promise.all([...apps, ...apps, ...apps].map((app) => app.services.mail.deliverDue())),
    )
    await Promise.all(apps.map((app) => app.services.mail.flush()))

    expect(smtp.received.map((m) => m.to).sort()).toEqual([...emails].sort())
    for (const row of await outbox())
      expect(row).toMatchObject({ status: 'sent', attempts: 4, last_error: null })
  })
})

/**
 * Redsys's notification of a payment arriving while the same cart is being placed again (the
 * customer sent it once more from another tab, by card or with their wallet): whichever takes the
 * payment's lock first, the order is paid once, its stock taken once, its mail sent once, and money
 * taken twice goes back.
 */
describeOnPostgres('a provider notification arriving while the order is being placed', () => {
  let two: Awaited<ReturnType<typeof startInstances>> | undefined
  let redsys: Awaited<ReturnType<typeof startRedsys>> | undefined
  let admin: pg.Client | undefined

  afterAll(async () => {
    await admin?.end().catch(() => {})
    await two?.close()
    await redsys?.close()
  })

  it('applies it once, whichever of it and the placing goes first', async () => {
    redsys = await startRedsys()
    const nowhere = await freePort()
    two = await startInstances(2, { env: { ...redsys.env, PUBLIC_URL: `http://127.0.0.1:${nowhere}` } })
    const [a, b] = two.apps as [App, App]
    await saveTestSettings(a.services)
    const { product: racket, pickup } = await shelf(a.services, 'Racket', 9900, 100)
    const customers = await insertLoggedInCustomers(a, 4, 'notified')
    const databaseUrl = (
      (await a.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>
      }
    ).rows[0]!.name
    admin = new pg.Client({
      connectionString: new URL(`/${databaseUrl}`, process.env.TEST_DATABASE_URL).toString(),
    })
    await admin.connect()
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await a.database.db.execute(query)) as unknown as { rows: T[] }).rows
    // The sessions of this database waiting for a lock, one row each (a session waits for one at a time).
    const waiters = async () =>
      (
        await admin!.query<{ pid: number; locktype: string; query: string }>(
          `select l.pid, l.locktype, s.query from pg_locks l join pg_stat_activity s on s.pid = l.pid
           where not l.granted and s.datname = current_database()`,
        )
      ).rows
    const waiting = async () => (await waiters()).length
    const notify = (app: App, form: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/redsys/notification',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      })
    const chargedAt = async (data: Parameters<typeof payAtRedsys>[0], reference: string) => {
      expect((await payAtRedsys(data, 'pay')).location).toContain('/cz/ok')
      return redsys!.fake.notifications.find((n) => n.parameters.Ds_Order === reference)!.form
    }

    const rounds = [
      { again: 'wallet', first: 'notification' },
      { again: 'wallet', first: 'placing' },
      { again: 'card', first: 'notification' },
      { again: 'card', first: 'placing' },
    ] as const
    for (const [i, round] of rounds.entries()) {
      const who = customers[i]!
      const what = `${round.again} again, ${round.first} first`
      const wallet = await moneyVoucher(a.services, who.id, 100_000)
      const cart = checkoutBody(who.id, {
        shopTransportId: pickup,
        saleItems: [{ productId: racket, units: 1 }],
        paymentMethodId: PaymentMethodId.BankCardRedirect,
      })
      const checkout = (app: App, body: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: '/api/shop/checkout-customer',
          headers: who.headers,
          remoteAddress: `198.51.100.${i + 1}`,
          payload: body,
        })
      const placed = await checkout(a, cart)
      expect(placed.statusCode, placed.body).toBe(200)
      const order = placed.json().model as {
        saleId: number
        paymentReference: string
        redsysData: Parameters<typeof payAtRedsys>[0]
      }
      const form = await chargedAt(order.redsysData, order.paymentReference)

      // The payment's row is held while both arrive, in the order of the round: each waits for it
      // in the middle of its work, and the first to arrive takes it first.
      await admin.query('begin')
      await admin.query('select 1 from payments where reference = $1 for update', [order.paymentReference])
      const placing = () =>
        checkout(b, {
          ...cart,
          ...(round.again === 'wallet'
            ? { paymentMethodId: PaymentMethodId.MoneyVoucher, voucherId: wallet }
            : {}),
        })
      let notified: ReturnType<typeof notify>
      let placedAgain: ReturnType<typeof placing>
      // Neither may answer while the row is held; a wait that does not come says who waits and who answered.
      const answered: string[] = []
      const watch = <T extends { statusCode: number; body: string }>(name: string, p: Promise<T>) => {
        void p.then((r) => answered.push(`${name} ${r.statusCode} ${r.body.slice(0, 300)}`)).catch(() => {})
        return p
      }
      // Every session of the database with what it does and who holds it up: what a wait that
      // does not come is told by.
      const sessions = async () =>
        (
          await admin!.query(
            `select pid, application_name, state, wait_event_type, wait_event, pg_blocking_pids(pid) as blocked_by,
               left(query, 120) as query
             from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
          )
        ).rows
      const waitFor = async (n: number, step: string, opts: { orGoOn?: boolean } = {}) => {
        try {
          await until(30_000, `${what}: ${step}`, async () => answered.length > 0 || (await waiting()) >= n)
        } catch (err) {
          const seen = `waiting: ${JSON.stringify(await waiters())}; sessions: ${JSON.stringify(await sessions())}`
          // The second request not seen waiting for the row (on a loaded machine, once in a while,
          // it waits where pg_locks does not show it): the race is then run as it comes, and what
          // follows still proves it applied once. The first must be seen waiting.
          if (!opts.orGoOn) throw new Error(`${(err as Error).message}; ${seen}`, { cause: err })
          console.warn(`${what}: ${step}: not seen within 30 s, going on; ${seen}`)
        }
        expect(answered, `${what}: ${step}: answered while the payment was held`).toEqual([])
      }
      if (round.first === 'notification') {
        notified = watch('notification', notify(a, form))
        await waitFor(1, 'the notification waiting')
        placedAgain = watch('placing', placing())
      } else {
        placedAgain = watch('placing', placing())
        await waitFor(1, 'the placing waiting')
        notified = watch('notification', notify(a, form))
      }
      await waitFor(2, 'both waiting', { orGoOn: true })
      await admin.query('commit')
      const [n, p] = await within(20_000, `${what}: both answered`, Promise.all([notified, placedAgain]))
      expect(n.statusCode, `${what}: ${n.body}`).toBe(200)
      expect(p.statusCode, `${what}: ${p.body}`).toBe(200)

      // A second card attempt the customer paid too: its money goes back.
      const again = p.json().model as {
        completed: boolean
        paymentReference: string | null
        redsysData: unknown
      }
      if (!again.completed && again.redsysData) {
        const second = await chargedAt(
          again.redsysData as Parameters<typeof payAtRedsys>[0],
          again.paymentReference!,
        )
        expect((await notify(b, second)).statusCode).toBe(200)
      }

      const [sale] = await rows<{ status: string; paid_cents: number; total_cents: number }>(
        sql`select status, paid_cents, total_cents from sales where id = ${order.saleId}`,
      )
      expect(sale, what).toMatchObject({ status: 'paid', paid_cents: sale!.total_cents })
      const payments = await rows<{ status: string; amount_cents: number; refunded: number }>(sql`
        select p.status, p.amount_cents,
          (select coalesce(sum(r.amount_cents), 0) from payment_refunds r where r.payment_id = p.id) as refunded
        from payments p join payment_sales s on s.payment_id = p.id where s.sale_id = ${order.saleId}`)
      const kept = payments
        .filter((x) => x.status === 'confirmed' || x.status === 'refunded')
        .reduce((sum, x) => sum + Number(x.amount_cents) - Number(x.refunded), 0)
      const [spent] = await rows<{ cents: number }>(
        sql`select coalesce(-sum(amount), 0) as cents from voucher_movements where voucher_id = ${wallet} and amount < 0`,
      )
      // The order's price was taken once: by card or from the wallet, never both kept.
      expect(kept + Number(spent!.cents), `${what}: money kept`).toBe(sale!.total_cents)
      expect(
        Number(
          (
            await rows<{ n: number }>(sql`select count(*) as n from payment_events e join payment_sales s
              on s.payment_id = e.payment_id where s.sale_id = ${order.saleId} and e.kind = 'settled'`)
          )[0]!.n,
        ) + (Number(spent!.cents) > 0 ? 1 : 0),
        `${what}: completed once`,
      ).toBe(1)
      const [mails] = await rows<{ n: number }>(
        sql`select count(*) as n from communications where customer_id = ${who.id} and subject ~* '(confirmed|confirmado)'`,
      )
      expect(Number(mails!.n), `${what}: confirmation mails`).toBe(1)
    }
    const [stock] = await rows<{ stock: number }>(sql`select stock from products where id = ${racket}`)
    expect(Number(stock!.stock)).toBe(100 - rounds.length)
  }, 240_000)
})
