import type { FastifyError, FastifyServerOptions } from 'fastify'

/**
 * How an error is written to the log: what failed and where, never the values it carried.
 *
 * A failed query is the dangerous case. Drizzle's DrizzleQueryError says "Failed query: …\nparams: …"
 * and keeps the params; the driver's error it wraps (pg or PGlite) has a `detail` such as
 * `Key (email)=(maria@example.com)` or `Failing row contains (…)`, and PGlite's keeps the params
 * too. Those are password hashes, emails, phones and addresses. The log keeps the statement (its
 * values are placeholders), the SQLSTATE, the constraint, table and column, and the stack frames.
 */

/** Fields of a database error that name what failed; `detail`, `where`, `hint` and params are left out. */
const DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine']
/** Value-carrying fields left out of any other error too. */
const NEVER_LOGGED = new Set(['params', 'detail', 'where', 'internalQuery', 'queryOptions', 'hint'])
const MAX_DEPTH = 5

type Loose = Record<string, unknown>

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null

/** A driver's error from the server: it carries a five-character SQLSTATE and a severity. */
function isDatabaseError(err: Loose): boolean {
  return (
    typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && ('severity' in err || 'routine' in err)
  )
}

/** Drizzle's wrapper of a failed statement: the statement and its params. */
function isQueryError(err: Loose): boolean {
  return typeof err.query === 'string' && 'params' in err && !isDatabaseError(err)
}

/**
 * PostgreSQL's message, unless it may quote a value: data exceptions (class 22) such as
 * `invalid input syntax for type integer: "…"` get their quoted parts blanked.
 */
function databaseMessage(code: string, message: unknown): string {
  const text = typeof message === 'string' ? message : ''
  return code.startsWith('22') ? text.replace(/"(?:[^"]|"")*"/g, '"…"') : text
}

/** The stack's frames under a first line of our choosing (the original one repeats the message). */
function stackOf(err: Loose, type: string, message: string): string | undefined {
  if (typeof err.stack !== 'string') return undefined
  const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line))
  return [`${type}: ${message}`, ...frames].join('\n')
}

/** The class of the error, as pino names it (pg's errors are named just "error"). */
function typeOf(err: Loose): string {
  const constructorName = (err.constructor as { name?: string } | undefined)?.name
  if (constructorName && constructorName !== 'Object') return constructorName
  return typeof err.name === 'string' ? err.name : 'Error'
}

/** The pino `err` serializer: a plain object with the error's type, message, stack and safe fields. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!isObject(err)) return err
  if (depth > MAX_DEPTH) return { type: typeOf(err), message: '[cause chain too deep]' }
  const type = typeOf(err)
  const cause =
    'cause' in err && err.cause !== undefined ? { cause: serializeError(err.cause, depth + 1) } : {}

  if (isQueryError(err)) {
    const summary = `Failed query: ${String(err.query)}`
    return { type, message: summary, query: err.query, stack: stackOf(err, type, summary), ...cause }
  }
  if (isDatabaseError(err)) {
    const summary = databaseMessage(String(err.code), err.message)
    const fields = Object.fromEntries(
      DATABASE_FIELDS.filter((key) => err[key] !== undefined).map((key) => [key, err[key]]),
    )
    // PGlite's error repeats the statement its wrapper already names.
    const query = typeof err.query === 'string' && depth === 0 ? { query: err.query } : {}
    return { type, message: summary, ...fields, ...query, stack: stackOf(err, type, summary), ...cause }
  }

  const summary = typeof err.message === 'string' ? err.message : String(err)
  const out: Loose = { type, message: summary, stack: typeof err.stack === 'string' ? err.stack : undefined }
  for (const [key, value] of Object.entries(err)) {
    if (key in out || key === 'cause' || NEVER_LOGGED.has(key)) continue
    out[key] = value instanceof Error ? serializeError(value, depth + 1) : value
  }
  if (Array.isArray(err.errors)) out.errors = err.errors.map((e) => serializeError(e, depth + 1))
  return { ...out, ...cause }
}

/**
 * Fastify's logger settings with the `err` serializer above; Fastify adds its own `req` and `res`
 * serializers beside it. `false` stays false (no logger).
 */
export function withSafeErrorLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger
  const options = logger === true ? {} : logger
  // An Error always comes out as an object with type, message and stack.
  const err = (e: FastifyError) => serializeError(e) as { type: string; message: string; stack: string }
  return { ...options, serializers: { ...options.serializers, err } }
}
