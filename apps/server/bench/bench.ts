// `npm run bench`: requests per second and latency of the main endpoints beside a bare Fastify
// route on the same machine, as ratios.
//
// - The servers run in a child process (bench-servers.ts), so this load generator does not share
//   their event loop; the bare route has the app's Fastify settings and gets the same request headers.
// - Database: PostgreSQL when TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL is set (a
//   throwaway database, dropped at the end), else the embedded PGlite.
// - Each endpoint is warmed up (BENCH_WARMUP seconds, default 3), then measured BENCH_ROUNDS times
//   (default 2) for BENCH_SECONDS each (default 5) with BENCH_CONNECTIONS connections (default 50),
//   every run right after a run of the bare route of the same length. An endpoint's ratio is its
//   requests over those of its own bare runs, so other load on a shared machine weighs on both sides.
// - BENCH_ONLY=<text> measures only the endpoints whose name contains the text (and their variants).
// - BENCH_CPU_PROF=<dir> writes a CPU profile of the servers' process there when it ends.
// - Requests carry what a browser sends (Accept, Accept-Language, Accept-Encoding); one row shows
//   the shop list without compression and one its revalidation (If-None-Match, answered 304).
// - Bookings: the day of the padel courts (8 courts) a visitor's booking page asks for, and prebooks
//   of many customers (BENCH_CUSTOMERS, 500 by default, in turn), each of its own court and hour,
//   from an address of its own (the servers trust the loopback proxy for it), so each one holds a
//   time rather than meeting a 409 or the rate limit; and prebooks of a place, each customer's own
//   in one of 60 sessions (a day each) with room for all of them.
// - Booking by place: the week's classes (byplace-list) as a visitor and as the demo customer.
// - Checkout: the demo customer's checkout at CHECKOUT_CONNECTIONS (20) concurrent customers on
//   PostgreSQL, each request a cart of its own (a new guid) of two products whose stock is not
//   counted, made free by GRATIS100 so every order completes at once, from an address of its own.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import os from 'node:os'
import autocannon from 'autocannon'
import { encodeGridStatus } from '@clubhouse/contract/server'
import { loadConfig } from '../src/config.ts'
import { REDSYS_TEST_MERCHANT } from '../src/features/payments/fakes/redsys-fake.ts'
import { encodeParameters, signNotification } from '../src/features/payments/providers/redsys-signature.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const warmup = Number(process.env.BENCH_WARMUP ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** The budget: the shop list with a filter and a sort at 40 % of the bare route or more. */
const SHOP_LIST_BUDGET = 0.4
/** Issue 10's budget: the bookings day at 25 % of the bare route or more, p99 under 50 ms. */
const LIST_BUDGET = 0.25
const P99_BUDGET_MS = 50
/** The budget of a customer's own reads: at least 20 % of the bare route, p99 under 50 ms. */
const CUSTOMER_READ_BUDGET = { ratio: 0.2, p99: 50 }
/** Server-rendered public pages (decision 086): at least 40 % of the bare route, p99 under 50 ms. */
const PAGE_BUDGET = { ratio: 0.4, p99: 50 }
/** The figure: the checkout at 20 concurrent customers. */
const CHECKOUT_CONNECTIONS = Number(process.env.CHECKOUT_CONNECTIONS ?? 20)

const BROWSER = {
  accept: 'application/json',
  'accept-language': 'es-ES,es;q=0.9,en;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
}

interface Run {
  requests: number
  p50: number
  p99: number
  bytes: number
  errors: number
}

interface Result {
  name: string
  rps: number
  bareRps: number
  /** The bare route's p99 in the same rounds: how much of a p99 the machine itself adds now. */
  bareP99: number
  ratio: number
  p50: number
  p99: number
  bytes: number
  errors: number
}

/** A POST an endpoint is measured with: its body, or one body per request. */
interface Post {
  body: () => unknown
}

