import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import type { ErrorBody } from '@clubhouse/contract'

/** Stable error codes and the HTTP status each maps to: one map for the whole API. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  bad_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rule: 422,
  rate_limited: 429,
  internal: 500,
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
    opts: { status?: number; errors?: Record<string, string>; redirect?: boolean } = {},
  ) {
    super(message)
    this.status = opts.status ?? ERROR_STATUS[code as keyof typeof ERROR_STATUS] ?? 422
    this.errors = opts.errors
    this.redirect = opts.redirect
  }
  readonly errors: Record<string, string> | undefined
  /** Login only: tells the client to switch its form to reset-password mode (spec 1 §4). */
  readonly redirect: boolean | undefined
}

export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`)

function body(code: string, errorMsg: string, errors?: Record<string, string>): ErrorBody {
  return errors ? { ok: false, code, errorMsg, errors } : { ok: false, code, errorMsg }
}

/** Turns every failure into the error shape; internals are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      const answer = body(String(err.code), err.message, err.errors)
      if (err.redirect !== undefined) answer.redirect = err.redirect
      return reply.status(err.status).send(answer)
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {}
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_'
        errors[field] ??= issue.message ?? 'Invalid value'
      }
      const first = Object.entries(errors)[0]
      const where =
        !err.validationContext || err.validationContext === 'body' ? '' : ` in ${err.validationContext}`
      const msg = first ? `Check the field "${first[0]}"${where}: ${first[1]}` : 'The request is not valid.'
      return reply.status(400).send(body('validation', msg, errors))
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema')
      return reply.status(500).send(body('internal', 'Oops! Technical problems. Please try again.'))
    }
    const status = err.statusCode ?? 500
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('bad_json', 'The request body is not valid JSON.'))
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body('payload_too_large', 'The request body is too large.'))
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send(body('unsupported_media_type', 'This content type is not accepted here.'))
    }
    if (status === 429) {
      return reply
        .status(429)
        .send(body('rate_limited', 'Too many requests. Please wait a minute and try again.'))
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('bad_request', err.message || 'The request is not valid.'))
    }
    req.log.error({ err }, 'request failed')
    return reply.status(500).send(body('internal', 'Oops! Technical problems. Please try again.'))
  })
}
