import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from './executor.ts'
import { isRetryable, refusalOf, type Conflicts } from './refusals.ts'
import { writingForAnyone } from './writers.ts'

/**
 * Units of work (decision 027). A unit is one database transaction that any number of service calls
 * join: the open transaction travels in AsyncLocalStorage, and every service reads and writes
 * through `db`, the ambient executor, which is that transaction inside a unit and the pool (or the
 * embedded database) outside one. So a service never takes a transaction argument, a unit spanning
 * three features needs no cast, and a call made inside a unit can never run beside it on another
 * connection — the embedded database has only one and would wait for the unit forever.
 *
 * Work that must wait for the commit (mail delivery, cache invalidation, telling other instances)
 * is queued with `afterCommit` and runs only when the outermost unit commits.
 */

interface OpenUnit {
  tx: Db
  /** False once the transaction ended: late callers then fall back to the pool. */
  open: boolean
  afterCommit: Array<() => unknown>
}

const current = new AsyncLocalStorage<OpenUnit>()

function openUnit(): OpenUnit | undefined {
  const unit = current.getStore()
  return unit?.open ? unit : undefined
}

/** True inside a unit of work: caches must not share or keep what is read there (it may roll back). */
export function inUnit(): boolean {
  return openUnit() !== undefined
}

/**
 * Runs `fn` outside any unit: for work started inside one that must not join it (a background
 * refresh that outlives the request). On the embedded database it waits until the unit ends, so
 * the unit must never wait for it.
 */
export function outsideUnit<T>(fn: () => T): T {
  return current.exit(fn)
}

/**
 * Queues `hook` to run once the open unit of work commits (dropped if it rolls back); outside a unit
 * it runs at once. Caches that forget what a write changed call it, so no other request reads the
 * old answer back into them before the change is visible.
 */
export function afterCommit(hook: () => unknown, log?: Pick<FastifyBaseLogger, 'error'>): void {
  const unit = openUnit()
  if (unit) unit.afterCommit.push(hook)
  else runHooks([hook], log)
}

function runHooks(hooks: Array<() => unknown>, log?: Pick<FastifyBaseLogger, 'error'>) {
  for (const hook of hooks) {
    // Outside the unit that queued it: the transaction is gone. What it writes may be any
    // customer's (mail, another's offer), so every kept answer waits for it (decision 102).
    outsideUnit(() =>
      writingForAnyone(() => {
        try {
          Promise.resolve(hook()).catch((err: unknown) => log?.error({ err }, 'after-commit work failed'))
        } catch (err) {
          log?.error({ err }, 'after-commit work failed')
        }
      }),
    )
  }
}

export interface UnitOptions {
  /** Which unique or exclusion constraint means which refusal: `{ bookings_no_overlap: slotTaken }`. */
  conflicts?: Conflicts
  /** Serialisable units are retried on 40001 like deadlocks; the default is read committed. */
  isolation?: 'read committed' | 'repeatable read' | 'serializable'
  /** Attempts in all when the database asks to retry (serialisation failure, deadlock). */
  attempts?: number
  /**
   * Inside a unit: false joins it without a savepoint (two round trips fewer), so a refusal undoes
   * the caller's whole unit. Only for work whose callers never catch its refusals to go on.
   */
  savepoint?: boolean
}

export interface Units {
  /**
   * Runs `work` as one unit: everything it does through `db` commits together or not at all. Called
   * inside a unit it joins it (as a savepoint, so a refusal the caller catches undoes only its own
   * part). A serialisation failure or deadlock retries the whole outermost unit a few times, then
   * answers 503; unique, exclusion and check violations become the refusals of `refusals.ts`.
   */
  run<T>(work: () => Promise<T>, opts?: UnitOptions): Promise<T>
  /** Queues `hook` to run once the outermost unit commits; outside a unit it runs at once. */
  afterCommit(hook: () => unknown): void
}

const DEFAULT_ATTEMPTS = 4

/**
 * The ambient executor over `root` and the units that open transactions on it. `db` has the type
 * and every method of a Drizzle database; each call is routed to the open unit's transaction when
 * there is one.
 */
export function createUnits(
  root: Db,
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): { db: Db; units: Units } {
  const db = new Proxy(root, {
    get(target, prop) {
      const executor = (openUnit()?.tx ?? target) as unknown as Record<PropertyKey, unknown>
      const value = executor[prop]
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(executor) : value
    },
  })

  async function runOutermost<T>(work: () => Promise<T>, opts: UnitOptions): Promise<T> {
    const attempts = Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS)
    for (let attempt = 1; ; attempt++) {
      let unit: OpenUnit | undefined
      try {
        const result = await root.transaction(
          (tx) => {
            unit = { tx, open: true, afterCommit: [] }
            return current.run(unit, work)
          },
          opts.isolation ? { isolationLevel: opts.isolation } : undefined,
        )
        unit!.open = false
        runHooks(unit!.afterCommit, log)
        return result
      } catch (err) {
        if (unit) unit.open = false
        if (isRetryable(err) && attempt < attempts) {
          log?.warn(
            { attempt, code: 'retry' },
            'unit of work retried after a serialisation failure or deadlock',
          )
          // A little jitter keeps two retried units from meeting again at once.
          await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 20 * attempt)))
          continue
        }
        throw refusalOf(err, opts.conflicts) ?? err
      }
    }
  }

  async function runNested<T>(outer: OpenUnit, work: () => Promise<T>, opts: UnitOptions): Promise<T> {
    const inner: OpenUnit = { tx: outer.tx, open: true, afterCommit: [] }
    try {
      const result = await outer.tx.transaction((sp) => {
        inner.tx = sp
        return current.run(inner, work)
      })
      // What the savepoint queued waits for the outermost commit; a savepoint undone queues nothing.
      outer.afterCommit.push(...inner.afterCommit)
      return result
    } catch (err) {
      // A retryable failure belongs to the whole transaction: the outermost unit retries it.
      if (isRetryable(err)) throw err
      throw refusalOf(err, opts.conflicts) ?? err
    } finally {
      inner.open = false
    }
  }

  const units: Units = {
    run(work, opts = {}) {
      const outer = openUnit()
      if (outer && opts.savepoint === false) return work()
      return outer ? runNested(outer, work, opts) : runOutermost(work, opts)
    },
    afterCommit: (hook) => afterCommit(hook, log),
  }
  return { db, units }
}
