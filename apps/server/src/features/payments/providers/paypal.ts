import {
  CheckoutPaymentIntent,
  type AuthorizationWithAdditionalData,
  type CapturedPayment,
  type Money,
  type Order,
  type PaymentAuthorization,
} from '@paypal/paypal-server-sdk'
import {
  ProviderError,
  type PaymentProvider,
  type ProviderReading,
  type ProviderStatus,
  type RefundResult,
  type StartRequest,
  type StartResult,
} from '../provider.ts'
import { createPayPalApi, type PayPalClientConfig } from './paypal-client.ts'

/**
 * PayPal (method 9), Orders v2 with intent AUTHORIZE (research/payments.md §2). The server creates the
 * order; the browser's PayPal button has the buyer approve it and authorises it, then calls our
 * callback with `{ orderId, authorizationId }`. Nothing the browser says is believed: `read` asks
 * PayPal for the order (authorising it if the browser did not), and `readAuthorization` checks that
 * the authorization the callback names belongs to that order. An authorization holds the money for
 * 29 days; `capture` takes it, `void` lets it go.
 */

/** The payments service captures an authorization as soon as it settles its order (decision 067). */
export type PayPalConfig = PayPalClientConfig

export interface PayPalProvider extends PaymentProvider {
  /**
   * Reads the authorization the browser named, refusing it (`tampered`) unless PayPal says it belongs
   * to `orderId`; the reading's `providerRef` is the order id.
   */
  readAuthorization(orderId: string, authorizationId: string): Promise<ProviderReading>
  capture(reading: ProviderReading, amountCents: number, idempotencyKey: string): Promise<ProviderReading>
  void(reading: ProviderReading, idempotencyKey: string): Promise<void>
}

/** Currencies PayPal takes without decimals that have none in ISO 4217 either. */
const WHOLE_UNIT_CURRENCIES = new Set(['JPY'])

/** Minor units to PayPal's decimal string: 1234 EUR → `12.34`. */
export function toPayPalValue(amountCents: number, currency: string): string {
  if (WHOLE_UNIT_CURRENCIES.has(currency)) return String(amountCents)
  const sign = amountCents < 0 ? '-' : ''
  const abs = Math.abs(amountCents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** PayPal's decimal string to minor units, without floating point: `12.3` EUR → 1230. */
export function toCents(value: string, currency: string): number {
  const [whole = '0', fraction = ''] = value.trim().split('.')
  if (WHOLE_UNIT_CURRENCIES.has(currency)) return Number(whole)
  const sign = whole.startsWith('-') ? -1 : 1
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)))
}

const AUTHORIZATION_STATUS: Record<string, ProviderStatus> = {
  CREATED: 'confirmed',
  CAPTURED: 'confirmed',
  PARTIALLY_CAPTURED: 'confirmed',
  PENDING: 'pending',
  DENIED: 'failed',
  VOIDED: 'cancelled',
  EXPIRED: 'cancelled',
}
const CAPTURE_STATUS: Record<string, ProviderStatus> = {
  COMPLETED: 'confirmed',
  PARTIALLY_REFUNDED: 'confirmed',
  REFUNDED: 'confirmed',
  PENDING: 'pending',
  DECLINED: 'failed',
  FAILED: 'failed',
}

const sameMoney = (a: Money | undefined, b: Money | undefined) =>
  !!a &&
  !!b &&
  a.currencyCode === b.currencyCode &&
  toCents(a.value, a.currencyCode) === toCents(b.value, b.currencyCode)

