import { CheckoutErrorCode, PaymentMethodId, SaleErrorCode } from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import type { CheckoutInput } from './checkout-context.ts'

// ---------------------------------------------------------------------------------------------
// Refusals

export const refuse = (code: string, message: string, status = 422, errors?: Record<string, string>) =>
  new AppError(code, message, { status, ...(errors ? { errors } : {}) })
export const emptyCart = () => refuse(CheckoutErrorCode.emptyCart, 'Your basket is empty!')
export const unknownProducts = (ids: number[]) =>
  refuse(SaleErrorCode.unknownProduct, `There is no product ${ids.join(', ')}.`)
export const variantRequired = (name: string) =>
  refuse(CheckoutErrorCode.variantRequired, `Choose a size or colour of ${name} first.`)
export const saleNotFound = () =>
  new AppError('not_found', 'This sale was not found among your pending sales.')
export const saleNotPayable = (number: string) =>
  refuse(SaleErrorCode.saleNotPayable, `Sale ${number} is already paid or cancelled.`, 409)
export const holdExpired = (number: string) =>
  refuse(
    CheckoutErrorCode.holdExpired,
    `The hold of sale ${number} ran out and what it held was released. Remove it from the cart and book again.`,
  )
export const transportRequired = () => refuse(CheckoutErrorCode.transportRequired, 'Please select transport')
export const methodRequired = () =>
  refuse(CheckoutErrorCode.paymentMethodRequired, 'Please select a payment method')
export const paymentUnavailable = () =>
  refuse(
    CheckoutErrorCode.paymentUnavailable,
    'This way of paying is not open online yet. Nothing was charged: choose another way of paying.',
  )
export const conditionsRequired = () =>
  refuse(CheckoutErrorCode.conditionsRequired, 'Please accept our legal conditions', 422, {
    acceptConditions: 'Please accept our legal conditions',
  })
export const voucherNotUsable = () =>
  refuse(CheckoutErrorCode.voucherNotUsable, 'This voucher cannot pay this cart.')
export const cartReused = () =>
  refuse(
    CheckoutErrorCode.cartReused,
    'This cart was already ordered with other contents. Reload the page to start a new order.',
    409,
  )
export const promoInvalid = () => refuse(CheckoutErrorCode.promoInvalid, 'Sorry, the code is not valid')
export const promoExpired = () => refuse(CheckoutErrorCode.promoExpired, 'Sorry, this code has expired.')
export const promoExhausted = () =>
  refuse(CheckoutErrorCode.promoExhausted, 'Sorry, this code has been used as many times as it can be.')
export const promoNotApplicable = () =>
  refuse(CheckoutErrorCode.promoNotApplicable, 'Sorry, this code does not apply to anything in your cart.')

/** "T-shirt (Size M)": a product's name with its variant's. */
export const variantName = (product: string, v: { group: string; name: string } | null) =>
  v ? `${product} (${v.group} ${v.name})` : product

export function outOfStock(name: string, left: number) {
  return refuse(
    CheckoutErrorCode.outOfStock,
    left === 1
      ? `Only 1 unit is left of ${name}.`
      : left > 1
        ? `Only ${left} units are left of ${name}.`
        : `${name} is out of stock.`,
    409,
  )
}

/** The payment methods of spec 2 §3 that go through a provider; none is open online yet (decision 057). */
export const PROVIDER_METHODS = [
  { id: PaymentMethodId.BankCardRedirect, type: 'card', tokenize: false },
  { id: PaymentMethodId.Wallet, type: 'wallet', tokenize: false },
  { id: PaymentMethodId.CardTokenizer, type: 'card', tokenize: true },
  { id: PaymentMethodId.CardPaymentIntent, type: 'card', tokenize: false },
  { id: PaymentMethodId.CardAuthorize, type: 'card', tokenize: true },
] as const

export { KIND_OF_METHOD, METHOD_OF_KIND } from '../vouchers/vouchers.service.ts'

export const METHOD_DESCRIPTIONS: Record<string, Localised> = {
  card: { 'en-US': 'Pay by card', 'es-ES': 'Paga con tarjeta' },
  wallet: { 'en-US': 'Pay with your wallet', 'es-ES': 'Paga con tu monedero electrónico' },
  voucher: { 'en-US': 'Pay with your voucher', 'es-ES': 'Paga con tu bono' },
}
/** A saved card's note among the ways to pay: its expiry, as /account writes it. */
export const CARD_EXPIRES: Localised = { 'en-US': 'Expires', 'es-ES': 'Caduca' }

/** The centre's currency: the shop's prices are in euros. */
export const CURRENCY = 'EUR'

/**
 * A one-time card token the browser got from a tokenising provider (NetPay), sent in the spec's
 * `tpvOnlineInfoTemp`. Card numbers never travel here: only a token of letters, digits and dashes.
 */
export function cardTokenOf(input: CheckoutInput): string | undefined {
  const temp = input.tpvOnlineInfoTemp
  const token =
    typeof temp === 'string'
      ? temp
      : temp && typeof temp === 'object'
        ? (temp as { token?: unknown }).token
        : undefined
  return typeof token === 'string' && /^[A-Za-z0-9_-]{8,200}$/.test(token) ? token : undefined
}
