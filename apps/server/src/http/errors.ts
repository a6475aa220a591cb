import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { CommonErrorCode, statusesOf, type ErrorBody } from '@clubhouse/contract/server'
import { AppError } from '../lib/app-error.ts'
import { refusalOf } from '../db/refusals.ts'
import {
  errorLocale,
  fieldLabel,
  issueMessage,
  labelled,
  say,
  spanishOf,
  translateMessage,
} from './messages.ts'

export { AppError, ERROR_STATUS, notFound, type ErrorCode } from '../lib/app-error.ts'

function body(code: string, errorMsg: string, errors?: Record<string, string>): ErrorBody {
  return errors ? { ok: false, code, errorMsg, errors } : { ok: false, code, errorMsg }
}

/** The common code a plugin's or Fastify's own refusal answers under its status; 400 `bad_request` else. */
const FRAMEWORK_CODES: Partial<Record<number, string>> = {
  400: CommonErrorCode.badRequest,
  404: CommonErrorCode.notFound,
  405: CommonErrorCode.methodNotAllowed,
  408: CommonErrorCode.requestTimeout,
  413: CommonErrorCode.payloadTooLarge,
  414: CommonErrorCode.uriTooLong,
  415: CommonErrorCode.unsupportedMediaType,
  431: CommonErrorCode.headersTooLarge,
}

/** Where a validation failure was found, as the summary names it; the body goes unnamed. */
const PARTS: Record<string, string> = { querystring: 'querystring', params: 'params', headers: 'headers' }

/**
 * Turns every failure into the error shape; internals are logged, never sent. `errorMsg` and
 * `errors` are answered in the request's language (decision 026): the messages are written in
 * English and translated here, in one place, by the catalogue of ./messages.ts.
 */
export function registerErrorHandler(app: FastifyInstance, opts: { strictErrorCodes?: boolean } = {}) {
  app.setErrorHandler((thrown: FastifyError | AppError, req, reply) => {
    const locale = errorLocale(req.headers['accept-language'])
    const tr = (message: string) => translateMessage(message, locale)
    const send = (status: number, code: string, message: string, errors?: Record<string, string>) =>
      reply.status(status).send(body(code, tr(message), errors))
    // A database refusal outside a unit of work (one statement) is mapped as a unit maps it.
    const err = refusalOf(thrown) ?? thrown
    if (err instanceof AppError) {
      // Tests: a code the route's contract does not declare is a defect the suite must see.
      const declared = req.routeOptions.config?.errorCodes
      if (opts.strictErrorCodes && declared && !declared.has(String(err.code))) {
        req.log.error({ code: err.code, route: req.routeOptions.url }, 'error code not declared by the route')
        return send(500, 'internal', 'This answer uses an error code its route does not declare.')
      }
      // Tests: a code answered under another status than the API document gives it, likewise.
      const statuses = statusesOf(String(err.code), { errorStatuses: req.routeOptions.config?.errorStatuses })
      if (opts.strictErrorCodes && declared && !statuses.includes(err.status)) {
        req.log.error(
          { code: err.code, status: err.status },
          'error code answered under an undocumented status',
        )
        return send(500, 'internal', 'This answer uses a status its error code is not documented with.')
      }
      const errors = err.errors
        ? Object.fromEntries(Object.entries(err.errors).map(([field, message]) => [field, tr(message)]))
        : undefined
      const answer = body(String(err.code), tr(err.message), errors)
      if (err.redirect !== undefined) answer.redirect = err.redirect
      if (err.data !== undefined) answer.data = err.data
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds))
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
      // A field of a form is named as the form labels it; a parameter only a developer sends, by its name.
      const label = first && !part ? fieldLabel(first[0], locale) : undefined
      const msg = !first
        ? tr('The request is not valid.')
        : label
          ? labelled(label, first[1])
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
      // Under the common code of their status, as the API document pairs them (a body in an
      // encoding the server does not take is a 415 `unsupported_media_type`); any other, a 400.
      const code = FRAMEWORK_CODES[status]
      return send(code ? status : 400, code ?? 'bad_request', known ? message : 'The request is not valid.')
    }
    // Under `err`, so the serializer of ./log-errors.ts writes it: no query params or row values.
    req.log.error({ err }, 'request failed')
    return send(500, 'internal', 'Oops! Technical problems. Please try again.')
  })
}

/** The methods the API routes; a path that answers some of them names them in `Allow`. */
const ROUTED_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']

/**
 * For the not-found handler: a path that exists under other methods (OPTIONS or PATCH on a list, GET
 * on a POST route) answers 405 with the methods it takes in `Allow`, rather than "nothing here".
 */
export function refuseOtherMethods(req: FastifyRequest, reply: FastifyReply, pathname: string) {
  const allowed = ROUTED_METHODS.filter((method) => req.server.findRoute({ method, url: pathname }))
  // A route of this very method that found nothing (a missing upload) is a plain 404.
  if (allowed.length === 0 || allowed.includes(req.method as HTTPMethods)) return
  reply.header('allow', allowed.join(', '))
  throw new AppError(
    'method_not_allowed',
    `${req.method} is not accepted at ${pathname}; use ${allowed.join(', ')}.`,
  )
}

/**
 * Fastify's `frameworkErrors`: refusals its router makes before any route or hook runs (an address
 * that does not decode, a path parameter over the length limit), in the error shape and the
 * request's language, where Fastify would answer its own JSON.
 */
export function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const locale = errorLocale(req.headers['accept-language'])
  const send = (status: number, code: string, message: string) =>
    reply.status(status).send(body(code, translateMessage(message, locale)))
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return send(400, 'bad_url', 'The address of this request is not valid.')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return send(414, 'uri_too_long', 'A part of the address of this request is too long.')
  }
  req.log.error({ err }, 'request failed')
  return send(500, 'internal', 'Oops! Technical problems. Please try again.')
}

/**
 * The Node server's `clientError`: a request its HTTP parser refused (a request line and headers
 * over 16 KB, a method it does not know, broken framing) or that did not arrive in time. No request
 * exists to answer through Fastify, so the error shape is written on the socket, in English (no
 * headers were read to pick another language), and the connection closed, as Node itself does.
 */
export function answerClientError(err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [status, answer] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, body('headers_too_large', 'The address or the headers of this request are too long.')]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, body('request_timeout', 'The request took too long to arrive.')]
        : [400, body('bad_request', 'The request is not valid.')]
  // A response already under way on this socket (a timeout mid-answer) must not be corrupted.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    const payload = JSON.stringify(answer)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(payload)}\r\n` +
        'Connection: close\r\n\r\n' +
        payload,
    )
  }
  socket.destroy(err)
}
