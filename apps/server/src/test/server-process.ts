import { spawn } from 'node:child_process'
import path from 'node:path'
import { repoRoot } from '../config.ts'
import type { LogLine } from './log-capture.ts'

export interface ServerProcess {
  /** http://127.0.0.1:<port> once it listens. */
  url: string
  port: number
  pid: number
  /**
   * Its memory right after a full collection (started with `memory: true`; otherwise, or once it
   * has ended, it fails).
   */
  memory: () => Promise<NodeJS.MemoryUsage>
  /** Every JSON line it printed so far. */
  lines: LogLine[]
  /** Resolves with the first line (past or future) that matches. */
  waitForLog: (match: (line: LogLine) => boolean) => Promise<LogLine>
  /** Sends a signal. */
  signal: (signal: NodeJS.Signals) => void
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** SIGTERM and wait for the end (nothing when it already ended). */
  stop: () => Promise<void>
}

/**
 * Runs `apps/server/src/server.ts` as `npm start` does (node --import tsx), on a port of its own
 * choosing, with `env` over a clean environment; resolves once it says it is serving, and fails
 * with its output when it ends before that. `memory: true` also loads memory-probe.ts over an IPC
 * channel, for `memory()`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { memory?: boolean } = {},
): Promise<ServerProcess> {
  const base: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'DEMO_MAILBOX', 'TRUST_PROXY', 'PUBLIC_URL', 'SEED_DEMO']) {
    delete base[name]
  }
  const probe = opts.memory
    ? ['--expose-gc', '--import', path.join(repoRoot, 'apps/server/src/test/memory-probe.ts')]
    : []
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...probe, path.join(repoRoot, 'apps/server/src/server.ts')],
    {
      cwd: repoRoot,
      env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: opts.memory ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    },
  )
  const lines: LogLine[] = []
  let output = ''
  const waiters: Array<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }> = []
  let pending = ''
  child.stdout!.setEncoding('utf8')
  child.stdout!.on('data', (chunk: string) => {
    output += chunk
    pending += chunk
    const complete = pending.split('\n')
    pending = complete.pop() ?? ''
    for (const text of complete) {
      if (!text.startsWith('{')) continue
      const line = JSON.parse(text) as LogLine
      lines.push(line)
      for (const waiter of [...waiters]) {
        if (waiter.match(line)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(line)
        }
      }
    }
  })
  child.stderr!.setEncoding('utf8')
  child.stderr!.on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const waitForLog = (match: (line: LogLine) => boolean) =>
    new Promise<LogLine>((resolve) => {
      const seen = lines.find(match)
      if (seen) resolve(seen)
      else waiters.push({ match, resolve })
    })

  const listening = waitForLog((l) => /^Server listening at http:\/\/127\.0\.0\.1:\d+$/.test(l.msg))
  const ready = await Promise.race([
    waitForLog((l) => l.msg.startsWith('Clubhouse is serving')).then(() => listening),
    exited.then(({ code, signal }) => {
      throw new Error(`The server ended before serving (code ${code}, signal ${signal}):\n${output}`)
    }),
  ])
  const url = ready.msg.replace('Server listening at ', '')
  const memory = () =>
    new Promise<NodeJS.MemoryUsage>((resolve, reject) => {
      if (!child.connected) return reject(new Error('the server has no IPC channel (memory: true) or ended'))
      const answered = (message: unknown) => {
        const m = message as { memory?: NodeJS.MemoryUsage }
        if (!m.memory) return
        child.off('message', answered)
        child.off('exit', ended)
        resolve(m.memory)
      }
      const ended = () => {
        child.off('message', answered)
        reject(new Error('the server ended before telling its memory'))
      }
      child.on('message', answered)
      child.once('exit', ended)
      child.send('memory')
    })
  return {
    url,
    port: Number(new URL(url).port),
    pid: child.pid!,
    memory,
    lines,
    waitForLog,
    signal: (signal) => void child.kill(signal),
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
