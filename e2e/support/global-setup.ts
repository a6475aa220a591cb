// Before the journeys: build the web app when its build is missing or stale, then start one server
// per worker, each on a free port with a fresh data folder and the embedded database, as `npm start`
// does for a newcomer. A journey finds its worker's server through support/server-under-test.ts.
// Each server's mail goes over real SMTP to a receiver started here, which writes each mail as a JSON
// file into a folder of that server's (support/mail.ts). Afterwards: stop them all, remove the folders.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: the journeys of worker N talk to the Nth (support/server-under-test.ts). */
    servers: Array<{
      /** Address of the server, such as http://127.0.0.1:41234 (no trailing slash). */
      baseUrl: string
      /** Folder of the mails the server sent: one JSON file per mail ({ to, subject, html, text }). */
      mailDir: string
    }>
  }
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const webDir = join(repoRoot, 'apps/web')
// The browser's build and the server's renderer (decision 086), built together.
const builtFiles = [join(webDir, 'dist/index.html'), join(webDir, 'dist-ssr/entry-server.js')]
// What the web build is made of; a newer file here than dist/index.html means the build is stale.
const webSources = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'package.json'),
  join(repoRoot, 'packages/contract/src'),
]
const serverLog = (n: number) => join(repoRoot, `test-results/e2e-server-${n}.log`)
const readyPath = '/api/czconfigs/main-settings'
const readyTimeoutMs = 90_000

export default async function setup(project: TestProject) {
  buildWebIfStale()

  const workers = Math.max(1, Number(project.config.maxWorkers) || 1)
  const started = await Promise.all(Array.from({ length: workers }, (_, i) => startOne(i + 1)))
  const stopAll = () => Promise.all(started.map((one) => one.stop()))
  // Should the test runner die without running teardown, do not leave a server behind.
  const killOnExit = () => started.forEach((one) => one.kill())
  process.once('exit', killOnExit)

  const failed = started.filter((one) => one.error)
  if (failed.length > 0) {
    for (const one of failed)
      console.error(`\nA server did not start. Its output:\n${one.output() || '(none)'}\n`)
    await stopAll()
    throw failed[0]!.error
  }

  project.provide(
    'servers',
    started.map(({ baseUrl, mailDir }) => ({ baseUrl, mailDir })),
  )

  return async () => {
    process.off('exit', killOnExit)
    await stopAll()
  }
}

/** Starts the nth server with its mail receiver, and waits until it answers. */
async function startOne(n: number) {
  const port = await findFreePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'clubhouse-e2e-'))
  const mailDir = mkdtempSync(join(tmpdir(), 'clubhouse-e2e-mail-'))
  const mail = await startMailReceiver(mailDir)
  const server = startServer({ port, dataDir, baseUrl, smtpUrl: mail.url, logFile: serverLog(n) })
  const stop = async () => {
    await stopServer(server.child)
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(mailDir, { recursive: true, force: true })
  }
  let error: unknown
  try {
    await waitUntilReady(baseUrl, server.child)
  } catch (problem) {
    error = problem
  }
  return { baseUrl, mailDir, stop, kill: () => server.child.kill('SIGKILL'), output: server.output, error }
}

export function buildWebIfStale() {
  const builtAt = Math.min(...builtFiles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)))
  const changedAt = Math.max(0, ...webSources.map(newestChange))
  if (builtAt > 0 && builtAt >= changedAt) return

  console.log(builtAt ? 'Web sources changed; rebuilding the web app.' : 'Building the web app.')
  // Vitest sets NODE_ENV=test; the journeys must run the production build a visitor gets.
  const build = spawnSync('npm', ['run', 'build', '-w', '@clubhouse/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) throw new Error(`Building the web app failed (exit code ${build.status}).`)
}

/** Latest modification time of a file or of anything inside a folder; 0 when it does not exist. */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    newest = Math.max(newest, newestChange(join(path, entry)))
  }
  return newest
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port found.'))))
    })
  })
}

/**
 * A mail server on a free local port that accepts every message (no login, no TLS) and writes it
 * as `<sequence>.json` into `dir`, as a mail client would read it: recipients, subject, HTML, text.
 */
async function startMailReceiver(dir: string) {
  let sequence = 0
  const receiver = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const addresses = (field: AddressObject | AddressObject[] | undefined) =>
            (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
              group.value.map((entry) => entry.address ?? ''),
            )
          const mail = {
            to: addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          }
          sequence += 1
          writeFileSync(join(dir, `${String(sequence).padStart(6, '0')}.json`), JSON.stringify(mail, null, 2))
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  const port = await findFreePort()
  await new Promise<void>((resolve, reject) => {
    receiver.once('error', reject)
    receiver.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  }
}

/**
 * Starts `npm start`'s server on `port` with the embedded database in `dataDir`. With `smtpUrl` its
 * mail goes there; without, it keeps mail in its outbox and shows it at /demo-mailbox, as on a
 * newcomer's machine. Its output goes to `logFile` (test-results/e2e-server-1.log by default).
 */
export function startServer({
  port,
  dataDir,
  baseUrl,
  smtpUrl,
  logFile = serverLog(1),
}: {
  port: number
  dataDir: string
  baseUrl: string
  smtpUrl?: string
  logFile?: string
}) {
  // The embedded database and the journeys' own mail receiver (or none): drop what the caller's
  // environment may point elsewhere.
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env.DATABASE_URL
  delete env.SMTP_URL
  delete env.DEMO_MAILBOX
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    // JOURNEY_SERVER_LOG_LEVEL=info writes every request into test-results/e2e-server-N.log.
    LOG_LEVEL: process.env.JOURNEY_SERVER_LOG_LEVEL || 'warn',
    PUBLIC_URL: baseUrl,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  })

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })

  // Everything the server prints goes to its log file; the start is kept in memory
  // too, to be shown when the server does not come up.
  mkdirSync(join(repoRoot, 'test-results'), { recursive: true })
  const log = createWriteStream(logFile)
  const chunks: string[] = []
  let kept = 0
  const record = (chunk: Buffer) => {
    log.write(chunk)
    if (kept < 200_000) {
      chunks.push(chunk.toString())
      kept += chunk.length
    }
  }
  child.stdout?.on('data', record)
  child.stderr?.on('data', record)
  child.once('exit', () => log.end())

  return { child, output: () => chunks.join('') }
}

export async function waitUntilReady(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + readyTimeoutMs
  let lastProblem = 'no answer yet'
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was ready.`)
    }
    try {
      const response = await fetch(baseUrl + readyPath, { signal: AbortSignal.timeout(5_000) })
      if (response.status === 200) return
      lastProblem = `GET ${readyPath} answered ${response.status}`
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server was not ready within ${readyTimeoutMs / 1000} s (${lastProblem}).`)
}

/** Asks the server to close (SIGTERM), and kills it if it has not within ten seconds. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}
