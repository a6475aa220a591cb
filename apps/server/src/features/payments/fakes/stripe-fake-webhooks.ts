import { createHmac } from 'node:crypto'

/** A Stripe event as the fake sends it (the fields our adapter and Stripe's library read). */
export interface FakeEvent {
  id: string
  object: 'event'
  api_version: string
  created: number
  data: { object: { id: string; object: string } }
  livemode: false
  pending_webhooks: number
  request: { id: string; idempotency_key: string | null }
  type: string
}

export interface WebhookDelivery {
  eventId: string
  type: string
  /** The receiver's HTTP status, or the reason nothing was answered. */
  status?: number
  error?: string
}

interface WebhookSwitches {
  webhookSecret?: string
  webhookUrl?: string
  duplicateWebhook?: boolean
  reorderWebhooks?: boolean
  tamperWebhook?: boolean
  webhooks?: boolean
}

/** `Stripe-Signature` as Stripe builds it: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(body: string, secret: string, timestamp: number) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')
  return `t=${timestamp},v1=${v1}`
}

/**
 * Sends the fake's events to its webhook URL one after another, in the order they happened, unless
 * a switch says otherwise: held and sent newest first, sent twice, or altered after signing.
 */
export function createWebhookSender(switches: WebhookSwitches, seconds: () => number) {
  const events: FakeEvent[] = []
  const deliveries: WebhookDelivery[] = []
  const held: FakeEvent[] = []
  let queue = Promise.resolve()

  async function deliver(event: FakeEvent) {
    const url = switches.webhookUrl
    if (!url || switches.webhooks === false) return
    const body = JSON.stringify(event, null, 2)
    const signature = signWebhook(body, switches.webhookSecret ?? '', seconds())
    const sent = switches.tamperWebhook
      ? body.replace(/"amount": (\d+)/, (_, n) => `"amount": ${Number(n) + 100}`)
      : body
    const delivery: WebhookDelivery = { eventId: event.id, type: event.type }
    deliveries.push(delivery)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: sent,
        signal: AbortSignal.timeout(10_000),
      })
      delivery.status = response.status
      await response.body?.cancel()
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error)
    }
  }

  function enqueue(event: FakeEvent) {
    const times = switches.duplicateWebhook ? 2 : 1
    for (let i = 0; i < times; i++) queue = queue.then(() => deliver(event))
  }

  return {
    events,
    deliveries,
    send(event: FakeEvent) {
      events.push(event)
      if (switches.reorderWebhooks) held.push(event)
      else enqueue(event)
    },
    async flush() {
      for (const event of held.splice(0).reverse()) enqueue(event)
      await queue
    },
  }
}
