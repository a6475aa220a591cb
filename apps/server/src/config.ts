import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { FORM_FILES_QUOTA_MB_DEFAULT, HOLD_MINUTES_DEFAULT } from '@clubhouse/contract/server'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * A mail being sent is claimed for `claimMs`: a process that died mid-send frees it so. Rows are
 * claimed one at a time, right before their send, and a send ends (sent, refused or timed out after
 * `smtpTimeoutMs` of silence at connection, greeting or any answer) well within its claim: however
 * long an SMTP server stays away, no other instance claims a row while its send is under way, so no
 * mail goes twice (decision 091).
 */
export const MAIL_TIMING = { claimMs: 2 * 60_000, smtpTimeoutMs: 20_000 }

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])

/** The environment, parsed once. Every variable has a default a newcomer's `npm start` can use. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded database and uploaded files live here. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; without it the embedded database in DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  /** smtp://user:pass@host:port; without it mail goes to the outbox and the log only. */
  SMTP_URL: z.string().optional(),
  /** `production` turns off every demo and debug aid that no variable asks for explicitly. */
  NODE_ENV: z.string().optional(),
  /**
   * Without SMTP_URL, show the mails the site would send at /demo-mailbox: on by default outside
   * production, off in production unless `true`. Anyone who can reach the site reads them there,
   * reset links included: for demos and development only. Always off with SMTP_URL.
   */
  DEMO_MAILBOX: z.enum(['true', 'false', '1', '0']).optional(),
  /**
   * The proxies whose X-Forwarded-For is believed (decision 034): comma-separated addresses or
   * CIDRs (`10.0.0.0/8, 192.168.1.7`) or proxy-addr's names `loopback`, `linklocal`,
   * `uniquelocal`. Unset: the client is the socket's address and the header is ignored.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value)
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed })
        return z.NEVER
      }
      return parsed
    }),
  /** Base of links in mails and share cards; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: LogLevel.default('info'),
  /** Where the built web app is; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** How long a prebooked slot stays held for its customer while the sale is paid (minutes). */
  HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(HOLD_MINUTES_DEFAULT),
  /** How long a placed order waits for its card or wallet payment (minutes) before it is released. */
  PAYMENT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  /** How many hours before its start a booking's reminder mail goes. */
  REMINDER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  /** The space one customer's form files may take in all (megabytes). */
  FORM_FILES_QUOTA_MB: z.coerce.number().int().min(1).max(1024).default(FORM_FILES_QUOTA_MB_DEFAULT),
  /**
   * Seed the demo centre into an empty database: on by default outside production, off in
   * production unless `true` (its accounts' passwords and its free promo are published).
   */
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  /** NODE_ENV=production: demo and debug aids stay off unless a variable asks for them. */
  production: boolean
  /** Mails kept for want of SMTP are readable at /demo-mailbox (decision 025). */
  demoMailbox: boolean
  /** Addresses and CIDRs of the proxies whose X-Forwarded-For is believed; false: none (decision 034). */
  trustProxy: string[] | false
  publicUrl: string
  logLevel: z.infer<typeof LogLevel>
  webDist: string
  /** SEED_DEMO: on by default outside production, off in production unless `true` (decision 078). */
  seedDemo: boolean
  /** How long settings answers are served from memory before the database is asked again. */
  settingsTtlMs: number
  /** How long public list answers (shop, blog, home) are served from memory before they are rebuilt. */
  listsTtlMs: number
  /** How long a server-rendered page is sent again before it is made anew (decision 086). */
  pagesTtlMs: number
  /** HOLD_MINUTES: how long a prebook holds its time. */
  holdMinutes: number
  /** REMINDER_HOURS: how long before its start a booking's reminder goes. */
  reminderHours: number
  /** How often the booking sweep (expired holds, reminders) runs; 0: never (tests sweep by hand). */
  bookingSweepMs: number
  /** PAYMENT_WINDOW_MINUTES: how long a placed order waits for its provider's payment. */
  paymentWindowMinutes: number
  /** FORM_FILES_QUOTA_MB, in bytes: the space one customer's form files may take. */
  formFilesQuotaBytes: number
  /** How often the sweep of form files linked to no customer runs; 0: never (tests sweep by hand). */
  formFilesSweepMs: number
  /**
   * How often spent rows (tokens, rate-limit windows, failed logins) are removed; 0: never (tests,
   * whose clock ages them, sweep by hand).
   */
  housekeepingMs: number
  /** How long a mail being sent stays claimed, and how long the SMTP server may stay silent. */
  mailTiming: typeof MAIL_TIMING
  /**
   * The payment providers' settings (decision 067): keys and base URLs as the environment gives
   * them. `sandbox`: providers without keys run against the local fakes mounted at /sandbox/…
   * (never in production unless PAYMENTS_SANDBOX=true).
   */
  payments: { sandbox: boolean; env: Record<string, string | undefined> }
}

