import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paypalFake, type PayPalFake } from './paypal-fake.ts'

const prefix = '/sandbox/paypal'
const app = Fastify()
let fake: PayPalFake
let token: string

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
const order = {
  intent: 'AUTHORIZE',
  purchase_units: [{ reference_id: '900000000001', amount: { currency_code: 'EUR', value: '12.34' } }],
}

beforeAll(async () => {
  fake = paypalFake({ clientId: 'club', clientSecret: 'secret' })
  await app.register(fake, { prefix })
  const answer = await app.inject({
    method: 'POST',
    url: `${prefix}/v1/oauth2/token`,
    headers: { authorization: basic('club', 'secret'), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  })
  token = answer.json<{ access_token: string }>().access_token
})
afterAll(() => app.close())

describe('PayPal fake under a prefix', () => {
  it('gives a token only for its client id and secret', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: `${prefix}/v1/oauth2/token`,
      headers: { authorization: basic('club', 'guess'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    })
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({ error: 'invalid_client' })
    expect(token).toMatch(/^A21AA/)
  })

  it('answers 401 to a call without a token it gave', async () => {
    const answer = await app.inject({ method: 'POST', url: `${prefix}/v2/checkout/orders`, payload: order })
    expect(answer.statusCode).toBe(401)
  })

  it('creates one order per PayPal-Request-Id and records the requests without the prefix', async () => {
    const create = () =>
      app.inject({
        method: 'POST',
        url: `${prefix}/v2/checkout/orders`,
        headers: { authorization: `Bearer ${token}`, 'paypal-request-id': 'same-key' },
        payload: order,
      })
    const first = await create()
    const again = await create()
    expect(first.statusCode).toBe(201)
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id)
    expect(
      fake.requests.filter((r) => r.path === '/v2/checkout/orders' && r.requestId === 'same-key'),
    ).toHaveLength(2)
  })

  it('lets the buyer approve an order, which can then be authorised once', async () => {
    const auth = { authorization: `Bearer ${token}` }
    const created = await app.inject({
      method: 'POST',
      url: `${prefix}/v2/checkout/orders`,
      headers: auth,
      payload: order,
    })
    const { id } = created.json<{ id: string }>()

    const early = await app.inject({
      method: 'POST',
      url: `${prefix}/v2/checkout/orders/${id}/authorize`,
      headers: auth,
      payload: {},
    })
    expect(early.json()).toMatchObject({ details: [{ issue: 'ORDER_NOT_APPROVED' }] })

    const approved = await app.inject({
      method: 'POST',
      url: `${prefix}/sandbox-approve/${id}`,
      headers: auth,
    })
    expect(approved.json()).toMatchObject({ status: 'APPROVED' })
    const authorized = await app.inject({
      method: 'POST',
      url: `${prefix}/v2/checkout/orders/${id}/authorize`,
      headers: auth,
      payload: {},
    })
    expect(authorized.statusCode).toBe(201)
    expect(authorized.json()).toMatchObject({
      status: 'COMPLETED',
      purchase_units: [{ payments: { authorizations: [{ status: 'CREATED', amount: { value: '12.34' } }] } }],
    })
    const twice = await app.inject({
      method: 'POST',
      url: `${prefix}/v2/checkout/orders/${id}/authorize`,
      headers: auth,
      payload: {},
    })
    expect(twice.json()).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_AUTHORIZED' }] })
  })

  it('serves its stand-in of the JS SDK, labelled as a sandbox, to its own client id only', async () => {
    const sdk = await app.inject({ url: `${prefix}/sdk/js?client-id=club&currency=EUR&intent=authorize` })
    expect(sdk.statusCode).toBe(200)
    expect(sdk.headers['content-type']).toMatch(/^application\/javascript/)
    expect(sdk.body).toContain('PayPal sandbox — no real money moves')
    expect(sdk.body).toContain('window.paypal')

    const spanish = await app.inject({ url: `${prefix}/sdk/js?client-id=club&locale=es_ES` })
    expect(spanish.body).toContain('PayPal sandbox — no se mueve dinero real')

    const stranger = await app.inject({ url: `${prefix}/sdk/js?client-id=someone-else` })
    expect(stranger.statusCode).toBe(400)
  })

  it('answers 503 to everything but its script while unavailable', async () => {
    fake.switches.unavailable = true
    try {
      const order = await app.inject({
        url: `${prefix}/v2/checkout/orders/ANY`,
        headers: { authorization: `Bearer ${token}` },
      })
      const sdk = await app.inject({ url: `${prefix}/sdk/js?client-id=club` })
      expect(order.statusCode).toBe(503)
      expect(sdk.statusCode).toBe(200)
    } finally {
      fake.switches.unavailable = false
    }
  })
})