async function run(
  url: string,
  headers: Record<string, string>,
  duration: number,
  status = 200,
  post?: Post,
  clients = connections,
): Promise<Run> {
  const r = await autocannon({
    url,
    connections: clients,
    duration,
    headers: post ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(post
      ? {
          method: 'POST' as const,
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const body = post.body() as { forwardedFor?: string; authorization?: string; path?: string }
                const { forwardedFor, authorization, path: at, ...rest } = body
                return {
                  ...req,
                  ...(at ? { path: at } : {}),
                  body: JSON.stringify(rest),
                  headers: {
                    ...req.headers,
                    ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
                    ...(authorization ? { authorization } : {}),
                  },
                }
              },
            },
          ],
        }
      : {}),
  })
  const wrongStatus = status === 200 ? r.non2xx : r['1xx'] + r['2xx'] + r['4xx'] + r['5xx']
  return {
    requests: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: r.requests.total ? r.throughput.total / r.requests.total : 0,
    errors: r.errors + r.timeouts + wrongStatus,
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
let bareUrl = ''

/** BENCH_ONLY=shop measures only the endpoints whose name contains "shop" (and "same" rows after them). */
const only = process.env.BENCH_ONLY?.toLowerCase()
let lastSkipped = false

/** Warms the endpoint up, then measures it in rounds, each right after a run of the bare route. */
async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = BROWSER,
  status = 200,
  post?: Post,
  clients = connections,
): Promise<Result | undefined> {
  const variant = name.trim().startsWith('same')
  if (only && (variant ? lastSkipped : !name.toLowerCase().includes(only))) {
    lastSkipped = true
    return undefined
  }
  lastSkipped = false
  await run(url, headers, warmup, status, post, clients)
  const runs: Run[] = []
  const bareRuns: Run[] = []
  for (let i = 0; i < rounds; i++) {
    bareRuns.push(await run(`${bareUrl}/bare`, headers, seconds, 200, undefined, clients))
    runs.push(await run(url, headers, seconds, status, post, clients))
  }
  const total = (rs: Run[]) => rs.reduce((sum, r) => sum + r.requests, 0)
  const result: Result = {
    name,
    rps: total(runs) / (rounds * seconds),
    bareRps: total(bareRuns) / (rounds * seconds),
    bareP99: median(bareRuns.map((r) => r.p99)),
    ratio: total(runs) / total(bareRuns),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    bytes: median(runs.map((r) => r.bytes)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0) + bareRuns.reduce((sum, r) => sum + r.errors, 0),
  }
  console.log(`  ${name}: ${result.rps.toFixed(0)} req/s, ${(result.ratio * 100).toFixed(0)}% of bare`)
  return result
}

const profile = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : []
const child = fork(fileURLToPath(new URL('./bench-servers.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx', ...profile],
  // The prebooks come from addresses of their own through a loopback "proxy" (the rate limit is per address).
  env: { ...process.env, TRUST_PROXY: '127.0.0.1' },
})
interface Servers {
  appUrl: string
  bareUrl: string
  database: string
  /** The customers who prebook, with a session token each. */
  customers: Array<{ id: number; token: string }>
  /** Sessions booked by place with room for every one of them, each a day of its own. */
  sessionIds: number[]
}
const servers = await new Promise<Servers>((resolve, reject) => {
  child.once('message', (m) => resolve(m as Servers))
  child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)))
})
const { appUrl, database, customers: prebookers, sessionIds } = servers
bareUrl = servers.bareUrl

console.log(
  `database: ${database}; ${connections} connections; per endpoint ${warmup} s warm-up, then ${rounds} × ` +
    `(${seconds} s bare route + ${seconds} s endpoint); ` +
    `${os.cpus().length} cores, Node ${process.version}`,
)

// The shop page's call: rackets by price, ascending (ProductTypeId equals + GrossPrice asc).
const shopList = `${appUrl}/api/shop/list?startRow=0&endRow=30&gridStatus=${encodeURIComponent(
  encodeGridStatus({
    sortModel: [{ colId: 'GrossPrice', sort: 'asc' }],
    filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: 1 } },
  }),
)}`
const shopEtag = (await fetch(shopList, { headers: BROWSER })).headers.get('etag') ?? ''
const webBuilt = fs.existsSync(path.join(loadConfig({}).webDist, 'index.html'))

