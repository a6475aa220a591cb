import { cardDetails, cardOutcome, stripeId } from './stripe-fake-cards.ts'

export type Status =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled'

export interface FakeIntent {
  id: string
  object: 'payment_intent'
  amount: number
  amount_capturable: number
  amount_received: number
  currency: string
  status: Status
  client_secret: string
  capture_method: 'automatic' | 'automatic_async' | 'manual'
  created: number
  description: string | null
  metadata: Record<string, string>
  last_payment_error: Record<string, unknown> | null
  latest_charge: string | null
  livemode: false
  next_action: Record<string, unknown> | null
  payment_method: string | null
  payment_method_types: string[]
  automatic_payment_methods: { enabled: boolean } | null
  setup_future_usage: string | null
  customer: string | null
  canceled_at: number | null
  cancellation_reason: string | null
}

export interface FakeCharge {
  id: string
  object: 'charge'
  amount: number
  amount_captured: number
  amount_refunded: number
  captured: boolean
  currency: string
  payment_intent: string
  paid: true
  refunded: boolean
  status: 'succeeded'
  created: number
}

/** A Stripe error answer: `{ error: { type, code, message, … } }` with its HTTP status. */
export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message))
  }
}

export const invalid = (message: string, code?: string, param?: string) =>
  new StripeFakeError(400, {
    type: 'invalid_request_error',
    message,
    ...(code && { code }),
    ...(param && { param }),
  })

export const DECLINED = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
}
const INCORRECT = { code: 'incorrect_number', message: 'Your card number is incorrect.' }
const AUTH_FAILED = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
}

/** The switches of the fake that change what a confirmation does. */
export interface LedgerSwitches {
  decline?: boolean
  require3ds?: boolean
  processing?: boolean
  settleProcessingAfterMs?: number
}

export type Emit = (type: string, object: FakeIntent | FakeCharge, idempotencyKey?: string) => void

/**
 * The fake's money: intents, their charges and refunds, and how each moves from status to status
 * (docs.stripe.com/payments/paymentintents/lifecycle), telling `emit` what Stripe would send.
 */
