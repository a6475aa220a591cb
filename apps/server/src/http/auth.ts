import { hash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  readWholeNumber,
  roleReaches,
  type RouteDef,
  type RouteOwner,
  type StaffRole,
} from '@clubhouse/contract/server'
import { AppError } from '../lib/app-error.ts'
import type { CustomerCache } from './customer-cache.ts'

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

/**
 * Tokens are stored only as their SHA-256 (hex): a leaked table holds no working token. One plain
 * hash is right for them (random 256-bit values, nothing to guess); scrypt is for passwords.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex')
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

/** A session: the customer of a session token, until when the token holds. */
export interface Session {
  customer: AuthCustomer
  expiresAt: Date
}

/**
 * Finds the session of a token by the token's hash, if it is a session token neither used (logged
 * out, revoked) nor expired; the customers feature provides it (`setTokenResolver`).
 */
export type SessionFinder = (tokenHash: string) => Promise<Session | undefined>

/** Finds the customer of a bearer token. */
export type TokenResolver = (token: string) => Promise<AuthCustomer | undefined>

/**
 * Hands the app the way to resolve bearer tokens: http/ knows no feature, the customers feature
 * does. Sessions are kept in `cache` until they expire or their customer changes (decision 038).
 */
export function setTokenResolver(app: FastifyInstance, find: SessionFinder, cache: CustomerCache) {
  const resolve: TokenResolver = async (token) => (await cache.session(hashToken(token), find))?.customer
  app.decorate('customerOfToken', resolve)
}

async function lookUp(req: FastifyRequest): Promise<AuthCustomer | undefined> {
  const token = bearerToken(req)
  if (!token || token.length > 200) return undefined
  return req.server.customerOfToken(token)
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

/**
 * The customer id a request names where `owner` says, read as the contract reads ids (before
 * validation too, so `1e0` is no id here either); NaN when it is not one.
 */
function namedCustomerId(req: FastifyRequest, owner: RouteOwner): number {
  const source: unknown = owner.from === 'params' ? req.params : owner.from === 'query' ? req.query : req.body
  // A dotted key names a field of a nested object (`booking.customerId`).
  let raw = source
  for (const part of owner.key.split('.')) {
    raw = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[part] : undefined
  }
  return readWholeNumber(raw) ?? NaN
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

/** The staff member of a staff session's bearer token: who, with which role, and what it may do. */
export interface AuthStaff {
  staffId: number
  email: string
  name: string
  role: StaffRole
  /** The id of the session token. */
  tokenId: number
  expiresAt: Date
  /** The session may do nothing but enrol a second factor (decision 108). */
  mustEnrol: boolean
}

/** Finds the staff session of a bearer token, if it works and its account is not disabled. */
export type StaffResolver = (token: string) => Promise<AuthStaff | undefined>

/**
 * Hands the app the way to resolve staff tokens: http/ knows no feature, the staff feature does.
 * Nothing is kept between requests: a session ended or an account disabled stops at once (decision 106).
 */
export function setStaffResolver(app: FastifyInstance, resolve: StaffResolver) {
  app.decorate('staffOfToken', resolve)
}

const staffLooked = new WeakMap<FastifyRequest, Promise<AuthStaff | undefined>>()

/** The staff session of the request's bearer token, looked up once per request. */
export function staffOfRequest(req: FastifyRequest): Promise<AuthStaff | undefined> {
  let found = staffLooked.get(req)
  if (!found) {
    const token = bearerToken(req)
    found = !token || token.length > 200 ? Promise.resolve(undefined) : req.server.staffOfToken(token)
    staffLooked.set(req, found)
  }
  return found
}

export const staffUnauthorized = () => new AppError('unauthorized', 'Log in with your staff account.')
const roleTooLow = () => new AppError('forbidden', 'Your role does not allow this.')
const enrolFirst = () => new AppError('forbidden', 'Set up your second factor first.')

/**
 * Before validation, for every 'staff' route: 401 without a working staff session (a customer's
 * token is none: it is not in the staff's table), 403 for a role below the route's, and 403 for a
 * session that must enrol a second factor on any route but those open before enrolment. Sets
 * `req.staff`.
 */
export async function enforceStaff(
  req: FastifyRequest,
  def: Pick<RouteDef, 'staffRole' | 'openBeforeEnrolment'>,
): Promise<void> {
  const staff = await staffOfRequest(req)
  if (!staff) throw staffUnauthorized()
  if (!roleReaches(staff.role, def.staffRole ?? 'owner')) throw roleTooLow()
  if (staff.mustEnrol && !def.openBeforeEnrolment) throw enrolFirst()
  req.staff = staff
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The customer of a session token, if it is neither used nor expired. */
    customerOfToken: TokenResolver
    /** The staff session of a bearer token, if it works. */
    staffOfToken: StaffResolver
  }
  interface FastifyRequest {
    /** The customer of the bearer token, set on 'customer' routes once ownership is checked. */
    customer: AuthCustomer | undefined
    /** The staff member of the bearer token, set on 'staff' routes once their role is checked. */
    staff: AuthStaff | undefined
  }
}