const results: (Result | undefined)[] = []
// The bare route against itself: how far apart two runs of the same thing land on this machine now.
results.push(await measure('bare route vs itself (noise)', `${bareUrl}/bare`))
results.push(await measure('GET /api/czconfigs/main-settings', `${appUrl}/api/czconfigs/main-settings`))
results.push(await measure('GET /api/czconfigs/template', `${appUrl}/api/czconfigs/template`))
results.push(await measure('GET /api/czconfigs/legal-settings', `${appUrl}/api/czconfigs/legal-settings`))
// The public pages as a browser asks for them: rendered on the server once, then sent as kept.
const pageResults: (Result | undefined)[] = []
if (webBuilt) {
  const PAGE = { ...BROWSER, accept: 'text/html,application/xhtml+xml' }
  const firstId = async (apiPath: string, pick: (body: never) => number | undefined) =>
    pick((await (await fetch(`${appUrl}${apiPath}`, { headers: BROWSER })).json()) as never)
  const home = await (await fetch(`${appUrl}/`, { headers: PAGE })).text()
  const productId = await firstId(
    '/api/shop/list?startRow=0&endRow=1',
    (b: { data: { id: number }[] }) => b.data[0]?.id,
  )
  const typeId = await firstId(
    '/api/publicbookings/booking-types-list',
    (b: { model: { id: number; byPlace: boolean }[] }) => b.model.find((t) => !t.byPlace)?.id,
  )
  const pages: Array<[string, string | undefined]> = [
    ['/', '/'],
    ['/shop', '/shop'],
    ['/shop/:id', productId ? `/shop/${productId}` : undefined],
    ['/blog', '/blog'],
    ['/post/:id', /href="(\/post\/\d+)"/.exec(home)?.[1]],
    ['/bookings/:id', typeId ? `/bookings/${typeId}` : undefined],
    ['/activity/:id', /href="(\/activity\/\d+)"/.exec(home)?.[1]],
  ]
  for (const [name, pagePath] of pages) {
    if (pagePath) pageResults.push(await measure(`GET ${name} (page)`, `${appUrl}${pagePath}`, PAGE))
  }
  results.push(...pageResults)
}
const shopRow = await measure('GET /api/shop/list type+price sort *', shopList)
results.push(shopRow)
results.push(
  await measure('  same, no Accept-Encoding', shopList, {
    accept: BROWSER.accept,
    'accept-language': BROWSER['accept-language'],
  }),
)
results.push(
  await measure('  same, revalidated (304)', shopList, { ...BROWSER, 'if-none-match': shopEtag }, 304),
)
results.push(
  await measure(
    'GET /api/cztextblocks/list-by-page',
    `${appUrl}/api/cztextblocks/list-by-page?startRow=0&endRow=30`,
  ),
)
// What a logged-in customer reads, one row per customer feature, as the demo customer: each pays
// the token lookup on top of its own reads.
const customerResults: (Result | undefined)[] = []
const login = await fetch(`${appUrl}/api/publiccustomers/cauth`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'demo@clubmistral.es', password: 'Mistral-Demo-2026' }),
})
const demo = ((await login.json()) as { model?: { id: number; token: string } }).model
if (demo) {
  const asDemo = { ...BROWSER, authorization: `Bearer ${demo.token}` }
  const first = async <T>(url: string, pick: (body: never) => T | undefined) =>
    pick((await (await fetch(`${appUrl}${url}`, { headers: asDemo })).json()) as never)
  const orderId = await first(
    `/api/shop/customer-orders/${demo.id}`,
    (b: { model: { id: number }[] }) => b.model[0]?.id,
  )
  const emailId = await first(
    `/api/publiccomms/customer-comms/${demo.id}`,
    (b: { model: { emails: { id: number }[] } }) => b.model.emails[0]?.id,
  )
  const productId = await first(
    shopList.slice(appUrl.length),
    (b: { data: { id: number }[] }) => b.data[0]?.id,
  )
  const customerRows: Array<[string, string | undefined]> = [
    ['customer: orders /customer-orders/{id} *', `/api/shop/customer-orders/${demo.id}`],
    ['customer: one order', orderId ? `/api/shop/customer-orders/${demo.id}/${orderId}` : undefined],
    ['customer: vouchers and their movements', `/api/publicvouchers/customer-vouchers/${demo.id}`],
    ['customer: comms (emails and SMS)', `/api/publiccomms/customer-comms/${demo.id}`],
    [
      'customer: one email',
      emailId ? `/api/publiccomms/customer-comms/emails/${emailId}/${demo.id}` : undefined,
    ],
    ['customer: profile', `/api/publiccustomers/${demo.id}`],
    ['customer: saved cards', `/api/publicpaymentmethods/token-list/${demo.id}`],
    [
      'customer: shop list in their prices',
      `/api/shop/list-by-customer?startRow=0&endRow=30&customerId=${demo.id}`,
    ],
    [
      'customer: one product in their prices',
      productId ? `/api/shop/get/${productId}/${demo.id}` : undefined,
    ],
  ]
  for (const [name, url] of customerRows) {
    if (url) customerResults.push(await measure(name, `${appUrl}${url}`, asDemo))
    else console.log(`(${name.trim()} left out: the demo customer has none)`)
  }
} else console.log(`(customer reads left out: the demo customer's login answered ${login.status})`)
results.push(...customerResults)

