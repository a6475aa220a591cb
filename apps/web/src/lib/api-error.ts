/**
 * A failed call: the HTTP status (0 when no answer came), the server's stable `code` and its
 * `errorMsg` (safe to show), `errors` per form field, and the refusal's `data` where it sends one. Codes the client itself gives:
 * `network` (no answer), `not_json` (an answer that is not JSON), `bad_response` (JSON that does
 * not match the route's schema).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly errorMsg: string,
    readonly errors?: Record<string, string>,
    /** Login only: the server asks the client to switch its form to reset-password mode (spec 1 §4). */
    readonly redirect?: boolean,
    /** What the refusal refers to, for a screen to show beside its message (a block's clashes). */
    readonly data?: Record<string, unknown>,
  ) {
    super(errorMsg || `${code} (${status})`)
    this.name = 'ApiError'
  }

  /** A refusal of this request (4xx): asking again will not help. */
  get isClientError() {
    return this.status >= 400 && this.status < 500
  }
}

/** Whether a load failed because what the address names is not there (404) or cannot be (400). */
export const isMissingAnswer = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)
