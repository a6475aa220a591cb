import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { allRoutes, defineRoute, errorCodesOf, type RouteDef } from '@clubhouse/contract/server'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { AppError } from '../lib/app-error.ts'
import { registerErrorHandler } from './errors.ts'
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
    // A dotted key (`booking.customerId`) names a field of a nested object.
    const path = owner.key.split('.')
    let shape = schema as z.ZodObject
    for (const part of path.slice(0, -1)) {
      expect(Object.keys(shape.shape)).toContain(part)
      shape = shape.shape[part] as z.ZodObject
      expect(shape).toBeInstanceOf(z.ZodObject)
    }
    expect(Object.keys(shape.shape)).toContain(path.at(-1))
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

describe('error codes a route may answer', () => {
  const declaring = (errors?: string[]) =>
    defineRoute({
      method: 'POST',
      path: '/api/test/refuse',
      summary: 'always refuses',
      tags: [],
      response: z.object({ ok: z.literal(true) }),
      ...(errors ? { errors } : {}),
    })
  const answerOf = async (def: RouteDef, strictErrorCodes: boolean, status = 409) => {
    const app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    registerErrorHandler(app, { strictErrorCodes })
    addRoute(app, def, () => {
      throw new AppError('slot_taken', 'This time was just booked by someone else.', { status })
    })
    const res = await app.inject({ method: 'POST', url: '/api/test/refuse' })
    await app.close()
    return { status: res.statusCode, code: res.json().code as string }
  }

  it('answers a code the contract declares for the route', async () => {
    expect(await answerOf(declaring(['slot_taken']), true)).toEqual({ status: 409, code: 'slot_taken' })
  })

  it('turns a code the route does not declare into a failure the tests see', async () => {
    expect(await answerOf(declaring(), true)).toEqual({ status: 500, code: 'internal' })
    // In production the client still reads the refusal.
    expect(await answerOf(declaring(), false)).toEqual({ status: 409, code: 'slot_taken' })
  })

  it('turns a code answered under another status than the API document gives it into a failure', async () => {
    expect(await answerOf(declaring(['slot_taken']), true, 422)).toEqual({ status: 500, code: 'internal' })
    expect(await answerOf(declaring(['slot_taken']), false, 422)).toEqual({ status: 422, code: 'slot_taken' })
    // A route that declares the other status answers it.
    const declared = { ...declaring(['slot_taken']), errorStatuses: { slot_taken: 422 } }
    expect(await answerOf(declared, true, 422)).toEqual({ status: 422, code: 'slot_taken' })
  })

  it('lets every route answer the common codes, and customer routes 401 and 403', () => {
    const publicRoute = errorCodesOf(declaring())
    expect(publicRoute.has('validation')).toBe(true)
    expect(publicRoute.has('unauthorized')).toBe(false)
    expect(errorCodesOf({ auth: 'customer' }).has('forbidden')).toBe(true)
    expect(errorCodesOf({ rateLimit: { max: 1, timeWindow: '1 minute' } }).has('rate_limited')).toBe(true)
  })
})
