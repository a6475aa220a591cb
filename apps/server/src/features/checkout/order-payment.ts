import {
  PaymentErrorCode,
  SaleErrorCode,
  threeDsMessage,
  type CheckoutModel,
  type Locale,
} from '@clubhouse/contract/server'
import type { AuthCustomer } from '../../http/auth.ts'
import { AppError } from '../../lib/app-error.ts'
import type { PlacedOrder } from '../payments/payments.service.ts'
import type { StartResult } from '../payments/provider.ts'
import { euros } from '../shop/prices.ts'
import type { Cart, CheckoutContext, CheckoutInput } from './checkout-context.ts'
import {
  KIND_OF_METHOD,
  METHOD_OF_KIND,
  methodRequired,
  paymentUnavailable,
  refuse,
  voucherNotUsable,
} from './checkout-refusals.ts'
import { costOf, type CartPromos, type VoucherSpend } from './promos.ts'

/** How the total is paid: nothing, a voucher (checked and costed), or a provider (a saved card perhaps). */
export type Payer =
  | { kind: 'none' }
  | { kind: 'voucher'; id: number; spends: VoucherSpend[]; methodId: number }
  | { kind: 'provider'; methodId: number; savedCardId: number | null }

/**
 * How a placed order is paid, for a first checkout and for the same cart paid again: the payer
 * checked before anything is written, a voucher's movements in the caller's unit, a provider's
 * payment started after the commit, and the answer the browser goes on from.
 */
export function createOrderPayment(ctx: CheckoutContext, promos: CartPromos) {
  const { deps, now, placedOrders } = ctx
  const { usableVouchers, voucherSpends } = promos

  const model = (
    customerId: number,
    saleId: number,
    saleNumber: string,
    completed: boolean,
    totalCents: number,
    started?: StartResult & { reference: string },
  ): CheckoutModel => ({
    // NetPay's 3-D Secure: the spec's client follows a message carrying `netpay3ds-` and the URL.
    errorMsg: started?.redirectUrl ? threeDsMessage(started.redirectUrl) : null,
    saleId,
    saleNumber,
    total: euros(totalCents),
    completed,
    customerId,
    redsysData: started?.form
      ? {
          url: started.form.url,
          data: {
            ds_SignatureVersion: started.form.fields.Ds_SignatureVersion ?? '',
            ds_MerchantParameters: started.form.fields.Ds_MerchantParameters ?? '',
            ds_Signature: started.form.fields.Ds_Signature ?? '',
          },
        }
      : null,
    paypal: started?.orderId ?? null,
    stripe: started?.clientSecret ?? null,
    publicKey: started?.publicKey ?? null,
    redirectUrl: started?.redirectUrl ?? null,
    paymentReference: started ? started.reference : null,
  })

  async function payerOf(
    input: CheckoutInput,
    who: AuthCustomer | undefined,
    cart: Cart,
    totalCents: number,
  ): Promise<Payer> {
    if (totalCents <= 0) return { kind: 'none' }
    const method = input.paymentMethodId
    if (method === null) throw methodRequired()
    const kind = KIND_OF_METHOD[method]
    if (kind === undefined) {
      if (!deps.payments?.hasMethod(method)) throw paymentUnavailable()
      let savedCardId: number | null = null
      if (input.tokenId !== null) {
        const card = who ? await deps.payments.findCard(who.id, input.tokenId) : undefined
        if (!card || card.methodId !== method) {
          throw new AppError(PaymentErrorCode.cardNotFound, 'This card was not found.', { status: 404 })
        }
        savedCardId = card.id
      }
      return { kind: 'provider', methodId: method, savedCardId }
    }
    if (!who || input.voucherId === null) throw voucherNotUsable()
    const found = (await usableVouchers(who.id)).find((v) => v.id === input.voucherId && v.kind === kind)
    const spends = found ? voucherSpends(found, cart, totalCents) : undefined
    if (!found || spends === undefined) throw voucherNotUsable()
    if (found.balance < costOf(spends))
      throw refuse(SaleErrorCode.voucherInsufficient, 'This voucher does not have enough balance left.')
    return { kind: 'voucher', id: found.id, spends, methodId: METHOD_OF_KIND[kind]! }
  }

  /**
   * In the caller's unit: the voucher's movements, one per order paid, named by its own number (so
   * a refund finds what paid its sale), and the order's completion.
   */
  async function payWithVoucher(
    placed: PlacedOrder,
    payer: Extract<Payer, { kind: 'voucher' }>,
    customerId: number,
  ) {
    for (const spend of payer.spends) {
      const number = spend.sale?.saleNumber ?? placed.orderNumber
      await deps.vouchers.moveBalance(
        payer.id,
        -spend.amount,
        { 'es-ES': `Pago ${number}`, 'en-US': `Payment ${number}` },
        { customerId, saleId: spend.sale?.id ?? placed.orderId ?? placed.saleIds[0]!, at: now() },
      )
    }
    await placedOrders.complete(placed, payer.methodId)
  }

  /** Starts a provider's payment opened in a committed unit; the model tells the browser where to go on. */
  async function startPayment(
    paymentId: number,
    reference: string,
    placed: PlacedOrder,
    buyer: CheckoutInput['customer'] & { email: string },
    locale: Locale,
    cardToken: string | undefined,
  ): Promise<StartResult & { reference: string }> {
    const base = deps.publicUrl
    const started = await deps.payments!.begin(paymentId, {
      saleNumber: placed.orderNumber,
      description: `${placed.orderNumber}`,
      locale,
      customer: {
        id: 0,
        email: buyer.email,
        name: buyer.name,
        surname: buyer.surname,
        phone: buyer.phone,
        addressLine1: buyer.addressLine1,
        postalCode: buyer.postalCode,
        city: buyer.city,
        town: buyer.town,
        country: buyer.country,
      },
      urls: {
        ok: `${base}/cz/ok?order=${encodeURIComponent(placed.orderNumber)}&payment=${reference}`,
        ko: `${base}/cz/ko?payment=${reference}`,
        callback: `${base}/netpay-callback?id=${paymentId}`,
      },
      ...(cardToken ? { cardToken } : {}),
    })
    return { ...started, reference }
  }

  return { model, payerOf, payWithVoucher, startPayment }
}

export type OrderPayment = ReturnType<typeof createOrderPayment>
