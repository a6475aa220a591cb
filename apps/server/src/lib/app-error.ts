/** Stable error codes and the HTTP status each maps to: one map for the whole API. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  bad_json: 400,
  bad_url: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rule: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  busy: 503,
} as const
export type ErrorCode = keyof typeof ERROR_STATUS | (string & {})

/**
 * An outcome the client can act on: thrown by services, turned into `{ ok: false, code, errorMsg }`
 * by the one error handler. `status` defaults to the code's entry in ERROR_STATUS (else 422).
 */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    opts: {
      status?: number
      errors?: Record<string, string>
      redirect?: boolean
      retryAfterSeconds?: number
      /** What the refusal refers to, answered as the body's `data` (a block's clashes). */
      data?: Record<string, unknown>
    } = {},
  ) {
    super(message)
    this.status = opts.status ?? ERROR_STATUS[code as keyof typeof ERROR_STATUS] ?? 422
    this.errors = opts.errors
    this.redirect = opts.redirect
    this.retryAfterSeconds = opts.retryAfterSeconds
    this.data = opts.data
  }
  readonly errors: Record<string, string> | undefined
  /** Login only: tells the client to switch its form to reset-password mode (spec 1 §4). */
  readonly redirect: boolean | undefined
  /** A refusal that passes with time: answered in `Retry-After` (seconds). */
  readonly retryAfterSeconds: number | undefined
  readonly data: Record<string, unknown> | undefined
}

export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`)
