import { ERROR_CODE_DOCS, ErrorBody, errorCodesOf, statusesOf, type RouteDef } from '@clubhouse/contract/server'
import { z } from 'zod'

/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document is plain JSON here */
type Json = Record<string, any>

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const

/** What each tag of the document groups. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  account: "A customer's own pages: their orders, vouchers and the mails sent to them.",
  activities: 'Activities and courses, and signing up to them.',
  blog: "The centre's news.",
  bookings: 'Courts and resources booked by time, and sessions booked by place.',
  checkout: 'The cart, promo codes and vouchers, and making the order.',
  comms: 'Information requests to the centre.',
  content: "The centre's settings, texts and legal pages.",
  customers: 'Registration, login, activation, password reset and the profile.',
  'demo-mailbox': 'The demo mode: the mails the site would have sent.',
  forms: 'Dynamic forms and saving them, with their files.',
  home: 'What the home page shows: its banners, gallery and sponsors.',
  payments: 'Payment providers: notifications, webhooks, returns and the status of a payment.',
  shop: 'Products, their families and prices.',
  staff: "The centre's own people: their login, second factor and accounts, by role.",
}

function errorBodySchema(): Json {
  const { $schema: _, ...schema } = z.toJSONSchema(ErrorBody, { target: 'draft-2020-12' }) as Json
  return schema
}

/** `bookings.prebook` or `prebook` → `bookingsPrebook` / `prebook`: a stable operationId. */
export function operationIdOf(key: string): string {
  return key
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part, i) =>
      i === 0 ? part[0]!.toLowerCase() + part.slice(1) : part[0]!.toUpperCase() + part.slice(1),
    )
    .join('')
}

/** `GET /api/x/{id}` → `getApiXById`: the operationId of a route outside the contract. */
function operationIdOfPath(method: string, path: string): string {
  return operationIdOf(`${method} ${path.replace(/\{(\w+)\}/g, 'by $1')}`.split(/[^A-Za-z0-9]+/).join(' '))
}

/** The document's path of a contract route: `:id` → `{id}`. */
const openapiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

const exampleOf = (code: string) =>
  (ERROR_CODE_DOCS as Record<string, readonly [number, string]>)[code]?.[1] ?? 'This is not allowed.'

const REASONS: Record<number, string> = {
  400: 'The request is not valid',
  401: 'No valid bearer token',
  402: 'The payment was declined',
  403: 'Not allowed for this token',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflict with the current state',
  413: 'Request body too large',
  414: 'Address too long',
  415: 'Content type not accepted',
  422: 'Refused by a rule',
  429: 'Too many requests',
  431: 'Request headers too large',
  500: 'Internal error',
  503: 'Unavailable for now',
}

/**
 * Completes the document generated from the routes' schemas: a bearer security scheme on the routes
 * that take a customer's token, the server, an operationId per operation from the contract's route
 * key, and every error code a route may answer under its status, each with an example body.
 * Run once, by @fastify/swagger, which keeps the result.
 */
export function completeDocument(
  doc: Json,
  routes: Record<string, RouteDef>,
  opts: { publicUrl: string },
): Json {
  const byOperation = new Map<string, [string, RouteDef]>()
  for (const [key, def] of Object.entries(routes)) {
    byOperation.set(`${def.method.toLowerCase()} ${openapiPath(def.path)}`, [key, def])
  }
  const usedCodes = new Set<string>()
  const usedTags = new Set<string>()
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op: Json | undefined = item[method]
      if (!op) continue
      const found = byOperation.get(`${method} ${path}`)
      const def: Pick<RouteDef, 'auth' | 'rateLimit' | 'errors' | 'errorStatuses'> = found?.[1] ?? {}
      op.operationId ??= found ? operationIdOf(found[0]) : operationIdOfPath(method, path)
      op.security =
        def.auth === 'staff'
          ? [{ staffToken: [] }]
          : def.auth === 'customer'
            ? [{ bearerToken: [] }]
            : def.auth === 'optional'
              ? [{ bearerToken: [] }, {}]
              : []
      for (const tag of op.tags ?? []) usedTags.add(tag)
      const byStatus = new Map<number, string[]>()
      for (const code of errorCodesOf(def)) {
        for (const status of statusesOf(code, def))
          byStatus.set(status, [...(byStatus.get(status) ?? []), code])
      }
      op.responses ??= {}
      for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
        for (const code of codes) usedCodes.add(code)
        op.responses[String(status)] = {
          description: `${REASONS[status] ?? 'Refused'}: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ErrorBody' },
              examples: Object.fromEntries(codes.map((c) => [c, { $ref: `#/components/examples/${c}` }])),
            },
          },
        }
      }
    }
  }
  doc.servers = [{ url: opts.publicUrl.replace(/\/+$/, '') || '/', description: 'This centre' }]
  doc.tags = [...usedTags]
    .sort()
    // A tag of no description stays without one: the lint of the document (a test) says so.
    .map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name }))
  doc.components = {
    ...doc.components,
    securitySchemes: {
      bearerToken: {
        type: 'http',
        scheme: 'bearer',
        description: "A customer's session token, as the login answers it.",
      },
      staffToken: {
        type: 'http',
        scheme: 'bearer',
        description:
          "A staff session's token, as the staff login answers it; a customer's token is never one.",
      },
    },
    schemas: { ...doc.components?.schemas, ErrorBody: errorBodySchema() },
    examples: Object.fromEntries(
      [...usedCodes]
        .sort()
        .map((code) => [code, { summary: code, value: { ok: false, errorMsg: exampleOf(code), code } }]),
    ),
  }
  return doc
}
