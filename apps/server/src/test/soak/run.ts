// The soak of `npm run soak` (decision 099): many registered customers browse, book courts and places
// in classes, cancel, and check out from the shop with vouchers and promo codes, against two app
// instances (separate processes, as `npm start` runs them) on one throwaway PostgreSQL database,
// every request to 127.0.0.1. Then the database is read for what must hold whatever the load did:
// see checks.ts. The CLI (cli.ts) runs it for minutes; soak.test.ts for a few hundred actions.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DiscountType, PaymentMethodId, type PrebookModel } from '@clubhouse/contract/server'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { seedDemoCentre } from '../../db/seed/index.ts'
import { addDays, wallClockAt } from '../../features/bookings/centre-clock.ts'
import { both } from '../account-fixtures.ts'
import { prebookBody } from '../booking-fixtures.ts'
import { checkoutBody, moneyVoucher } from '../checkout-fixtures.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../customers.ts'
import { createThrowawayDatabase } from '../../../bench/throwaway-database.ts'
import { startServerProcess, type ServerProcess } from '../server-process.ts'
import { checkDatabase, snapshotDatabase, type Check } from './checks.ts'

export interface SoakOptions {
  /** The PostgreSQL server the throwaway database is created on (and dropped from). */
  server: string
  /** The load stops after this long or after `maxActions` customer actions, whichever comes first. */
  durationMs: number
  maxActions: number
  customers: number
  /** Customers acting at once; each drives its own share of the customers, one action at a time. */
  workers: number
  /** How often each instance's memory is read; 0 reads it at the start and at the end only. */
  sampleEveryMs: number
  /** Memory read before this much of the run has passed is warm-up, not judged. */
  warmupMs: number
  /**
   * Fail on holds still held this long after they expired (the sweep runs every minute on each
   * instance); 0 leaves it out, for a run shorter than the holds.
   */
  sweepGraceMs: number
  log: (line: string) => void
}

/** One reading of an instance's memory, `atMs` from the start of the load. */
export interface MemorySample {
  atMs: number
  rss: number
  heapUsed: number
}

export interface SoakReport {
  elapsedMs: number
  actions: number
  /** Per route (method and path, ids as `:id`): how many answers of each status (0: no answer). */
  statuses: Map<string, Map<number, number>>
  /** Per route: the codes of its 4xx answers (`409 slot_taken`), how many of each. */
  refusals: Map<string, Map<string, number>>
  /** Per route: each request's latency (ms). */
  routeLatencies: Map<string, number[]>
  /** Per kind of action: each action's latency (ms, all its requests) and how many got their way. */
  kinds: Map<string, { latencies: number[]; done: number }>
  memory: MemorySample[][]
  checks: Check[]
}

/** The hold of the soak's instances, short so that holds left unpaid expire and are swept during a run. */
export const SOAK_HOLD_MINUTES = 1
/** A promo with a limit the customers compete for: 3 € off, 60 orders in all, 2 per customer. */
export const SOAK_PROMO = { code: 'SOAK3', maxUses: 60, maxUsesPerCustomer: 2 }

interface Shopper extends LoggedIn {
  /** The address its requests come from, through the loopback proxy: rate limits are per address. */
  address: string
  /** Its money voucher; some customers have none, and pay with GRATIS100 or leave their holds. */
  voucherId: number | null
}

interface Answer {
  status: number
  body: unknown
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)]
const chance = (p: number) => Math.random() < p

