import type { FastifyRequest } from 'fastify'
import { AppError } from './errors.ts'

/** The customer a bearer token belongs to, with what prices depend on. */
export interface AuthCustomer {
  id: number
  /** The customer's price list; undefined: general prices. */
  customerTypeId: number | undefined
}

/** The bearer token of a request, if it sent one. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

/** The customer of the request's bearer token, if the token is valid. */
export async function customerOfRequest(req: FastifyRequest): Promise<AuthCustomer | undefined> {
  const token = bearerToken(req)
  if (!token) return undefined
  // TODO(issue: customers) look the token's hash up in the customer tokens; until then none is valid.
  return undefined
}

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
  if (!customer) throw new AppError('unauthorized', 'Please login or register')
  if (customer.id !== customerId) throw new AppError('forbidden', 'This belongs to another customer.')
  return customer
}
