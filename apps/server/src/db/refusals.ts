import { AppError } from '../lib/app-error.ts'

/**
 * The database's refusals, mapped in one place (decision 027). Drizzle wraps the driver's error
 * (`DrizzleQueryError`, whose message holds the query's parameters: never log or answer it); the
 * SQLSTATE and the constraint are on the driver error somewhere down the `cause` chain.
 */

/** A refusal a caller chooses for one constraint: `{ customers_email_unique: emailTaken }`. */
export type Conflicts = Record<string, () => AppError>

interface DriverError {
  code?: unknown
  constraint?: unknown
  /** PGlite names the constraint here. */
  constraint_name?: unknown
  cause?: unknown
}

/** The driver error (the one carrying a SQLSTATE) inside whatever wraps it. */
function driverError(err: unknown): DriverError | undefined {
  let e: unknown = err
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as DriverError).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as DriverError
    e = (e as DriverError).cause
  }
  return undefined
}

/** The SQLSTATE of a database error, e.g. '23505'; undefined for any other error. */
export function sqlState(err: unknown): string | undefined {
  return driverError(err)?.code as string | undefined
}

/** The constraint a database error names, if any. */
export function constraintOf(err: unknown): string | undefined {
  const e = driverError(err)
  const name = e?.constraint ?? e?.constraint_name
  return typeof name === 'string' ? name : undefined
}

/** Serialisation failures and deadlocks: the whole unit may succeed when run again. */
export function isRetryable(err: unknown): boolean {
  const state = sqlState(err)
  return state === '40001' || state === '40P01'
}

const conflict = () =>
  new AppError('conflict', 'This was changed by someone else a moment ago. Please try again.', {
    status: 409,
  })

/**
 * The refusal a client should read for a database error, or undefined when the error is not one
 * (a bug, a lost connection: those stay 500s). Unique and exclusion violations answer 409 with the
 * code the caller chose for the constraint, else `conflict`; check violations 422; text the database
 * cannot store (a NUL, a lone surrogate) 400; a unit that kept meeting other units 503.
 */
export function refusalOf(err: unknown, conflicts: Conflicts = {}): AppError | undefined {
  if (err instanceof AppError) return undefined
  const state = sqlState(err)
  if (!state) return undefined
  const chosen = conflicts[constraintOf(err) ?? '']
  switch (state) {
    case '23505': // unique_violation
    case '23P01': // exclusion_violation
      return chosen?.() ?? conflict()
    case '23514': // check_violation
      return chosen?.() ?? new AppError('rule', 'This change is not allowed.', { status: 422 })
    case '22021': // character_not_in_repertoire (a NUL byte)
    case '22P05': // untranslatable_character
      return new AppError('bad_request', 'The request holds characters that cannot be stored.', {
        status: 400,
      })
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return new AppError('busy', 'The site is very busy right now. Please try again in a moment.', {
        status: 503,
      })
    default:
      return undefined
  }
}
