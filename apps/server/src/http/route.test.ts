import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { allRoutes, defineRoute, type RouteDef } from '@clubhouse/contract'
import Fastify from 'fastify'
import { addRoute } from './route.ts'

const customerRoutes = Object.entries(allRoutes as Record<string, RouteDef>).filter(
  ([, def]) => def.auth === 'customer',
)

describe('customer routes', () => {
  it('exist in the contract', () => {
    expect(customerRoutes.length).toBeGreaterThanOrEqual(8)
  })

  it.each(customerRoutes)('%s says where its customer id is, and that field exists', (_name, def) => {
    expect(def.owner).toBeDefined()
    const owner = def.owner!
    const schema = owner.from === 'params' ? def.params : owner.from === 'query' ? def.query : def.body
    expect(schema).toBeInstanceOf(z.ZodObject)
    expect(Object.keys((schema as z.ZodObject).shape)).toContain(owner.key)
    if (owner.from === 'params') expect(def.path).toContain(`:${owner.key}`)
  })

  it('cannot be registered without saying where the customer id is', () => {
    const app = Fastify()
    const careless = defineRoute({
      method: 'GET',
      path: '/api/careless/:customerId',
      summary: 'forgets its owner',
      tags: [],
      params: z.object({ customerId: z.coerce.number() }),
      response: z.object({ ok: z.literal(true) }),
      auth: 'customer',
    })
    expect(() => addRoute(app, careless, () => ({ ok: true as const }))).toThrow(/customer id/)
  })
})