// Bookings: the padel day of a weekday ahead, as a visitor's booking page asks for it (8 courts).
const bookingTypes = (await (await fetch(`${appUrl}/api/publicbookings/booking-types-list`)).json()) as {
  model: Array<{ id: number; name: string; grossPrice: number }>
}
const padel = bookingTypes.model.find((t) => /p[aá]del/i.test(t.name) && t.grossPrice > 0)
/** The `n`-th weekday (Monday to Friday: courts open 08:00–23:00 with a lunch gap) from `from` days ahead. */
const weekdayAhead = (from: number, n = 0) => {
  const d = new Date(Date.now() + from * 86_400_000)
  for (let left = n; ; d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue
    if (left-- === 0) return d.toISOString().slice(0, 10)
  }
}
let listRow: Result | undefined
if (padel) {
  const day = weekdayAhead(3)
  listRow = await measure(
    'POST /api/publicbookings/list (8 courts) *',
    `${appUrl}/api/publicbookings/list`,
    BROWSER,
    200,
    {
      body: () => ({ date: day, bookingTypeId: padel.id, customerId: null }),
    },
  )
  results.push(listRow)
  if (prebookers.length) {
    const courts = (
      (await (
        await fetch(`${appUrl}/api/publicbookings/list`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ date: day, bookingTypeId: padel.id, customerId: null }),
        })
      ).json()) as { model: { list: Array<{ id: number }> } }
    ).model.list.map((r) => r.id)
    // Each prebook its own court and whole hour, spread over 240 weekdays from 8 days ahead: no two meet.
    const hours = ['08', '09', '10', '11', '12', '16', '17', '18', '19', '20', '21']
    let n = 0
    results.push(
      await measure(
        'POST /api/publicbookings/prebook (a hold) *',
        `${appUrl}/api/publicbookings/prebook`,
        BROWSER,
        200,
        {
          body: () => {
            const k = n++
            const who = prebookers[k % prebookers.length]!
            const days = 240
            const date = weekdayAhead(8, k % days)
            const slot = Math.floor(k / days)
            const court = courts[slot % courts.length]!
            const hour = hours[Math.floor(slot / courts.length) % hours.length]!
            return {
              forwardedFor: `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
              authorization: `Bearer ${who.token}`,
              booking: { customerId: who.id, bookingTypeId: padel.id },
              blocks: [
                { duration: 60, resourceId: court, startDate: `${date} ${hour}:00`, customerId: who.id },
              ],
            }
          },
        },
      ),
    )
  }
} else console.log('(bookings left out: the demo centre offers no paid padel type)')

// Prebooks of a place: customer after customer in session after session, each pair once (60 sessions
// of 500 customers: 30,000 holds before one would repeat), each a hold with its sale. Requests in a row
// are of other customers and other sessions: a customer's prebooks count under their lock one after
// the other (decision 074), so 60 in a row of one customer measured that lock, not a prebook.
if (sessionIds.length && prebookers.length) {
  let n = 0
  results.push(
    await measure(
      'POST byplace-prebook-place (a hold) *',
      `${appUrl}/api/publicbookings/byplace-prebook-place/0/0`,
      BROWSER,
      200,
      {
        body: () => {
          const k = n++
          const customer = k % prebookers.length
          const round = Math.floor(k / prebookers.length)
          const sessionId = sessionIds[(customer + round) % sessionIds.length]!
          const who = prebookers[customer]!
          return {
            forwardedFor: `10.${64 + ((k >> 16) & 63)}.${(k >> 8) & 255}.${k & 255}`,
            authorization: `Bearer ${who.token}`,
            path: `/api/publicbookings/byplace-prebook-place/${who.id}/${sessionId}`,
          }
        },
      },
    ),
  )
}

// Booking by place: the week of classes the page asks for, as a visitor and as the demo customer
// (who is in some sessions and waits for others): sessions with places taken, waiting lists, prices.
const placeWeek = weekdayAhead(1)
results.push(
  await measure(
    'POST /api/publicbookings/byplace-list (a week)',
    `${appUrl}/api/publicbookings/byplace-list`,
    BROWSER,
    200,
    {
      body: () => ({ date: placeWeek, customerId: 0 }),
    },
  ),
)
if (demo) {
  results.push(
    await measure(
      'POST byplace-list as the demo customer',
      `${appUrl}/api/publicbookings/byplace-list`,
      { ...BROWSER, authorization: `Bearer ${demo.token}` },
      200,
      { body: () => ({ date: placeWeek, customerId: demo.id }) },
    ),
  )
}

// Checkout: the demo customer's orders of two products whose stock is not counted and which are not
// sent, made free by GRATIS100 (a paid cart would need a provider); each a new cart, from its own address.
let checkoutRow: Result | undefined
let cardRow: Result | undefined
if (demo) {
  const listed = (await (await fetch(`${appUrl}/api/shop/list?startRow=0&endRow=200`)).json()) as {
    data: Array<{ id: number; stock: number | null; transportRequired: boolean; variants?: unknown[] }>
  }
  const free = listed.data.filter((p) => p.stock === null && !p.transportRequired && !p.variants?.length)
  if (free.length >= 2) {
    let n = 0
    const stamp = Date.now().toString(36)
    checkoutRow = await measure(
      'POST /api/shop/checkout-customer (20 customers) *',
      `${appUrl}/api/shop/checkout-customer`,
      { ...BROWSER, authorization: `Bearer ${demo.token}` },
      200,
      {
        body: () => {
          const k = n++
          return {
            forwardedFor: `10.${128 + ((k >> 16) & 127)}.${(k >> 8) & 255}.${k & 255}`,
            customerId: demo.id,
            guid: `bench-${stamp}-${k}`,
            saleItems: [
              { productId: free[0]!.id, units: 1 },
              { productId: free[1]!.id, units: 2 },
            ],
            saleIds: [],
            promoCode: 'GRATIS100',
            paymentMethodId: null,
            customer: { id: demo.id, acceptConditions: true },
          }
        },
      },
      CHECKOUT_CONNECTIONS,
    )
    results.push(checkoutRow)

    // The same carts paid by card (Redsys, method 1, the sandbox's test merchant): each placed as a
    // pending order with its payment opened and the signed form answered; nothing waits on Redsys.
    let m = 0
    cardRow = await measure(
      'POST checkout-customer by card (20 customers) *',
      `${appUrl}/api/shop/checkout-customer`,
      { ...BROWSER, authorization: `Bearer ${demo.token}` },
      200,
      {
        body: () => {
          const k = m++
          return {
            forwardedFor: `10.${((k >> 16) & 127) + 1}.${(k >> 8) & 255}.${k & 255}`,
            customerId: demo.id,
            guid: `bench-card-${stamp}-${k}`,
            saleItems: [{ productId: free[0]!.id, units: 1 }],
            saleIds: [],
            paymentMethodId: 1,
            customer: { id: demo.id, acceptConditions: true },
          }
        },
      },
      CHECKOUT_CONNECTIONS,
    )
    results.push(cardRow)

    // Settling: one card order paid, then Redsys's signed notification of it again and again (each one
    // verified, the payment row locked, the answer the first one's).
    const placed = (await (
      await fetch(`${appUrl}/api/shop/checkout-customer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
        body: JSON.stringify({
          customerId: demo.id,
          guid: `bench-notified-${stamp}`,
          saleItems: [{ productId: free[0]!.id, units: 1 }],
          saleIds: [],
          paymentMethodId: 1,
          customer: { id: demo.id, acceptConditions: true },
        }),
      })
    ).json()) as { model?: { paymentReference: string; total: number } }
    if (placed.model) {
      const parameters = encodeParameters({
        Ds_Amount: String(Math.round(placed.model.total * 100)),
        Ds_Currency: '978',
        Ds_Order: placed.model.paymentReference,
        Ds_MerchantCode: REDSYS_TEST_MERCHANT.merchantCode,
        Ds_Terminal: REDSYS_TEST_MERCHANT.terminal,
        Ds_Response: '0000',
        Ds_TransactionType: '0',
      })
      const form = {
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: parameters,
        Ds_Signature: signNotification(
          REDSYS_TEST_MERCHANT.secretKeyB64,
          placed.model.paymentReference,
          parameters,
        ),
      }
      results.push(
        await measure(
          'POST /api/redsys/notification (settled again)',
          `${appUrl}/api/redsys/notification`,
          BROWSER,
          200,
          {
            body: () => form,
          },
        ),
      )
    }
  } else console.log('(checkout left out: the demo shop has no two products without stock or transport)')
}
child.kill('SIGTERM')

