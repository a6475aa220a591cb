import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { sendCached, toCachedAnswer } from './cached-answer.ts'
import type { CustomerCache } from './customer-cache.ts'

/** A customer's own answer is theirs alone: never kept by a shared cache. */
const PERSONAL = { cacheControl: 'private, no-store', vary: 'Accept-Language, Authorization' }

/**
 * Sends one of the request's customer's own answers (their orders, vouchers, profile...): checked
 * against the route's schema and serialised once, then kept until that customer's data changes or
 * `until` passes (decision 038). `key` names everything else the answer depends on: the language,
 * an id of the path, a setting shown in it. Only 'customer' routes have a customer; a refusal the
 * build throws is answered as usual and kept by nobody.
 */
export async function sendPersonal<S extends z.ZodType>(
  req: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  key: string,
  build: () => Promise<{ answer: z.input<S>; until?: Date | undefined }>,
): Promise<FastifyReply> {
  if (!req.customer) throw new Error('a personal answer was asked without the ownership check')
  const cached = await req.server.customerCache.answer(req.customer.id, key, async () => {
    const { answer, until } = await build()
    return { value: toCachedAnswer(schema, answer), until }
  })
  return sendCached(req, reply, cached, PERSONAL)
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions and customers' own answers kept in this process (decision 038). */
    customerCache: CustomerCache
  }
}
