import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { RouteDef } from '@clubhouse/contract'

type Out<T> = T extends z.ZodType ? z.output<T> : unknown

export type Handler<D> =
  D extends RouteDef<infer P, infer Q, infer B, infer R>
    ? (
        req: FastifyRequest<{ Params: Out<P>; Querystring: Out<Q>; Body: Out<B> }>,
        reply: FastifyReply,
      ) => Promise<z.input<R> | FastifyReply> | z.input<R> | FastifyReply
    : never

/**
 * Registers one contract route: its schemas validate the input and serialise the answer, and the
 * OpenAPI document is generated from them. The handler returns the success body; failures are thrown.
 */
export function addRoute<D extends RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>>(
  app: FastifyInstance,
  def: D,
  handler: Handler<D>,
) {
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
    ...(def.rateLimit ? { config: { rateLimit: def.rateLimit } } : {}),
    handler: handler as never,
  })
}
