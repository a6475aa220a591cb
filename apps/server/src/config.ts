import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

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
  /**
   * Without SMTP_URL, show the mails the site would send at /demo-mailbox (default on). Anyone who
   * can reach the site reads them there: for demos and development only. Always off with SMTP_URL.
   */
  DEMO_MAILBOX: z.enum(['true', 'false', '1', '0']).optional(),
  /** Base of links in mails and share cards; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: LogLevel.default('info'),
  /** Where the built web app is; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** Seed the demo centre into an empty database (default on). */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  /** Mails kept for want of SMTP are readable at /demo-mailbox (decision 025). */
  demoMailbox: boolean
  publicUrl: string
  logLevel: z.infer<typeof LogLevel>
  webDist: string
  seedDemo: boolean
  /** How long settings answers are served from memory before the database is asked again. */
  settingsTtlMs: number
  /** How long public list answers (shop, blog, home) are served from memory before they are rebuilt. */
  listsTtlMs: number
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    demoMailbox: !e.SMTP_URL && e.DEMO_MAILBOX !== 'false' && e.DEMO_MAILBOX !== '0',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    seedDemo: e.SEED_DEMO,
    settingsTtlMs: 5_000,
    listsTtlMs: 5_000,
  }
}

export { repoRoot }
