// Each page's first load stays within its budget, and what a page does not use stays out of it
// (decision 087). Read from the build the journeys run against (support/global-setup.ts builds it).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { enUS } from '../apps/web/src/lib/i18n/en-US.ts'
import { esES } from '../apps/web/src/lib/i18n/es-ES.ts'
import {
  catalogueModule,
  firstLoadFiles,
  KB,
  readBuilt,
  readManifest,
  sumOf,
  webDist,
  type Manifest,
} from './support/first-load.ts'

/**
 * Gzipped kilobytes of JavaScript each page may fetch before its first render: the entry chunk and
 * its static imports, the page's chunk and its static imports, and the texts of the visitor's
 * language (the larger of the two counts). Data, and the contract and zod that parse it, load after.
 * The figures of decision 087 plus a little room; a page that outgrows its budget fails here. The
 * pages that load the API client at once have 1 KB more since decision 111: the client carries the
 * session a call uses (a customer's or the desk's) and an error's data, and they were within bytes.
 */
const budgets: Array<{ page: string; module: string; kb: number }> = [
  // Public pages.
  { page: '/', module: 'home-page', kb: 156 },
  { page: '/shop', module: 'shop-page', kb: 148 },
  { page: '/shop/:id', module: 'product-page', kb: 148 },
  { page: '/blog', module: 'blog-page', kb: 147 },
  { page: '/post/:id', module: 'post-page', kb: 146 },
  { page: '/privacy, /wayver, /generalConditions, /cookies', module: 'legal-page', kb: 142 },
  { page: '/bookingtypes', module: 'booking-types-page', kb: 144 },
  { page: '/bookings/:id', module: 'bookings-page', kb: 158 },
  // The place map reads the centre's map settings with the contract's schemas as it draws.
  { page: '/bookings-byplace/:id', module: 'bookings-by-place-page', kb: 206 },
  { page: '/activity/:id', module: 'activity-page', kb: 150 },
  { page: '/cz/ok, /cz/ko', module: 'payment-result-page', kb: 146 },
  // Links from mails, payment returns, the customer's pages and the checkout.
  { page: 'not found', module: 'not-found-page', kb: 141 },
  { page: '/stripe-callback, /netpay-callback', module: 'payment-return-page', kb: 143 },
  { page: '/customer/activate/:token', module: 'activate-page', kb: 193 },
  { page: '/customer/confirm-email/:token', module: 'confirm-email-page', kb: 194 },
  { page: '/customer/reset-password/:token', module: 'reset-password-page', kb: 194 },
  { page: '/passReset/ok', module: 'password-changed-page', kb: 145 },
  { page: '/changePass', module: 'change-password-page', kb: 194 },
  { page: '/account', module: 'account-page', kb: 201 },
  { page: '/customer-orders', module: 'orders-page', kb: 193 },
  { page: '/customer-orders/:id', module: 'order-page', kb: 194 },
  { page: '/customer-vouchers', module: 'vouchers-page', kb: 193 },
  { page: '/customer-comms', module: 'comms-page', kb: 192 },
  { page: '/customer-comms/emails/:id', module: 'email-page', kb: 193 },
  { page: '/booking-visual/:bookingId/:templateId', module: 'booking-visual-page', kb: 199 },
  { page: '/customer-bookings', module: 'customer-bookings-page', kb: 200 },
  { page: '/checkout', module: 'checkout-page', kb: 208 },
  { page: '/debts', module: 'debts-page', kb: 191 },
  { page: '/demo-mailbox', module: 'demo-mailbox-page', kb: 192 },
]

const routeModule = (name: string) => `src/app/routes/${name}.tsx`

/** The staff desk's chunk (issue 23): the site's router imports it lazily at /staff. */
const STAFF_MODULE = 'src/staff/staff-app.tsx'

/** Gzipped bytes of JavaScript a page fetches before its first render, in its costlier language. */
function firstLoadJs(manifest: Manifest, module: string): number {
  return Math.max(
    ...(['en-US', 'es-ES'] as const).map((locale) =>
      sumOf(firstLoadFiles(manifest, ['index.html', routeModule(module), catalogueModule(locale)]), '.js'),
    ),
  )
}

