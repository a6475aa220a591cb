import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createStripeProvider } from '../providers/stripe.ts'
import type { ProviderError } from '../provider.ts'
import { startStripeFake } from './stripe-fake.ts'
import { parseStripeForm } from './stripe-fake-cards.ts'

const SECRET_KEY = 'sk_test_fake_secret'
const PUBLISHABLE_KEY = 'pk_test_fake_public'
const WEBHOOK_SECRET = 'whsec_fake_webhooks'

describe('the Stripe fake', () => {
  const received: Array<{ body: Buffer; signature: string }> = []
  const receiver = Fastify()
  receiver.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  )
  receiver.post('/hook', async (req) => {
    received.push({ body: req.body as Buffer, signature: String(req.headers['stripe-signature']) })
    return { received: true }
  })
  let server: Awaited<ReturnType<typeof startStripeFake>>
  const stripe = () =>
    createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: server.url,
      maxNetworkRetries: 0,
    })

  beforeAll(async () => {
    const hook = `${await receiver.listen({ port: 0, host: '127.0.0.1' })}/hook`
    server = await startStripeFake({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: hook,
    })
  })
  afterAll(async () => {
    await server.close()
    await receiver.close()
  })
  afterEach(() => {
    received.length = 0
    Object.assign(server.fake.options, {
      duplicateWebhook: false,
      reorderWebhooks: false,
      tamperWebhook: false,
    })
  })

  const api = (path: string, init: { key?: string; body?: string; idempotencyKey?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.key !== undefined && { authorization: `Bearer ${init.key}` }),
        ...(init.body !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
        ...(init.idempotencyKey && { 'idempotency-key': init.idempotencyKey }),
      },
      ...(init.body !== undefined && { body: init.body }),
    })

  async function paidIntent({ flush = true } = {}) {
    const created = await api('/v1/payment_intents', { key: SECRET_KEY, body: 'amount=2000&currency=eur' })
    const intent = (await created.json()) as { id: string; client_secret: string }
    await api(`/v1/payment_intents/${intent.id}/confirm`, {
      key: PUBLISHABLE_KEY,
      body: `client_secret=${intent.client_secret}&payment_method=pm_card_visa`,
    })
    if (flush) await server.fake.flushWebhooks()
    return intent
  }

  it('parses nested forms as stripe-node sends them', () => {
    expect(
      parseStripeForm(
        'metadata[paymentId]=7&expand[0]=a&expand[1]=b&automatic_payment_methods[enabled]=true',
      ),
    ).toEqual({
      metadata: { paymentId: '7' },
      expand: ['a', 'b'],
      automatic_payment_methods: { enabled: 'true' },
    })
  })

  it('answers 401 in Stripe’s shape without the secret key', async () => {
    const none = await api('/v1/payment_intents')
    const wrong = await api('/v1/payment_intents', { key: 'sk_test_other' })

    expect(none.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringMatching(/^Invalid API Key/) },
    })
    const publishable = await api('/v1/payment_intents', {
      key: PUBLISHABLE_KEY,
      body: 'amount=2000&currency=eur',
    })
    expect(publishable.status).toBe(401)
  })

  it('replays an idempotent answer, and refuses the key with other parameters', async () => {
    const first = await api('/v1/payment_intents', {
      key: SECRET_KEY,
      body: 'amount=2000&currency=eur',
      idempotencyKey: 'k1',
    })
    const replay = await api('/v1/payment_intents', {
      key: SECRET_KEY,
      body: 'amount=2000&currency=eur',
      idempotencyKey: 'k1',
    })
    const other = await api('/v1/payment_intents', {
      key: SECRET_KEY,
      body: 'amount=3000&currency=eur',
      idempotencyKey: 'k1',
    })

    expect(((await replay.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(other.status).toBe(400)
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } })
  })

  it('sends signed webhooks the adapter verifies', async () => {
    const intent = await paidIntent()

    expect(received).toHaveLength(1)
    const [hook] = received
    const verified = await stripe().verifyNotification!({
      headers: { 'stripe-signature': hook!.signature },
      rawBody: hook!.body,
      fields: {},
    })
    expect(verified.providerRef).toBe(intent.id)
    expect(JSON.parse(hook!.body.toString()).type).toBe('payment_intent.succeeded')
  })

  it('sends a webhook twice, newest first, or altered, when told to', async () => {
    server.fake.options.duplicateWebhook = true
    await paidIntent()
    expect(received).toHaveLength(2)
    expect(received[0]!.body.equals(received[1]!.body)).toBe(true)

    received.length = 0
    Object.assign(server.fake.options, { duplicateWebhook: false, reorderWebhooks: true, processing: true })
    const intent = await paidIntent({ flush: false })
    server.fake.finishProcessing(intent.id)
    await server.fake.flushWebhooks()
    expect(received.map((r) => JSON.parse(r.body.toString()).type)).toEqual([
      'payment_intent.succeeded',
      'payment_intent.processing',
    ])

    received.length = 0
    Object.assign(server.fake.options, { reorderWebhooks: false, processing: false, tamperWebhook: true })
    await paidIntent()
    const [hook] = received
    const error = await stripe().verifyNotification!({
      headers: { 'stripe-signature': hook!.signature },
      rawBody: hook!.body,
      fields: {},
    }).catch((e: ProviderError) => e)
    expect(error).toMatchObject({ kind: 'tampered' })
  })

  it('serves a stand-in of Stripe.js that says no real money moves', async () => {
    const script = await api('/v3')

    expect(script.headers.get('content-type')).toMatch(/javascript/)
    const source = await script.text()
    expect(source).toContain('window.Stripe = Stripe')
    expect(source).toContain('no real money moves')
  })
})