export function createLedger(options: LedgerSwitches, seconds: () => number, emit: Emit) {
  const intents = new Map<string, FakeIntent>()
  const charges = new Map<string, FakeCharge>()
  const refunds = new Map<string, Record<string, unknown>>()
  const timers = new Set<NodeJS.Timeout>()

  function getIntent(id: string) {
    const intent = intents.get(id)
    if (!intent) throw invalid(`No such payment_intent: '${id}'`, 'resource_missing', 'intent')
    return intent
  }

  function expectStatus(intent: FakeIntent, action: string, ...allowed: Status[]) {
    if (!allowed.includes(intent.status))
      throw invalid(
        `This PaymentIntent's ${action} could not be performed because it has a status of ${intent.status}.`,
        'payment_intent_unexpected_state',
      )
  }

  /** The money is taken (automatic capture) or held (manual capture). */
  function authorise(intent: FakeIntent) {
    intent.next_action = null
    intent.last_payment_error = null
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture'
      intent.amount_capturable = intent.amount
      emit('payment_intent.amount_capturable_updated', intent)
    } else capture(intent, intent.amount)
  }

  function capture(intent: FakeIntent, amount: number) {
    const charge: FakeCharge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      currency: intent.currency,
      payment_intent: intent.id,
      paid: true,
      refunded: false,
      status: 'succeeded',
      created: seconds(),
    }
    charges.set(charge.id, charge)
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: amount,
      amount_capturable: 0,
      latest_charge: charge.id,
    })
    emit('payment_intent.succeeded', intent)
  }

  function fail(intent: FakeIntent, error: Record<string, unknown>) {
    Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: error })
    emit('payment_intent.payment_failed', intent)
  }

  function startProcessing(intent: FakeIntent) {
    Object.assign(intent, { status: 'processing', next_action: null })
    emit('payment_intent.processing', intent)
    if (options.settleProcessingAfterMs === undefined) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (intent.status === 'processing') authorise(intent)
    }, options.settleProcessingAfterMs)
    timer.unref()
    timers.add(timer)
  }

  function confirm(intent: FakeIntent, body: Record<string, unknown>) {
    expectStatus(intent, 'confirmation', 'requires_payment_method', 'requires_confirmation')
    const data = body.payment_method_data as { card?: { number?: string } } | undefined
    const card = String(data?.card?.number ?? body.payment_method ?? intent.payment_method ?? '')
    if (!card)
      throw invalid('You must provide a payment method to confirm this PaymentIntent.', 'parameter_missing')
    const outcome = options.decline ? 'decline' : cardOutcome(card)
    const paymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      card: cardDetails(card),
    }
    intent.payment_method = paymentMethod.id
    if (outcome === 'decline' || outcome === 'incorrect') {
      const error = {
        type: 'card_error',
        ...(outcome === 'decline' ? DECLINED : INCORRECT),
        payment_method: paymentMethod,
      }
      fail(intent, error)
      throw new StripeFakeError(402, { ...error, payment_intent: structuredClone(intent) })
    }
    if (options.require3ds || outcome === 'authenticate') {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
      })
    } else if (options.processing || outcome === 'process') startProcessing(intent)
    else authorise(intent)
    return intent
  }

  /** The cardholder passed or failed 3-D Secure at the bank. */
  function authenticate(intent: FakeIntent, passed: boolean) {
    expectStatus(intent, 'authentication', 'requires_action')
    if (!passed) fail(intent, AUTH_FAILED)
    else if (options.processing) startProcessing(intent)
    else authorise(intent)
    return intent
  }

  function refund(body: Record<string, unknown>, idempotencyKey?: string) {
    const intentId = body.payment_intent
      ? String(body.payment_intent)
      : charges.get(String(body.charge ?? ''))?.payment_intent
    if (!intentId) throw invalid('You must pass either a charge or a payment_intent.', 'parameter_missing')
    const intent = getIntent(intentId)
    const charge = charges.get(intent.latest_charge ?? '')
    if (intent.status !== 'succeeded' || !charge)
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`)
    const left = charge.amount_captured - charge.amount_refunded
    if (left === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded')
    const amount = body.amount === undefined ? left : Number(body.amount)
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalid('Invalid positive integer', 'parameter_invalid_integer', 'amount')
    if (amount > left)
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount_too_large',
        'amount',
      )
    const created = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intent.id,
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      status: 'succeeded',
      created: seconds(),
    }
    refunds.set(created.id, created)
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount_captured
    emit('charge.refunded', charge, idempotencyKey)
    return created
  }

  function createIntent(body: Record<string, unknown>): FakeIntent {
    const amount = Number(body.amount)
    if (body.amount === undefined)
      throw invalid('Missing required param: amount.', 'parameter_missing', 'amount')
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalid('Invalid positive integer', 'parameter_invalid_integer', 'amount')
    if (amount < 50) throw invalid('Amount must be at least €0.50 eur', 'amount_too_small', 'amount')
    const currency = String(body.currency ?? '')
    if (!/^[a-z]{3}$/.test(currency))
      throw invalid('Invalid currency: ' + currency, 'parameter_invalid_string', 'currency')
    const id = stripeId('pi')
    const automatic = body.automatic_payment_methods as { enabled?: string } | undefined
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      status: body.payment_method ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${stripeId('x', 25).slice(2)}`,
      capture_method: (body.capture_method as FakeIntent['capture_method']) ?? 'automatic_async',
      created: seconds(),
      description: (body.description as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      next_action: null,
      payment_method: (body.payment_method as string) ?? null,
      payment_method_types: ['card'],
      automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true' } : null,
      setup_future_usage: (body.setup_future_usage as string) ?? null,
      customer: (body.customer as string) ?? null,
      canceled_at: null,
      cancellation_reason: null,
    }
    intents.set(id, intent)
    if (body.confirm === 'true') return confirm(intent, body)
    return intent
  }

  function update(intent: FakeIntent, body: Record<string, unknown>) {
    expectStatus(intent, 'update', 'requires_payment_method', 'requires_confirmation', 'requires_action')
    if (body.amount !== undefined) intent.amount = Number(body.amount)
    if (body.description !== undefined) intent.description = String(body.description)
    if (body.metadata) Object.assign(intent.metadata, body.metadata)
    return intent
  }

  function captureHeld(intent: FakeIntent, body: Record<string, unknown>) {
    expectStatus(intent, 'capture', 'requires_capture')
    const amount =
      body.amount_to_capture === undefined ? intent.amount_capturable : Number(body.amount_to_capture)
    if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount_capturable)
      throw invalid(
        'The amount to capture must be a positive integer no greater than the amount capturable.',
        'amount_too_large',
        'amount_to_capture',
      )
    capture(intent, amount)
    return intent
  }

  function cancel(intent: FakeIntent, body: Record<string, unknown>, idempotencyKey?: string) {
    expectStatus(
      intent,
      'cancellation',
      'requires_payment_method',
      'requires_confirmation',
      'requires_action',
      'processing',
      'requires_capture',
    )
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      next_action: null,
      canceled_at: seconds(),
      cancellation_reason: body.cancellation_reason ?? null,
    })
    emit('payment_intent.canceled', intent, idempotencyKey)
    return intent
  }

  function finishProcessing(intent: FakeIntent, outcome: 'succeeded' | 'failed') {
    expectStatus(intent, 'processing', 'processing')
    if (outcome === 'succeeded') authorise(intent)
    else fail(intent, { type: 'card_error', ...DECLINED })
    return intent
  }

  function getRefund(id: string) {
    const found = refunds.get(id)
    if (!found) throw invalid(`No such refund: '${id}'`, 'resource_missing', 'id')
    return found
  }

  return {
    intents,
    getIntent,
    createIntent,
    update,
    confirm,
    authenticate,
    capture: captureHeld,
    cancel,
    finishProcessing,
    refund,
    getRefund,
    stopTimers: () => timers.forEach((timer) => clearTimeout(timer)),
  }
}