console.log('')
console.log(
  [
    'endpoint'.padEnd(44),
    'req/s'.padStart(7),
    'p50 ms'.padStart(6),
    'p99 ms'.padStart(6),
    'bare req/s'.padStart(10),
    'bare p99'.padStart(8),
    'vs bare'.padStart(7),
    'KB/resp'.padStart(7),
    'errors'.padStart(6),
  ].join(' '),
)
for (const r of results) {
  if (!r) continue
  console.log(
    [
      r.name.padEnd(44),
      r.rps.toFixed(0).padStart(7),
      String(r.p50).padStart(6),
      String(r.p99).padStart(6),
      r.bareRps.toFixed(0).padStart(10),
      String(r.bareP99).padStart(8),
      `${(r.ratio * 100).toFixed(0)}%`.padStart(7),
      (r.bytes / 1024).toFixed(1).padStart(7),
      String(r.errors).padStart(6),
    ].join(' '),
  )
}
if (checkoutRow) {
  console.log(
    `* checkout at ${CHECKOUT_CONNECTIONS} concurrent customers: p50 ${checkoutRow.p50} ms, ` +
      `p99 ${checkoutRow.p99} ms, ${checkoutRow.rps.toFixed(0)} orders/s`,
  )
}
if (cardRow) {
  console.log(
    `* card checkout at ${CHECKOUT_CONNECTIONS} concurrent customers: p50 ${cardRow.p50} ms, ` +
      `p99 ${cardRow.p99} ms, ${cardRow.rps.toFixed(0)} orders/s`,
  )
}
if (!webBuilt) console.log('(the pages left out: the web app is not built; `npm run build` first)')
const pagesMeasured = pageResults.filter((r): r is Result => r !== undefined)
if (pagesMeasured.length) {
  const within = pagesMeasured.filter((r) => r.ratio >= PAGE_BUDGET.ratio && r.p99 < PAGE_BUDGET.p99)
  console.log(
    `* budget: public pages at ${PAGE_BUDGET.ratio * 100}% of the bare route or more with p99 under ` +
      `${PAGE_BUDGET.p99} ms: ${within.length} of ${pagesMeasured.length} ` +
      (within.length === pagesMeasured.length ? 'met' : 'NOT met'),
  )
}
if (listRow) {
  console.log(
    `* budget: the bookings day at ${(listRow.ratio * 100).toFixed(0)}% of the bare route (at least ${LIST_BUDGET * 100}%), ` +
      `p99 ${listRow.p99} ms (under ${P99_BUDGET_MS} ms): ` +
      (listRow.ratio >= LIST_BUDGET && listRow.p99 < P99_BUDGET_MS ? 'met' : 'NOT met'),
  )
}
if (shopRow) {
  console.log('')
  console.log(
    `* budget: the shop list at ${(shopRow.ratio * 100).toFixed(0)}% of the bare route (at least ${SHOP_LIST_BUDGET * 100}%): ` +
      (shopRow.ratio >= SHOP_LIST_BUDGET ? 'met' : 'NOT met'),
  )
}
const customerMeasured = customerResults.filter((r): r is Result => r !== undefined)
if (customerMeasured.length) {
  const within = customerMeasured.filter(
    (r) => r.ratio >= CUSTOMER_READ_BUDGET.ratio && r.p99 < CUSTOMER_READ_BUDGET.p99,
  )
  console.log(
    `* budget: customer reads at ${CUSTOMER_READ_BUDGET.ratio * 100}% of the bare route or more with p99 under ` +
      `${CUSTOMER_READ_BUDGET.p99} ms: ${within.length} of ${customerMeasured.length} ` +
      (within.length === customerMeasured.length ? 'met' : 'NOT met'),
  )
}
