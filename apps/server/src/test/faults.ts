import type { LightMyRequestResponse } from 'fastify'
import type { App } from '../app.ts'

/** One answer a load loop got: which instance, when it was asked (performance.now()), its status. */
export interface LoadAnswer {
  instance: number
  askedAt: number
  status: number
  body: string
}

/**
 * Customers' requests without pause, `workers` at a time spread over `apps`, until `stop()`: every
 * answer is kept, so a test can tell what customers got before, during and after a fault.
 * `request` answers a response, or throws (a connection refused, a socket cut): kept as status 0.
 */
export function startLoad(
  apps: readonly App[],
  workers: number,
  request: (app: App, worker: number, round: number) => Promise<LightMyRequestResponse | Response>,
) {
  let running = true
  const answers: LoadAnswer[] = []
  const loops = Array.from({ length: workers }, async (_, worker) => {
    const instance = worker % apps.length
    for (let round = 0; running; round++) {
      const askedAt = performance.now()
      try {
        const res = await request(apps[instance]!, worker, round)
        const body = 'body' in res && typeof res.body === 'string' ? res.body : await (res as Response).text()
        answers.push({ instance, askedAt, status: 'statusCode' in res ? res.statusCode : res.status, body })
      } catch (err) {
        answers.push({ instance, askedAt, status: 0, body: String(err) })
      }
      // Let timers and other work run between requests, as a real client's round trip would.
      await new Promise((resolve) => setImmediate(resolve))
    }
  })
  return {
    answers,
    /** Ends the loops once their requests in flight are answered. */
    stop: async () => {
      running = false
      await Promise.all(loops)
    },
  }
}

/** Resolves with `promise`, or fails naming `what` when it takes longer than `ms`. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Resolves once `check` answers true, asking again every `every` ms; fails naming `what` after `ms`. */
export async function until(ms: number, what: string, check: () => boolean | Promise<boolean>, every = 20) {
  let over = false
  try {
    await within(
      ms,
      what,
      (async () => {
        while (!over && !(await check())) await new Promise((resolve) => setTimeout(resolve, every))
      })(),
    )
  } finally {
    over = true
  }
}
