import { z } from 'zod'
import { ERROR_CODE_DOCS } from './error-code-docs.ts'
import { AuthErrorCode, CommonErrorCode, RateLimitErrorCode } from './error-codes.ts'
import type { StaffRole } from './staff-roles.ts'

/**
 * One API route of the spec: method, path (Fastify style, `:param`), input schemas and the
 * success answer. The server registers it, the web client calls it, the OpenAPI document lists it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod
  path: string
  summary: string
  tags: string[]
  params?: P
  query?: Q
  body?: B
  response: R
  /**
   * 'customer' routes need a customer's bearer token; the server checks it against the customer id
   * `owner` names. 'staff' routes need a staff session's bearer token of at least `staffRole`: the
   * two kinds of token live in different tables, so neither ever stands for the other.
   */
  auth?: 'none' | 'optional' | 'customer' | 'staff'
  /**
   * The lowest role a 'staff' route is open to (the roles above it reach it too); every 'staff'
   * route declares it, so none is open to the whole staff by forgetting it.
   */
  staffRole?: StaffRole
  /**
   * A 'staff' route a session that must enrol a second factor first may still use (who it is,
   * logging out, the enrolment itself); every other one answers such a session 403 (decision 108).
   */
  openBeforeEnrolment?: true
  /**
   * Where a 'customer' route names its customer: the server answers 401 without a valid token and
   * 403 when the token is another customer's. Id 0 answers 401, unless `zeroMeansNone`: then the
   * route runs for "no customer" (spec 1 §6). Every 'customer' route declares it.
   */
  owner?: RouteOwner
  /** Rate-limited routes (login, reset, registration, info request, payments). */
  rateLimit?: { max: number; timeWindow: string }
  /**
   * The error codes of this route's own (error-codes.ts), beyond the common ones, the auth ones of a
   * 'customer' route and `rate_limited` of a rate-limited one.
   */
  errors?: readonly string[]
  /**
   * A code this route answers under another status too, beyond its usual one of ERROR_CODE_DOCS: the
   * checkout's own check of the buyer's details answers `validation` with 422 (the schema's, 400).
   */
  errorStatuses?: Readonly<Record<string, number>>
}

/** Where a route names the customer it acts for. */
export interface RouteOwner {
  from: 'params' | 'query' | 'body'
  /** The field's name; a dotted path (`booking.customerId`) for a field of a nested object. */
  key: string
  zeroMeansNone?: boolean
}

/** Every code a route may answer: its own, the common ones, and those its auth and rate limit bring. */
export function errorCodesOf(def: Pick<RouteDef, 'auth' | 'rateLimit' | 'errors'>): Set<string> {
  return new Set<string>([
    ...Object.values(CommonErrorCode),
    ...(def.auth === 'customer' || def.auth === 'optional' || def.auth === 'staff'
      ? Object.values(AuthErrorCode)
      : []),
    ...(def.rateLimit ? Object.values(RateLimitErrorCode) : []),
    ...(def.errors ?? []),
  ])
}

/**
 * The statuses a route answers a code with: the code's own in ERROR_CODE_DOCS (422 for a code of no
 * list, as the server answers it) and the one the route's `errorStatuses` adds.
 */
export function statusesOf(code: string, def: Pick<RouteDef, 'errorStatuses'> = {}): number[] {
  const own = (ERROR_CODE_DOCS as Record<string, readonly [number, string] | undefined>)[code]?.[0] ?? 422
  const extra = def.errorStatuses?.[code]
  return extra === undefined || extra === own ? [own] : [own, extra]
}

export function defineRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def
}

export type RouteParams<T> = T extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never
export type RouteQuery<T> = T extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never
export type RouteBody<T> = T extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never
export type RouteResponse<T> =
  T extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never

// ---------------------------------------------------------------------------------------------
// Answer shapes of the spec

/** Every failure: `errorMsg` is safe to show, `code` a stable machine word, `errors` per form field. */
export const ErrorBody = z
  .object({
    ok: z.literal(false),
    errorMsg: z.string().min(1),
    code: z.string().regex(/^[a-z][a-z0-9_]*$/),
    errors: z.record(z.string(), z.string()).optional(),
    /** Login only: the client switches its form to reset-password mode (spec 1 §4). */
    redirect: z.boolean().optional(),
    /**
     * What a refusal refers to, for a screen to show beside its message: the bookings and blocks a
     * staff block clashes with (`block_clash`, `{ clashes: [...] }`). Absent from most refusals.
     */
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
export type ErrorBody = z.infer<typeof ErrorBody>

/** `{ ok: true, ...shape }`: the spec's success envelope with named members. */
export function envelope<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ok: z.literal(true), ...shape }).strict()
}

/** `{ ok, data }` */
export const okData = <T extends z.ZodType>(data: T) => envelope({ data })
/** `{ ok, model }` */
export const okModel = <T extends z.ZodType>(model: T) => envelope({ model })
/** `{ ok, data, totalCount }`: one page of a list and the size of the whole list. */
export const okPage = <T extends z.ZodType>(item: T) =>
  envelope({ data: z.array(item), totalCount: z.number().int().nonnegative() })
/** `{ ok }` alone. */
export const okOnly = () => envelope({})

/**
 * `{ ok, errorMsg, model }`: answers where the spec reads an outcome from one body, such as login
 * (`ok: false` with a message and a redirect flag is an expected outcome, not an HTTP failure).
 */
export const okErrorModel = <T extends z.ZodType>(model: T) =>
  z
    .object({
      ok: z.boolean(),
      errorMsg: z.string().nullable().optional(),
      model: model.nullable(),
    })
    .strict()

/** `{ rowData }`: the AG Grid server-side row model answer used by some list calls. */
export const rowData = <T extends z.ZodType>(row: T) => z.object({ rowData: z.array(row) }).strict()