export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const database = await createThrowawayDatabase(opts.server, 'cz_soak')
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-soak-'))
  const instances: ServerProcess[] = []
  try {
    opts.log(`database ${database.name}; seeding the demo centre and ${opts.customers} customers`)
    const shoppers = await seedSoakCentre(database.url, dataDir, opts.customers)
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      HOLD_MINUTES: String(SOAK_HOLD_MINUTES),
      // Each customer's requests carry an address of its own, as behind a balancer on this host.
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO: 'false',
    }
    instances.push(...(await Promise.all([0, 1].map(() => startServerProcess(env, { memory: true })))))
    opts.log(`instances: ${instances.map((i) => `${i.url} (pid ${i.pid})`).join(', ')}`)
    const before = await snapshotDatabase(database.url)
    const report = await driveLoad(opts, instances, shoppers)
    const stops = await Promise.all(
      instances.map(async (instance) => {
        await instance.stop()
        return instance.exited
      }),
    )
    report.checks.push({
      name: 'both instances stopped cleanly on SIGTERM',
      ok: stops.every((s) => s.code === 0),
      detail: stops.map((s) => `exit ${s.code ?? s.signal}`).join(', '),
    })
    report.checks.push(...(await checkDatabase(database.url, before, { sweepGraceMs: opts.sweepGraceMs })))
    return report
  } finally {
    await Promise.all(instances.map((i) => i.stop()))
    await database.drop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

/**
 * The demo centre, the soak's customers (logged in, most with a money voucher of 2,000 €) and its
 * promo, written through the services of an app of its own that serves nothing.
 */
async function seedSoakCentre(databaseUrl: string, dataDir: string, count: number): Promise<Shopper[]> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl })
  config.bookingSweepMs = 0
  config.formFilesSweepMs = 0
  const app = await buildApp(config, { logger: false })
  try {
    await seedDemoCentre(app.services, dataDir)
    const loggedIn = await insertLoggedInCustomers(app, count, 'soak')
    const shoppers: Shopper[] = []
    for (const [i, who] of loggedIn.entries()) {
      // One customer in four has no voucher.
      const voucherId = i % 4 === 3 ? null : await moneyVoucher(app.services, who.id, 200_000)
      shoppers.push({ ...who, address: `10.77.${(i >> 8) & 255}.${i & 255}`, voucherId })
    }
    await app.services.checkout.createPromos([
      {
        code: SOAK_PROMO.code,
        description: both('3 € de descuento', '3 € off'),
        discountType: DiscountType.Money,
        value: 300,
        validFrom: new Date('2020-01-01T00:00:00Z'),
        validTo: new Date('2099-01-01T00:00:00Z'),
        maxUses: SOAK_PROMO.maxUses,
        maxUsesPerCustomer: SOAK_PROMO.maxUsesPerCustomer,
      },
    ])
    return shoppers
  } finally {
    await app.close()
  }
}

/** What the customers do, with their weights: most browse, many book or buy, some cancel. */
const MIX = {
  browse: 30,
  'book a court': 18,
  'book a place': 14,
  'buy in the shop': 18,
  'pay what is pending': 6,
  'cancel a booking': 9,
  'read the account': 5,
} as const
type Kind = keyof typeof MIX

