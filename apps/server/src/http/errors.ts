import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import type { ErrorBody } from '@clubhouse/contract'
import { errorLocale, issueMessage, say, spanishOf, translateMessage } from './messages.ts'

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

/** Where a validation failure was found, as the summary names it; the body goes unnamed. */
const PARTS: Record<string, string> = { querystring: 'querystring', params: 'params', headers: 'headers' }

/**
 * Turns every failure into the error shape; internals are logged, never sent. `errorMsg` and
 * `errors` are answered in the request's language (decision 026): the messages are written in
 * English and translated here, in one place, by the catalogue of ./messages.ts.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const locale = errorLocale(req.headers['accept-language'])
    const tr = (message: string) => translateMessage(message, locale)
    const send = (status: number, code: string, message: string, errors?: Record<string, string>) =>
      reply.status(status).send(body(code, tr(message), errors))
    if (err instanceof AppError) {
      const errors = err.errors
        ? Object.fromEntries(Object.entries(err.errors).map(([field, message]) => [field, tr(message)]))
        : undefined
      const answer = body(String(err.code), tr(err.message), errors)
      if (err.redirect !== undefined) answer.redirect = err.redirect
      return reply.status(err.status).send(answer)
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {}
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_'
        errors[field] ??= issueMessage(issue, locale)
      }
      const first = Object.entries(errors)[0]
      const part = err.validationContext && PARTS[err.validationContext]
      const msg = !first
        ? tr('The request is not valid.')
        : part
          ? say(locale, 'Check the field "{field}" in {part}: {message}', {
              field: first[0],
              part: tr(part),
              message: first[1],
            })
          : say(locale, 'Check the field "{field}": {message}', { field: first[0], message: first[1] })
      return reply.status(400).send(body('validation', msg, errors))
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema')
      return send(500, 'internal', 'Oops! Technical problems. Please try again.')
    }
    const status = err.statusCode ?? 500
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(400, 'bad_json', 'The request body is not valid JSON.')
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(413, 'payload_too_large', 'The request body is too large.')
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(415, 'unsupported_media_type', 'This content type is not accepted here.')
    }
    if (status === 429) {
      return send(429, 'rate_limited', 'Too many requests. Please wait a minute and try again.')
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (a header it cannot read, a method it does not route...) have no
      // Spanish of their own: a Spanish request gets the general one.
      const message = err.message || 'The request is not valid.'
      const known = locale === 'en-US' || spanishOf(message) !== undefined
      return send(status, 'bad_request', known ? message : 'The request is not valid.')
    }
    req.log.error({ err }, 'request failed')
    return send(500, 'internal', 'Oops! Technical problems. Please try again.')
  })
}
