import { randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { currentWriter, type Writer } from './writers.ts'

/**
 * Customer changes (decision 038): the database tells every instance whose data a committed write
 * changed, so an instance may keep a customer's session and answers in memory and still never serve
 * them more than a moment after they changed — whichever instance made the change.
 *
 * Triggers on every table whose rows some cache keeps (the one list of migration 0020, decision 102)
 * `NOTIFY customer_changes` with the customer's id, or `*` when a change concerns every customer (the
 * custom fields of the profile). PostgreSQL delivers a notification only once its transaction
 * commits, and delivers them in commit order.
 */
export const CUSTOMER_CHANGES = 'customer_changes'

/** A customer whose data changed, or '*': every customer's. */
export type CustomerChange = number | '*'

/**
 * Whether what is kept in memory can be trusted now:
 * - `current`: every change committed anywhere more than CURRENT_FOR_MS ago, and every change this
 *   instance committed, has been heard — a cache may answer from memory;
 * - `behind`: that is not certain yet (a check is under way): read the database; what is read may
 *   be kept, as a change committed after the read will still be heard;
 * - `deaf`: not listening (the connection is lost): read the database and keep nothing.
 */
export type ChangesState = 'current' | 'behind' | 'deaf'

export interface Changes {
  /** Calls `listener` for every customer change committed, by this instance or another; answers how to stop. */
  onChange(listener: (change: CustomerChange) => void): () => void
  /**
   * Whether what is kept of `customer` can be trusted now; without a customer, whether everything
   * kept can (every write of this instance heard, whoever made it).
   */
  state(customer?: number): ChangesState
  /**
   * Told by the pool each time a write of this instance completes, with whose data it may have
   * changed (decision 102): that customer's next reads wait for it; a writer not known makes every
   * read wait; a write of nothing kept, none.
   */
  wrote(writer?: Writer): void
  close(): Promise<void>
}

/**
 * A change committed elsewhere is heard within this time (or the caches stop answering from memory):
 * well under the second within which a revoked session must stop working on every instance.
 */
export const CURRENT_FOR_MS = 600
/** Past this age the listener is asked again whether it has heard everything, ahead of need. */
const RECHECK_AFTER_MS = 150
/** A check unanswered this long means the connection is gone, even if no error said so. */
const STUCK_AFTER_MS = 5_000
const RECONNECT_MS = 1_000
/** Customers whose last write is remembered; past this, those already heard are forgotten. */
const MAX_WRITERS = 10_000

function parseChange(payload: string | undefined): CustomerChange | undefined {
  if (payload === '*') return '*'
  const id = Number(payload)
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

function createListeners() {
  const listeners = new Set<(change: CustomerChange) => void>()
  return {
    add(listener: (change: CustomerChange) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    tell(change: CustomerChange) {
      for (const listener of listeners) listener(change)
    },
  }
}

/**
 * The embedded database is one session in this process: a notification reaches its listener while
 * the statement that committed it completes, so nothing is ever behind.
 */
export async function listenOnPglite(client: PGlite): Promise<Changes> {
  const listeners = createListeners()
  const stop = await client.listen(CUSTOMER_CHANGES, (payload) => {
    const change = parseChange(payload)
    if (change !== undefined) listeners.tell(change)
  })
  return {
    onChange: listeners.add,
    state: () => 'current',
    wrote: () => {},
    close: () => stop(),
  }
}

interface Check {
  /** When it was asked (on the clock of the checks): everything committed before then is heard once it answers. */
  askedAt: number
  answered: Promise<boolean>
}

/**
 * On PostgreSQL one connection of its own (not one of the pool) listens. To know it has heard
 * everything up to an instant, it notifies itself on a channel of its own and waits for that
 * notification: notifications come in commit order, so every change committed before it came first.
 * Such a check runs when a cache asks and the last one is older than RECHECK_AFTER_MS, and after
 * each write of this instance (read-your-writes on one instance), one at a time; an idle instance
 * asks nothing. A write of a customer's request makes only that customer's kept data wait for
 * the check (decision 102); a write of a writer not known, everyone's.
 */
export async function listenOnPostgres(
  url: string,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  /** The clock of its checks, in ms (a test's own: one that never stands still). */
  clock: () => number = () => performance.now(),
): Promise<Changes> {
  const listeners = createListeners()
  const ownChannel = `customer_changes_check_${randomBytes(6).toString('hex')}`
  let client: pg.Client | undefined
  let closed = false
  let heardUpTo = -Infinity
  /** The last write of a writer not known: everything kept waits until a check after it is heard. */
  let lastWriteAt = -Infinity
  /** The last write of each customer's requests not yet known to be heard. */
  const lastWriteOf = new Map<number, number>()
  /** The last write of any writer. */
  let lastAnyWriteAt = -Infinity
  /** The last check asked and not answered yet. */
  let pending: Check | undefined
  let checks = 0
  /** The listening connection was lost since it last listened (said once it listens again). */
  let wasLost = false
  const waiting = new Map<string, (heard: boolean) => void>()

  function lost(from: pg.Client, err?: unknown) {
    if (client !== from) return
    client = undefined
    heardUpTo = -Infinity
    pending = undefined
    for (const answer of waiting.values()) answer(false)
    waiting.clear()
    // What was missed meanwhile is unknown: forget everything.
    listeners.tell('*')
    from.removeAllListeners('notification')
    from.on('error', () => {})
    void from.end().catch(() => {})
    if (closed) return
    // Said once per loss, not at every failed attempt to listen again while the database is away.
    if (!wasLost) {
      log?.warn({ err }, 'stopped hearing customer changes; caches read the database until it listens again')
    }
    wasLost = true
    setTimeout(() => void connect(), RECONNECT_MS).unref()
  }

  async function connect() {
    if (closed) return
    const next = new pg.Client({ connectionString: url, application_name: 'clubhouse customer changes' })
    next.on('error', (err) => lost(next, err))
    next.on('end', () => lost(next))
    next.on('notification', (msg) => {
      if (msg.channel === CUSTOMER_CHANGES) {
        const change = parseChange(msg.payload)
        if (change !== undefined) listeners.tell(change)
      } else if (msg.channel === ownChannel && msg.payload) {
        waiting.get(msg.payload)?.(true)
        waiting.delete(msg.payload)
      }
    })
    try {
      await next.connect()
      await next.query(`listen ${CUSTOMER_CHANGES}`)
      await next.query(`listen ${ownChannel}`)
    } catch (err) {
      client = next
      lost(next, err)
      return
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
    if (wasLost) {
      wasLost = false
      log?.info('hearing customer changes again; caches keep answers again')
    }
    // Whatever was kept before now was kept while nobody listened.
    listeners.tell('*')
    void check()
  }

  /** Asks the listener whether it has heard everything committed up to now. */
  function check(): Promise<boolean> {
    const on = client
    if (!on) return Promise.resolve(false)
    const askedAt = clock()
    const payload = String(++checks)
    const answered = new Promise<boolean>((resolve) => {
      waiting.set(payload, resolve)
      on.query('select pg_notify($1, $2)', [ownChannel, payload]).catch((err: unknown) => lost(on, err))
    }).then((heard) => {
      if (heard && client === on) heardUpTo = Math.max(heardUpTo, askedAt)
      if (pending?.answered === answered) pending = undefined
      return heard
    })
    pending = { askedAt, answered }
    return answered
  }

  /** Asks a check unless one is on its way; one that never comes back means the connection is gone. */
  function ask(now: number) {
    if (!pending) void check()
    else if (client && now - pending.askedAt > STUCK_AFTER_MS)
      lost(client, new Error('no answer from the listening connection'))
  }

  /** Forgets the writes already heard; if too many are left, they count as writes of anyone. */
  function forgetHeardWrites() {
    for (const [customer, at] of lastWriteOf) if (at <= heardUpTo) lastWriteOf.delete(customer)
    if (lastWriteOf.size < MAX_WRITERS) return
    for (const at of lastWriteOf.values()) lastWriteAt = Math.max(lastWriteAt, at)
    lastWriteOf.clear()
  }

  await connect()

  return {
    onChange: listeners.add,
    state(customer) {
      if (!client) return 'deaf'
      const now = clock()
      const wroteAt =
        customer === undefined
          ? lastAnyWriteAt
          : Math.max(lastWriteAt, lastWriteOf.get(customer) ?? -Infinity)
      if (heardUpTo >= wroteAt && now - heardUpTo < CURRENT_FOR_MS) {
        if (now - heardUpTo > RECHECK_AFTER_MS) ask(now)
        return 'current'
      }
      // Behind: it needs a check asked after this instance's last write (the next one, if one is out).
      ask(now)
      return 'behind'
    },
    wrote(writer) {
      if (writer === 'nothing kept') return
      const at = clock()
      lastAnyWriteAt = at
      if (writer === undefined) {
        lastWriteAt = at
        return
      }
      if (!lastWriteOf.has(writer) && lastWriteOf.size >= MAX_WRITERS) forgetHeardWrites()
      lastWriteOf.set(writer, at)
    },
    async close() {
      closed = true
      const last = client
      client = undefined
      for (const answer of waiting.values()) answer(false)
      waiting.clear()
      await last?.end().catch(() => {})
    },
  }
}

/** The command tags of statements that may change data; a count of 0 rows changed none. */
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'TRUNCATE', 'COPY'])

/** Whether a command tag says rows may have changed ("INSERT 0 1", "UPDATE 3", "TRUNCATE TABLE"). */
function mayHaveChanged(tag: string): boolean {
  const words = tag.split(' ')
  if (!WRITE_COMMANDS.has(words[0]!)) return false
  const rows = words.length > 1 ? Number(words[words.length - 1]) : NaN
  return rows !== 0
}

/**
 * Tells `changes` whenever a statement on one of the pool's connections may have changed data: a
 * write (outside a transaction, or inside one), then the commit of a transaction that wrote — told
 * again, as only then is it visible. Each is told with its writer (`writers.ts`), taken where the
 * statement was asked: a query of the pool itself runs on whichever connection comes free, in the
 * context of the request that freed it, so the pool's own queries carry their writer along.
 */
export function watchWrites(pool: pg.Pool, changes: Pick<Changes, 'wrote'>) {
  const writerOfQuery = new WeakMap<object, Writer>()
  // The methods are looked up at each call, not kept: what the classes' own `query` is then runs.
  const poolQuery = (...args: unknown[]) =>
    (Object.getPrototypeOf(pool) as { query: (...a: unknown[]) => unknown }).query.apply(pool, args)
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    const asked = typeof config === 'string' ? { text: config } : config
    if (asked && typeof asked === 'object') writerOfQuery.set(asked, currentWriter())
    return poolQuery(asked, ...rest)
  }) as typeof pool.query
  pool.on('connect', (client) => {
    let writer: Writer
    let wroteSinceCommit = false
    const clientQuery = (...args: unknown[]) =>
      (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args)
    client.query = ((config: unknown, ...rest: unknown[]) => {
      writer =
        config && typeof config === 'object' && writerOfQuery.has(config)
          ? writerOfQuery.get(config)
          : currentWriter()
      return clientQuery(config, ...rest)
    }) as typeof client.query
    client.connection.on('commandComplete', (msg: { text?: string }) => {
      if (!msg.text) return
      if (msg.text === 'COMMIT') {
        if (wroteSinceCommit) changes.wrote(writer)
        wroteSinceCommit = false
      } else if (mayHaveChanged(msg.text) && writer !== 'nothing kept') {
        wroteSinceCommit = true
        changes.wrote(writer)
      }
    })
  })
}