const builtScripts = () =>
  readdirSync(join(webDist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`)

describe("each page's first load", () => {
  const manifest = readManifest()

  test('every page of the build has a budget', () => {
    const pages = Object.keys(manifest).filter((key) => /^src\/app\/routes\/[\w-]+-page\.tsx$/.test(key))
    expect(pages.length).toBeGreaterThan(20)
    expect(pages.filter((key) => !budgets.some((b) => routeModule(b.module) === key))).toEqual([])
  })

  test.each(budgets)('$page stays within $kb KB of JavaScript (gzip)', ({ module, kb }) => {
    expect(manifest[routeModule(module)]).toBeDefined()
    const bytes = firstLoadJs(manifest, module)
    console.log(`${module}: ${(bytes / KB).toFixed(1)} KB`)
    expect(bytes).toBeLessThanOrEqual(kb * KB)
  })
})

describe('what no page carries', () => {
  const manifest = readManifest()
  const shell = firstLoadFiles(manifest, ['index.html'])

  test("zod's messages in other languages are in no file of the build", () => {
    const scripts = builtScripts()
    expect(scripts.length).toBeGreaterThan(20)
    const foreign = scripts.filter((file) => /Ungültige Eingabe|Entrée invalide/.test(readBuilt(file)))
    expect(foreign).toEqual([])
  })

  test("each language's texts are a chunk of their own, outside the entry's first load", () => {
    const english = manifest[catalogueModule('en-US')]!.file
    const spanish = manifest[catalogueModule('es-ES')]!.file
    const holding = (text: string) => builtScripts().filter((file) => readBuilt(file).includes(text))
    expect(holding(enUS.common.skipToContent)).toEqual([english])
    expect(holding(esES.common.skipToContent)).toEqual([spanish])
    expect(shell).not.toContain(english)
    expect(shell).not.toContain(spanish)
  })

  test("the staff's API and the desk are in none of the site's files, only in the desk's own", () => {
    // Every file a page of the site may ever load (static and lazy imports), the desk's chunk left out.
    const siteFiles = new Set(
      firstLoadFiles(manifest, ['index.html'], { lazy: true, leaveOut: [STAFF_MODULE] }),
    )
    const holding = builtScripts().filter((file) => /\/api\/staff\/|staffLogin/.test(readBuilt(file)))
    expect(holding.length, 'the desk calls the staff API').toBeGreaterThan(0)
    expect(holding.filter((file) => siteFiles.has(file))).toEqual([])
    expect(siteFiles.has(manifest[STAFF_MODULE]!.file)).toBe(false)
    for (const css of manifest[STAFF_MODULE]!.css ?? []) expect(siteFiles.has(css)).toBe(false)
  })

  test('the desk loads within its budget of 215 KB of JavaScript (gzip)', () => {
    const bytes = Math.max(
      ...(['en-US', 'es-ES'] as const).map((locale) =>
        sumOf(firstLoadFiles(manifest, ['index.html', STAFF_MODULE, catalogueModule(locale)]), '.js'),
      ),
    )
    console.log(`staff desk: ${(bytes / KB).toFixed(1)} KB`)
    expect(bytes).toBeLessThanOrEqual(215 * KB)
  })

  test('the client, the contract and zod load on the first call, within 50 KB (gzip)', () => {
    const client = Object.entries(manifest).find(([, chunk]) => chunk.name === 'api-client')
    expect(client).toBeDefined()
    const files = firstLoadFiles(manifest, [client![0]]).filter((file) => !shell.includes(file))
    const bytes = sumOf(files, '.js')
    console.log(`client, contract and zod: ${(bytes / KB).toFixed(1)} KB`)
    expect(bytes).toBeLessThanOrEqual(50 * KB)
    // None of it is in the entry's first load.
    expect(shell).not.toContain(manifest[client![0]]!.file)
  })
})