/** The environment variables of the payment providers (README, decision 067). */
export const PAYMENT_ENV_NAMES = [
  'REDSYS_MERCHANT_CODE',
  'REDSYS_TERMINAL',
  'REDSYS_SECRET_KEY',
  'REDSYS_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'STRIPE_SCRIPT_URL',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_API_BASE',
  'PAYPAL_SDK_URL',
  'PAYPAL_CAPTURE',
  'NETPAY_SECRET_KEY',
  'NETPAY_PUBLIC_KEY',
  'NETPAY_PROD_MODE',
  'NETPAY_API_BASE',
  'NETPAY_SCRIPT_URL',
] as const

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    production,
    // Off in production unless asked for: it shows reset links to anyone (decision 025).
    demoMailbox:
      !e.SMTP_URL &&
      (production
        ? e.DEMO_MAILBOX === 'true' || e.DEMO_MAILBOX === '1'
        : e.DEMO_MAILBOX !== 'false' && e.DEMO_MAILBOX !== '0'),
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    // Off in production unless asked for: its passwords and its free promo are public (decision 078).
    seedDemo: production
      ? e.SEED_DEMO === 'true' || e.SEED_DEMO === '1'
      : e.SEED_DEMO !== 'false' && e.SEED_DEMO !== '0',
    settingsTtlMs: 5_000,
    listsTtlMs: 5_000,
    pagesTtlMs: 1_000,
    holdMinutes: e.HOLD_MINUTES,
    reminderHours: e.REMINDER_HOURS,
    bookingSweepMs: 60_000,
    paymentWindowMinutes: e.PAYMENT_WINDOW_MINUTES,
    formFilesQuotaBytes: e.FORM_FILES_QUOTA_MB * 1024 * 1024,
    formFilesSweepMs: 3_600_000,
    housekeepingMs: 3_600_000,
    mailTiming: MAIL_TIMING,
    payments: {
      sandbox: production
        ? env.PAYMENTS_SANDBOX === 'true' || env.PAYMENTS_SANDBOX === '1'
        : env.PAYMENTS_SANDBOX !== 'false' && env.PAYMENTS_SANDBOX !== '0',
      env: Object.fromEntries(PAYMENT_ENV_NAMES.map((name) => [name, env[name] || undefined])),
    },
  }
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * TRUST_PROXY as the list Fastify's `trustProxy` takes, false when unset or `false`, or the reason
 * it is refused. A hop count and `true` are refused: both also believe a client that reaches the
 * server directly and writes its own X-Forwarded-For (Fastify itself ignores a hop count).
 */
export function parseTrustProxy(value: string | undefined): string[] | false | string {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false' || text === '0') return false
  if (text === 'true' || /^\d+$/.test(text)) {
    return `"${text}" would believe any client's X-Forwarded-For; give the addresses or CIDRs of your proxies (e.g. 10.0.0.0/8)`
  }
  const entries = text.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue
    const [address = '', prefix, ...rest] = entry.split('/')
    const family = isIP(address)
    const bits = family === 4 ? 32 : 128
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits)
    if (!family || !prefixOk || rest.length > 0) {
      return `"${entry}" is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal`
    }
  }
  return entries
}

export { repoRoot }