export function createPayPalProvider(config: PayPalConfig): PayPalProvider {
  const api = createPayPalApi(config)

  const getOrder = (id: string) => api.call(({ orders }) => orders.getOrder({ id }))

  /** Authorises an approved order once, whoever asks first (the browser, the callback, the poller). */
  async function authorize(order: Order): Promise<Order> {
    const id = order.id!
    try {
      return await api.call(({ orders }) =>
        orders.authorizeOrder({
          id,
          paypalRequestId: `authorize-${id}`,
          prefer: 'return=representation',
          body: {},
        }),
      )
    } catch (error) {
      // The browser authorised it between our read and our request: read it again.
      if (error instanceof ProviderError && error.providerCode === 'ORDER_ALREADY_AUTHORIZED')
        return getOrder(id)
      throw error
    }
  }

  const unitOf = (order: Order) => order.purchaseUnits?.[0]
  const authorizationOf = (order: Order) => unitOf(order)?.payments?.authorizations?.[0]

  /** What PayPal says of an order and its authorization, in our words. */
  function readingOf(
    order: Order,
    authorization?: AuthorizationWithAdditionalData | PaymentAuthorization,
  ): ProviderReading {
    const unit = unitOf(order)
    const amount = authorization?.amount ?? unit?.amount
    const currency = amount?.currencyCode ?? ''
    // An authorization read on its own names its payee; one inside the order leaves it to the unit.
    const payee = (authorization && 'payee' in authorization ? authorization.payee : undefined) ?? unit?.payee
    const merchant = payee?.merchantId ?? payee?.emailAddress
    const capture = unit?.payments?.captures?.[0]
    let status: ProviderStatus
    let providerStatus: string
    if (authorization) {
      providerStatus = authorization.status ?? 'UNKNOWN'
      status = AUTHORIZATION_STATUS[providerStatus] ?? 'pending'
    } else {
      providerStatus = order.status ?? 'UNKNOWN'
      status =
        providerStatus === 'VOIDED' ? 'cancelled' : providerStatus === 'COMPLETED' ? 'failed' : 'pending'
    }
    return {
      providerRef: order.id!,
      status,
      amountCents: amount ? toCents(amount.value, currency) : 0,
      currency,
      ...(merchant ? { merchant } : {}),
      ...(authorization?.status === 'CREATED' ? { needsCapture: true } : {}),
      providerStatus,
      raw: {
        orderId: order.id,
        orderStatus: order.status,
        authorizationId: authorization?.id,
        authorizationStatus: authorization?.status,
        reason: authorization?.statusDetails?.reason,
        captureId: capture?.id,
        captureStatus: capture?.status,
      },
    }
  }

  /** The order's authorization, refusing one whose amount is not the order's (PayPal never does that). */
  function checkedAuthorization(order: Order) {
    const authorization = authorizationOf(order)
    if (authorization && !sameMoney(authorization.amount, unitOf(order)?.amount)) {
      throw new ProviderError(
        `PayPal authorization ${authorization.id} is not for order ${order.id}'s amount`,
        'tampered',
      )
    }
    return authorization
  }

  async function read(orderId: string): Promise<ProviderReading> {
    let order = await getOrder(orderId)
    if (order.status === 'APPROVED' && !authorizationOf(order)) order = await authorize(order)
    return readingOf(order, checkedAuthorization(order))
  }

  async function readAuthorization(orderId: string, authorizationId: string): Promise<ProviderReading> {
    const authorization = await api.call(({ payments }) => payments.getAuthorizedPayment({ authorizationId }))
    const order = await getOrder(orderId)
    const relatedOrder = authorization.supplementaryData?.relatedIds?.orderId
    const listed = order.purchaseUnits?.some((unit) =>
      unit.payments?.authorizations?.some((a) => a.id === authorizationId),
    )
    if (
      (relatedOrder !== undefined && relatedOrder !== orderId) ||
      !listed ||
      !sameMoney(authorization.amount, unitOf(order)?.amount)
    ) {
      throw new ProviderError(
        `PayPal authorization ${authorizationId} does not belong to order ${orderId}`,
        'tampered',
      )
    }
    return readingOf(order, authorization)
  }

  /** The order's authorization as PayPal holds it now, for capture, void and refund. */
  async function currentAuthorization(reading: ProviderReading) {
    const order = await getOrder(reading.providerRef)
    const authorization = checkedAuthorization(order)
    if (!authorization?.id) {
      throw new ProviderError(
        `PayPal order ${reading.providerRef} has no authorization`,
        'refused',
        order.status,
      )
    }
    return { order, authorization, authorizationId: authorization.id }
  }

  function captureReading(order: Order, capture: CapturedPayment): ProviderReading {
    const base = readingOf(order, authorizationOf(order))
    const currency = capture.amount?.currencyCode ?? base.currency
    return {
      ...base,
      status: CAPTURE_STATUS[capture.status ?? ''] ?? 'pending',
      amountCents: capture.amount ? toCents(capture.amount.value, currency) : base.amountCents,
      currency,
      needsCapture: false,
      providerStatus: capture.status ?? 'UNKNOWN',
      raw: { ...(base.raw as object), captureId: capture.id, captureStatus: capture.status },
    }
  }

  return {
    methodId: 9,
    name: 'paypal',

    async start(request: StartRequest): Promise<StartResult> {
      const order = await api.call(({ orders }) =>
        orders.createOrder({
          paypalRequestId: request.idempotencyKey,
          prefer: 'return=representation',
          body: {
            intent: CheckoutPaymentIntent.Authorize,
            purchaseUnits: [
              {
                referenceId: request.reference,
                customId: String(request.paymentId),
                invoiceId: request.saleNumber,
                description: request.description.slice(0, 127),
                amount: {
                  currencyCode: request.currency,
                  value: toPayPalValue(request.amountCents, request.currency),
                },
              },
            ],
          },
        }),
      )
      if (!order.id) throw new ProviderError('PayPal created an order without an id', 'unreachable')
      return { providerRef: order.id, orderId: order.id }
    },

    read,
    readAuthorization,

    async capture(reading, amountCents, idempotencyKey) {
      const { order, authorization, authorizationId } = await currentAuthorization(reading)
      const currency = authorization.amount?.currencyCode ?? reading.currency
      const all = authorization.amount && toCents(authorization.amount.value, currency) === amountCents
      const capture = await api.call(({ payments }) =>
        payments.captureAuthorizedPayment({
          authorizationId,
          paypalRequestId: idempotencyKey,
          prefer: 'return=representation',
          body: {
            finalCapture: true,
            ...(all
              ? {}
              : { amount: { currencyCode: currency, value: toPayPalValue(amountCents, currency) } }),
          },
        }),
      )
      return captureReading(await getOrder(order.id!), capture)
    },

    async void(reading, idempotencyKey) {
      const { authorizationId } = await currentAuthorization(reading)
      await api.call(({ payments }) =>
        payments.voidPayment({
          authorizationId,
          paypalRequestId: idempotencyKey,
          prefer: 'return=representation',
        }),
      )
    },

    async refund(reading, amountCents, idempotencyKey): Promise<RefundResult> {
      const { order, authorization, authorizationId } = await currentAuthorization(reading)
      const capture = unitOf(order)?.payments?.captures?.[0]
      const currency = capture?.amount?.currencyCode ?? authorization.amount?.currencyCode ?? reading.currency
      if (!capture?.id) {
        // Nothing was taken yet: giving all of it back is letting the authorization go.
        const authorized = authorization.amount ? toCents(authorization.amount.value, currency) : 0
        if (amountCents !== authorized || authorization.status !== 'CREATED') {
          throw new ProviderError(
            `PayPal authorization ${authorizationId} (${authorization.status}) is not captured: only all of it can be given back`,
            'refused',
            authorization.status,
          )
        }
        await api.call(({ payments }) =>
          payments.voidPayment({
            authorizationId,
            paypalRequestId: idempotencyKey,
            prefer: 'return=representation',
          }),
        )
        return {
          refundRef: authorizationId,
          status: 'confirmed',
          amountCents,
          raw: { voided: authorizationId },
        }
      }
      const refund = await api.call(({ payments }) =>
        payments.refundCapturedPayment({
          captureId: capture.id!,
          paypalRequestId: idempotencyKey,
          prefer: 'return=representation',
          body: { amount: { currencyCode: currency, value: toPayPalValue(amountCents, currency) } },
        }),
      )
      const status =
        refund.status === 'COMPLETED' ? 'confirmed' : refund.status === 'PENDING' ? 'pending' : 'failed'
      return {
        refundRef: refund.id ?? '',
        status,
        amountCents: refund.amount ? toCents(refund.amount.value, currency) : amountCents,
        raw: { refundId: refund.id, status: refund.status, captureId: capture.id },
      }
    },
  }
}
