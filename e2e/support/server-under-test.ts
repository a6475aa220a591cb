// The server a journey talks to. The global setup starts one per worker, each with its own data and
// mail (global-setup.ts); a worker runs its files one after another, so a server only ever serves
// one journey at a time, as it did when there was one worker.
import { inject } from 'vitest'

function ours() {
  const servers = inject('servers')
  // Vitest numbers its workers from 1 (VITEST_POOL_ID).
  const worker = Number(process.env.VITEST_POOL_ID) || 1
  const server = servers[(worker - 1) % servers.length]
  if (!server) throw new Error('No server was started for the journeys (global-setup.ts).')
  return server
}

/** Address of this worker's server, such as http://127.0.0.1:41234 (no trailing slash). */
export const baseUrl = (): string => ours().baseUrl

/** Folder of the mails this worker's server sent: one JSON file per mail ({ to, subject, html, text }). */
export const mailDir = (): string => ours().mailDir
