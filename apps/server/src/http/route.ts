import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { errorCodesOf, type RouteDef } from '@clubhouse/contract/server'
import { writingFor } from '../db/writers.ts'
import { enforceOwner, enforceStaff, requireToken } from './auth.ts'

type Out<T> = T extends z.ZodType ? z.output<T> : unknown

export type Handler<D> =
  D extends RouteDef<infer P, infer Q, infer B, infer R>
    ? (
        req: FastifyRequest<{ Params: Out<P>; Querystring: Out<Q>; Body: Out<B> }>,
        reply: FastifyReply,
      ) => Promise<z.input<R> | FastifyReply> | z.input<R> | FastifyReply
    : never

type RawHandler = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => unknown

/**
 * Registers one contract route: its schemas validate the input and serialise the answer, and the
 * OpenAPI document is generated from them. The handler returns the success body; failures are thrown.
 *
 * A route with `auth: 'customer'` gets its ownership checked here, from the contract's `owner`:
 * 401 without a valid token (before the input is validated), 403 when it names another customer.
 * The handler finds the customer on `req.customer`. A 'customer' route without `owner` is refused
 * at start-up, so no route can forget the check.
 *
 * A route with `auth: 'staff'` gets its staff session checked here, before its input is validated:
 * 401 without one, 403 below the route's `staffRole` or before a required enrolment. The handler
 * finds the staff member on `req.staff`. A 'staff' route without `staffRole` is refused at start-up.
 */
export function addRoute<D extends RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>>(
  app: FastifyInstance,
  def: D,
  handler: Handler<D>,
) {
  const owner = def.auth === 'customer' ? def.owner : undefined
  if (def.auth === 'customer' && !owner) {
    throw new Error(`${def.method} ${def.path} needs a customer but does not say where its customer id is`)
  }
  if (def.auth === 'staff' && !def.staffRole) {
    throw new Error(`${def.method} ${def.path} needs a staff member but does not say of which role`)
  }
  if (!app.hasRequestDecorator('customer')) app.decorateRequest('customer', undefined)
  if (!app.hasRequestDecorator('staff')) app.decorateRequest('staff', undefined)
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: def.response },
    },
    config: {
      errorCodes: errorCodesOf(def),
      errorStatuses: def.errorStatuses ?? {},
      ...(def.rateLimit ? { rateLimit: def.rateLimit } : {}),
    },
    ...(owner
      ? {
          preValidation: (req: FastifyRequest) => requireToken(req, owner),
          preHandler: (req: FastifyRequest) => enforceOwner(req, owner),
        }
      : def.auth === 'staff'
        ? { preValidation: (req: FastifyRequest) => enforceStaff(req, def) }
        : {}),
    // Its writes change the data of the request's customer, if it has one (read-your-writes per
    // customer, decision 102); without one, anyone's.
    handler: function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      return writingFor(req.customer?.id, () => (handler as RawHandler).call(this, req, reply))
    } as never,
  })
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every error code the route may answer (its contract's, the common ones). */
    errorCodes?: Set<string>
    /** The codes it answers under another status too (its contract's `errorStatuses`). */
    errorStatuses?: Readonly<Record<string, number>>
  }
}