async function driveLoad(
  opts: SoakOptions,
  instances: ServerProcess[],
  shoppers: Shopper[],
): Promise<SoakReport> {
  const report: SoakReport = {
    elapsedMs: 0,
    actions: 0,
    statuses: new Map(),
    refusals: new Map(),
    routeLatencies: new Map(),
    kinds: new Map(Object.keys(MIX).map((k) => [k, { latencies: [], done: 0 }])),
    memory: instances.map(() => []),
    checks: [],
  }
  const startedAt = performance.now()
  const deadline = startedAt + opts.durationMs
  const sample = async () => {
    const atMs = performance.now() - startedAt
    const readings = await Promise.all(instances.map((i) => i.memory()))
    readings.forEach((m, i) => report.memory[i]!.push({ atMs, rss: m.rss, heapUsed: m.heapUsed }))
  }
  await sample()
  let sampling = Promise.resolve()
  const sampler =
    opts.sampleEveryMs > 0
      ? setInterval(() => {
          sampling = sampling
            .then(sample)
            .catch((err: unknown) => opts.log(`memory not read: ${String(err)}`))
        }, opts.sampleEveryMs)
      : undefined
  const progress = setInterval(
    () =>
      opts.log(
        `… ${report.actions} actions, ${Math.round((performance.now() - startedAt) / 1000)} s; heap ${report.memory
          .map((s) => `${((s.at(-1)?.heapUsed ?? 0) / 2 ** 20).toFixed(0)} MB`)
          .join(' / ')}`,
      ),
    60_000,
  )

  /** One request to instance `at` (of the two), kept in the report under its route. */
  const call = async (
    at: number,
    method: 'GET' | 'POST',
    url: string,
    who?: Shopper,
    body?: unknown,
  ): Promise<Answer> => {
    const route = `${method} ${url.replace(/\?.*$/, '').replace(/\/\d+(?=\/|$)/g, '/:id')}`
    const t0 = performance.now()
    let answer: Answer
    try {
      const res = await fetch(`${instances[at % instances.length]!.url}${url}`, {
        method,
        headers: {
          accept: 'application/json',
          'accept-language': 'en-US',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(who ? { ...who.headers, 'x-forwarded-for': who.address } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      })
      const text = await res.text()
      answer = { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text }
    } catch (err) {
      answer = { status: 0, body: String(err) }
    }
    const statuses = report.statuses.get(route) ?? new Map<number, number>()
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
    report.statuses.set(route, statuses)
    if (answer.status >= 400 && answer.status < 500) {
      const code = `${answer.status} ${(answer.body as { code?: string }).code ?? ''}`.trim()
      const refusals = report.refusals.get(route) ?? new Map<string, number>()
      refusals.set(code, (refusals.get(code) ?? 0) + 1)
      report.refusals.set(route, refusals)
    }
    const latencies = report.routeLatencies.get(route) ?? []
    latencies.push(performance.now() - t0)
    report.routeLatencies.set(route, latencies)
    return answer
  }

  const world = await readCatalogue((method, url, body) => call(0, method, url, undefined, body))
  const act = customerActions(call, world, report)
  const kinds = Object.keys(MIX) as Kind[]
  const total = kinds.reduce((sum, k) => sum + MIX[k], 0)
  const drawKind = () => {
    let r = Math.random() * total
    for (const k of kinds) if ((r -= MIX[k]) < 0) return k
    return kinds[0]!
  }

  const loops = Array.from({ length: opts.workers }, async (_, worker) => {
    const mine = shoppers.filter((_, i) => i % opts.workers === worker)
    for (let round = 0; report.actions < opts.maxActions && performance.now() < deadline; round++) {
      report.actions += 1
      const who = mine[round % mine.length]!
      const kind = drawKind()
      const t0 = performance.now()
      // Consecutive requests of a customer go to alternate instances, as a balancer spreads them.
      const done = await act[kind](who, worker + round)
      const stats = report.kinds.get(kind)!
      stats.latencies.push(performance.now() - t0)
      if (done) stats.done += 1
    }
  })
  await Promise.all(loops)
  report.elapsedMs = performance.now() - startedAt
  clearInterval(progress)
  clearInterval(sampler)
  await sampling
  await sample()
  return report
}

type Call = (
  at: number,
  method: 'GET' | 'POST',
  url: string,
  who?: Shopper,
  body?: unknown,
) => Promise<Answer>

/** What the customers book and buy from, read once through the API as the pages read it. */
async function readCatalogue(get: (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<Answer>) {
  const settings = (await get('GET', '/api/czconfigs/main-settings')).body as { data: { timeZone: string } }
  const types = (await get('GET', '/api/publicbookings/booking-types-list')).body as {
    model: Array<{ id: number; byPlace: boolean }>
  }
  return {
    timeZone: settings.data.timeZone,
    courtTypes: types.model.filter((t) => !t.byPlace).map((t) => t.id),
  }
}
type World = Awaited<ReturnType<typeof readCatalogue>>

interface ShopProduct {
  id: number
  stock: number | null
  hasStock: boolean
  variants: Array<{ id: number; stock: number | null }>
}

function customerActions(
  call: Call,
  world: World,
  report: SoakReport,
): Record<Kind, (who: Shopper, n: number) => Promise<boolean>> {
  /** A day from tomorrow to a week ahead on the centre's own clock, whatever the hour now. */
  const dayAhead = () =>
    addDays(wallClockAt(Date.now(), world.timeZone).date, 1 + Math.floor(Math.random() * 7))
  let carts = 0
  const cartGuid = () => `soak-${process.pid}-${(carts += 1)}`

  /** Pays the cart with the customer's voucher (or GRATIS100 when it has none); its guid sent again at times. */
  const checkout = async (
    at: number,
    who: Shopper,
    cart: { saleIds?: number[]; saleItems?: unknown[]; promoCode?: string; shopTransportId?: number },
  ) => {
    const products = (cart.saleItems ?? []).length > 0
    // Without a voucher only a free cart can be paid here (a card needs the provider's page): the
    // customer's products with GRATIS100; its held bookings are left to expire.
    if (who.voucherId === null && !products) return false
    const promoCode = cart.promoCode ?? (who.voucherId === null ? 'GRATIS100' : undefined)
    const body = checkoutBody(who.id, {
      guid: cartGuid(),
      saleIds: cart.saleIds ?? [],
      saleItems: cart.saleItems ?? [],
      ...(cart.shopTransportId ? { shopTransportId: cart.shopTransportId } : {}),
      ...(promoCode ? { promoCode } : {}),
      ...(who.voucherId !== null
        ? { paymentMethodId: PaymentMethodId.MoneyVoucher, voucherId: who.voucherId }
        : {}),
    })
    const first = await call(at, 'POST', '/api/shop/checkout-customer', who, body)
    if (first.status === 200 && chance(0.1)) {
      // A double click, or the same cart sent again from another tab: the same order, never a second.
      const again = await call(at + 1, 'POST', '/api/shop/checkout-customer', who, body)
      const saleOf = (a: Answer) => (a.body as { model?: { saleId: number | null } }).model?.saleId
      if (again.status !== 200 || saleOf(again) !== saleOf(first)) {
        report.checks.push({
          name: 'a cart sent again answers the order it made',
          ok: false,
          detail: `sale ${saleOf(first)} then ${again.status} sale ${saleOf(again)}`,
        })
      }
    }
    return first.status === 200
  }

  /** After a prebook: pay it now, cancel the hold, or leave it to expire. */
  const settleHold = async (at: number, who: Shopper, prebooked: Answer) => {
    if (prebooked.status !== 200) return false
    const { sale } = (prebooked.body as { model: PrebookModel }).model
    if (!sale) return true
    const r = Math.random()
    if (r < 0.45) return checkout(at + 1, who, { saleIds: [sale.id] })
    if (r < 0.65 && sale.cancelUrl)
      return (await call(at + 1, 'POST', `/api/${sale.cancelUrl}`, who)).status === 200
    return true
  }

  return {
    browse: async (_who, at) => {
      const pages = [
        '/api/czconfigs/main-settings',
        '/api/czconfigs/template',
        '/api/publicbookings/booking-types-list',
        `/api/shop/list?startRow=0&endRow=30`,
        `/api/shop/list?startRow=30&endRow=60`,
        '/api/products/popular-products',
        '/api/cztextblocks/list-by-page?startRow=0&endRow=30',
      ]
      if (chance(0.3)) {
        const answer = await call(at, 'POST', '/api/publicbookings/byplace-list', undefined, {
          date: dayAhead(),
          customerId: 0,
        })
        return answer.status === 200
      }
      return (await call(at, 'GET', pick(pages)!)).status === 200
    },

    'book a court': async (who, at) => {
      const bookingTypeId = pick(world.courtTypes)
      if (!bookingTypeId) return false
      const day = await call(at, 'POST', '/api/publicbookings/list', who, {
        date: dayAhead(),
        bookingTypeId,
        customerId: who.id,
      })
      if (day.status !== 200) return false
      const model = (
        day.body as {
          model: {
            list: Array<{
              id: number
              timeTable: Array<{ start: string; durations: number[]; available: boolean }>
            }>
            relatedResourceTypes: Array<{ optional: boolean }>
          }
        }
      ).model
      // A type that needs a follow-up resource chosen is left to the customers of the booking pages.
      if (model.relatedResourceTypes.some((t) => !t.optional)) return false
      const free = model.list.flatMap((r) =>
        r.timeTable.filter((e) => e.available && e.durations.length).map((e) => ({ resource: r.id, e })),
      )
      const slot = pick(free)
      if (!slot) return false
      const prebooked = await call(
        at + 1,
        'POST',
        '/api/publicbookings/prebook',
        who,
        prebookBody(who.id, bookingTypeId, slot.e.start, pick(slot.e.durations)!, [slot.resource]),
      )
      return settleHold(at + 1, who, prebooked)
    },

    'book a place': async (who, at) => {
      const week = await call(at, 'POST', '/api/publicbookings/byplace-list', who, {
        date: dayAhead(),
        customerId: who.id,
      })
      if (week.status !== 200) return false
      const sessions = (
        week.body as {
          data: Array<{ id: number; bookable: boolean; alreadyIn: boolean; bookingTemplateId: number | null }>
        }
      ).data.filter((s) => s.bookable && !s.alreadyIn)
      const session = pick(sessions)
      if (!session) return false
      let place = ''
      if (session.bookingTemplateId !== null) {
        const info = await call(
          at + 1,
          'GET',
          `/api/publicbookings/booking-template-info/${session.bookingTemplateId}/${session.id}`,
          who,
        )
        if (info.status !== 200) return false
        const chosen = pick(
          (info.body as { model: { places: Array<{ id: number; available: boolean }> } }).model.places.filter(
            (p) => p.available,
          ),
        )
        if (!chosen) return false
        place = `/${chosen.id}`
      }
      const prebooked = await call(
        at,
        'POST',
        `/api/publicbookings/byplace-prebook-place/${who.id}/${session.id}${place}`,
        who,
      )
      return settleHold(at, who, prebooked)
    },

    'buy in the shop': async (who, at) => {
      const list = await call(at, 'GET', `/api/shop/list?startRow=0&endRow=80`, who)
      if (list.status !== 200) return false
      const inStock = (list.body as { data: ShopProduct[] }).data.filter(
        (p) => p.hasStock && p.stock !== null,
      )
      const lines = [pick(inStock), chance(0.4) ? pick(inStock) : undefined]
        .filter((p, i, all): p is ShopProduct => p !== undefined && all.indexOf(p) === i)
        .map((p) => {
          const variant = pick(p.variants.filter((v) => v.stock === null || v.stock > 0))
          return {
            productId: p.id,
            units: chance(0.2) ? 2 : 1,
            ...(p.variants.length ? { stockParentId: variant?.id ?? p.variants[0]!.id } : {}),
          }
        })
      if (!lines.length) return false
      const info = await call(at + 1, 'POST', '/api/shop/checkout-info-by-customer', who, {
        customerId: who.id,
        saleItems: lines,
      })
      if (info.status !== 200) return false
      const transports = (info.body as { data: { transports: Array<{ id: number }> } }).data.transports
      const promoCode = pick([
        undefined,
        undefined,
        'VERANO10',
        'CLUB5',
        SOAK_PROMO.code,
        SOAK_PROMO.code,
        'BIENVENIDA',
      ])
      if (promoCode && chance(0.5)) {
        await call(at, 'POST', '/api/promos/validate', who, {
          customerId: who.id,
          saleItems: lines,
          code: promoCode,
        })
      }
      return checkout(at, who, {
        saleItems: lines,
        shopTransportId: pick(transports)?.id,
        ...(promoCode ? { promoCode } : {}),
      })
    },

    'pay what is pending': async (who, at) => {
      const pending = await call(at, 'POST', `/api/shop/pending-sales/${who.id}`, who)
      if (pending.status !== 200) return false
      const sales = (pending.body as { data: Array<{ id: number }> }).data
      if (!sales.length) return false
      return checkout(at + 1, who, { saleIds: sales.map((s) => s.id) })
    },

    'cancel a booking': async (who, at) => {
      const mine = await call(at, 'GET', `/api/publicbookings/customer-bookings/${who.id}`, who)
      if (mine.status !== 200) return false
      const next = (
        mine.body as { model: { next: Array<{ id: number; canCancel: boolean; status: string }> } }
      ).model.next
      const booking = pick(next.filter((b) => b.canCancel && b.status !== 'cancelled'))
      if (!booking) return false
      const cancelled = await call(at + 1, 'POST', `/api/publicbookings/cancel/${booking.id}/${who.id}`, who)
      return cancelled.status === 200
    },

    'read the account': async (who, at) => {
      const url = pick([
        `/api/publicvouchers/customer-vouchers/${who.id}`,
        `/api/shop/customer-orders/${who.id}`,
        `/api/publiccustomers/${who.id}`,
        `/api/publicbookings/waitlist/${who.id}`,
      ])!
      return (await call(at, 'GET', url, who)).status === 200
    },
  }
}
