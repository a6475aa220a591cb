import { createHash } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { RouteOwner } from '@clubhouse/contract'
import { customers, customerTokens, TokenKind } from '../features/customers/customers.tables.ts'
import { AppError } from './errors.ts'

/** The customer a bearer token belongs to, with what prices depend on. */
export interface AuthCustomer {
  id: number
  /** The customer's price list; undefined: general prices. */
  customerTypeId: number | undefined
  /** The id of the session token the request came with (to keep it when others are revoked). */
  tokenId: number
}

/** The bearer token of a request, if it sent one. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

/** Tokens are stored only as their SHA-256 (hex): a leaked table holds no working token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const looked = new WeakMap<FastifyRequest, Promise<AuthCustomer | undefined>>()

/**
 * The customer of the request's bearer token, if the token is a session token that is neither
 * used (logged out, revoked) nor expired. Looked up once per request.
 */
export function customerOfRequest(req: FastifyRequest): Promise<AuthCustomer | undefined> {
  let found = looked.get(req)
  if (!found) {
    found = lookUp(req)
    looked.set(req, found)
  }
  return found
}

async function lookUp(req: FastifyRequest): Promise<AuthCustomer | undefined> {
  const token = bearerToken(req)
  if (!token || token.length > 200) return undefined
  const { db } = req.server.database
  const [row] = await db
    .select({ id: customers.id, customerTypeId: customers.customerTypeId, tokenId: customerTokens.id })
    .from(customerTokens)
    .innerJoin(customers, eq(customers.id, customerTokens.customerId))
    .where(
      and(
        eq(customerTokens.tokenHash, hashToken(token)),
        eq(customerTokens.kind, TokenKind.Session),
        isNull(customerTokens.usedAt),
        gt(customerTokens.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return row
    ? { id: row.id, customerTypeId: row.customerTypeId ?? undefined, tokenId: row.tokenId }
    : undefined
}

export const unauthorized = () => new AppError('unauthorized', 'Please login or register')
export const forbidden = () => new AppError('forbidden', 'This belongs to another customer.')

/**
 * For routes that name a customer (`{customerId}`): id 0 means "no customer" and needs no token;
 * any other id needs that customer's token (401 without a valid one, 403 with someone else's).
 */
export async function requireCustomer(
  req: FastifyRequest,
  customerId: number,
): Promise<AuthCustomer | undefined> {
  if (customerId === 0) return undefined
  const customer = await customerOfRequest(req)
  if (!customer) throw unauthorized()
  if (customer.id !== customerId) throw forbidden()
  return customer
}

/** The customer id a request names where `owner` says; NaN when it is not a whole number. */
function namedCustomerId(req: FastifyRequest, owner: RouteOwner): number {
  const source = (owner.from === 'params' ? req.params : owner.from === 'query' ? req.query : req.body) as
    Record<string, unknown> | undefined
  const raw = source && typeof source === 'object' ? source[owner.key] : undefined
  const id = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN
  return Number.isSafeInteger(id) && id >= 0 ? id : NaN
}

/**
 * Before validation: a request that names a customer and has no valid token answers 401 at once,
 * whatever else is wrong with its input. A customer id that is not a whole number is left to
 * validation (400).
 */
export async function requireToken(req: FastifyRequest, owner: RouteOwner): Promise<void> {
  const id = namedCustomerId(req, owner)
  if (Number.isNaN(id) || (owner.zeroMeansNone && id === 0)) return
  if (!(await customerOfRequest(req))) throw unauthorized()
}

/**
 * After validation, on the parsed input: 401 without a valid token or for id 0 (unless the route
 * takes 0 as "no customer"), 403 when the named customer is not the token's. Sets `req.customer`.
 */
export async function enforceOwner(req: FastifyRequest, owner: RouteOwner): Promise<void> {
  const id = namedCustomerId(req, owner)
  if (id === 0 && owner.zeroMeansNone) {
    req.customer = undefined
    return
  }
  const customer = await customerOfRequest(req)
  if (!customer || Number.isNaN(id) || id === 0) throw unauthorized()
  if (customer.id !== id) throw forbidden()
  req.customer = customer
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer of the bearer token, set on 'customer' routes once ownership is checked. */
    customer: AuthCustomer | undefined
  }
}
