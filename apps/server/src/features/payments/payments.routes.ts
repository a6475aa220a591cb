import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { PaymentErrorCode, paths, paymentRoutes, type PaymentStatusAnswer } from '@clubhouse/contract/server'
import { customerOfRequest } from '../../http/auth.ts'
import { addRoute } from '../../http/route.ts'
import type { Site } from '../../http/site.ts'
import { AppError } from '../../lib/app-error.ts'
import type { NetPayProvider } from './providers/netpay.ts'
import type { PayPalProvider } from './providers/paypal.ts'
import { ProviderError } from './provider.ts'
import type { PaymentSetup } from './providers/index.ts'
import { unreadable, type PaymentsService, type SettleOutcome } from './payments.service.ts'

/** Payment answers are one customer's and change by the second: never kept by a cache. */
function personal(reply: FastifyReply) {
  void reply.header('cache-control', 'private, no-store')
}

const notFound = () =>
  new AppError(PaymentErrorCode.paymentNotFound, 'This payment was not found.', { status: 404 })

function statusAnswer(outcome: SettleOutcome): PaymentStatusAnswer {
  const waiting = outcome.status === 'created' || outcome.status === 'pending'
  return {
    ok: outcome.paid,
    retry: waiting,
    orderNumber: outcome.paid ? outcome.orderNumber : null,
    errorMsg: outcome.paid || waiting ? null : 'The payment has not been completed.',
  }
}

function headersOf(req: FastifyRequest): Record<string, string | string[] | undefined> {
  return req.headers as Record<string, string | string[] | undefined>
}

/**
 * The payments' routes (decision 067): providers' notifications and webhooks, the browser's return
 * calls, the status a return page polls, and in sandbox mode the providers' local fakes. Every way
 * in ends in the one `settle`, which reads the provider's own word and applies it at most once.
 */
export const paymentsFeature: FastifyPluginAsync<{
  payments: PaymentsService
  setup: PaymentSetup
  site: Site
}> = async (app, { payments, setup, site }) => {
  // The pages a provider sends the browser back to (spec 2 §2, payment returns).
  site.page(paths.stripeCallback, { module: 'src/app/routes/payment-return-page.tsx' })
  site.page(paths.netpayCallback, { module: 'src/app/routes/payment-return-page.tsx' })
  // The sandbox's stand-ins for the providers are no part of the centre's API: its document leaves them out.
  for (const fake of setup.fakes) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true }
      })
      await scope.register(fake.plugin, { prefix: fake.prefix })
    })
  }

  // Redsys posts its notification form-encoded; the signature is over the parameters as sent.
  for (const [route, provider] of [
    [paymentRoutes.redsysNotification, 'redsys'],
    [paymentRoutes.cardNotification, 'card'],
  ] as const) {
    addRoute(app, route, async (req, reply) => {
      personal(reply)
      await payments.notify(provider, {
        headers: headersOf(req),
        rawBody: Buffer.from(''),
        fields: { ...req.body },
      })
      return { ok: true as const }
    })
  }

  addRoute(app, paymentRoutes.paymentStatus, async (req, reply) => {
    personal(reply)
    const outcome = await payments.statusOfReference(req.params.reference)
    if (!outcome) throw notFound()
    return statusAnswer(outcome)
  })

  // Stripe's return page polls this (spec 2 §7): read from Stripe, settled, answered. Its token
  // (optional: a route without an owner never sets req.customer) or its reference says it is theirs.
  addRoute(app, paymentRoutes.stripeStatus, async (req, reply) => {
    personal(reply)
    const row = await payments.findRow('stripe', { providerRef: req.params.paymentIntent })
    const customer = await customerOfRequest(req)
    const mine = row && (customer ? row.customerId === customer.id : row.reference === req.query.reference)
    if (!row || !mine) throw notFound()
    return statusAnswer(await payments.settle('stripe', { providerRef: req.params.paymentIntent }))
  })

  // The wallet approved and authorised in the browser: PayPal is asked whether that authorization
  // belongs to this order, for how much, and the answer settles it.
  addRoute(app, paymentRoutes.paypalCallback, async (req, reply) => {
    personal(reply)
    const row = await payments.findRow('paypal', { providerRef: req.body.orderId })
    const customer = await customerOfRequest(req)
    if (!row || (customer && row.customerId !== customer.id)) throw notFound()
    const paypal = payments.providerOf('paypal') as PayPalProvider
    let reading
    try {
      reading = req.body.authorizationId
        ? await paypal.readAuthorization(req.body.orderId, req.body.authorizationId)
        : await paypal.read(req.body.orderId)
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'tampered') {
        throw new AppError(PaymentErrorCode.paymentMismatch, 'This payment does not match its order.', {
          status: 409,
        })
      }
      throw unreadable()
    }
    return statusAnswer(await payments.settle('paypal', { providerRef: req.body.orderId }, reading))
  })

  // Back from NetPay's 3-D Secure: the transaction must be this payment's; NetPay says the rest.
  addRoute(app, paymentRoutes.netpayCallback, async (req, reply) => {
    personal(reply)
    const row = await payments.findRow('netpay', { providerRef: req.params.transactionToken })
    const customer = await customerOfRequest(req)
    if (!row || row.id !== req.params.id || (customer && row.customerId !== customer.id)) throw notFound()
    const netpay = payments.providerOf('netpay') as NetPayProvider
    let reading
    try {
      reading = await netpay.finishThreeDs(req.params.transactionToken)
    } catch {
      throw unreadable()
    }
    return statusAnswer(
      await payments.settle('netpay', { providerRef: req.params.transactionToken }, reading),
    )
  })

  // Stripe's signed webhook: the signature is over the raw bytes, so this route reads them itself.
  await app.register(async (raw) => {
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1_048_576 },
      (_req, body, done) => done(null, body),
    )
    raw.post('/api/stripe/webhook', { schema: { hide: true } }, async (req, reply) => {
      personal(reply)
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.from('')
      await payments.notify('stripe', { headers: headersOf(req), rawBody, fields: {} })
      return { ok: true }
    })
  })
}
