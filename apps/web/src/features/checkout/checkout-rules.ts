/**
 * The checkout's own checks before anything is sent (spec 2 §5) and the totals it shows, read from
 * the server's numbers (the cart's stored prices are never used to pay).
 */

/** The delivery and registration fields, in the form's order (spec 2 §5: the server's field keys). */
export const ADDRESS_FIELDS = [
  'name',
  'surname',
  'email',
  'phone',
  'addressLine1',
  'postalCode',
  'city',
  'town',
  'country',
] as const
export type AddressField = (typeof ADDRESS_FIELDS)[number]

export type CheckoutField =
  AddressField | 'password1' | 'password2' | 'transport' | 'method' | 'promo' | 'legal'

export type Details = Record<AddressField, string> & { password: string; password2: string }

/** Which text each problem shows; the page words them (validation texts of spec 2 §5, §8). */
export type Problem =
  | 'required'
  | 'checkRequired'
  | 'passwordMismatch'
  | 'selectTransport'
  | 'basketEmpty'
  | 'selectMethod'
  | 'acceptConditions'
  | 'applyCoupon'

export interface CheckoutState {
  guest: boolean
  /** Whether the delivery address form is shown (a guest always gives their details). */
  addressNeeded: boolean
  details: Details
  transportRequired: boolean
  transportId: number | null
  /** Lines and sales that can still be paid. */
  payableCount: number
  total: number
  methodChosen: boolean
  /** Whether the legal box is shown (not accepted before) and ticked. */
  legalShown: boolean
  legalAccepted: boolean
  /** A code typed and not applied (spec 2 §5). */
  couponPending: boolean
}

export interface Check {
  fields: Partial<Record<CheckoutField, Problem>>
  /** The message at the pay button: the first problem, in the spec's order. */
  message: Problem | null
}

const blank = (value: string) => value.trim() === ''

export function checkCheckout(state: CheckoutState): Check {
  const fields: Check['fields'] = {}
  const messages: Problem[] = []

  if (state.addressNeeded) {
    const missing = ADDRESS_FIELDS.filter((field) => blank(state.details[field]))
    for (const field of missing) fields[field] = 'required'
    if (missing.length > 0) messages.push('checkRequired')
  }
  if (state.guest) {
    const missing = (['password', 'password2'] as const).filter((field) => state.details[field] === '')
    if (missing.includes('password')) fields.password1 = 'required'
    if (missing.includes('password2')) fields.password2 = 'required'
    if (missing.length > 0) {
      if (!messages.includes('checkRequired')) messages.push('checkRequired')
    } else if (state.details.password !== state.details.password2) {
      fields.password2 = 'passwordMismatch'
      messages.push('passwordMismatch')
    }
  }
  if (state.transportRequired && state.transportId === null) {
    fields.transport = 'selectTransport'
    messages.push('selectTransport')
  }
  if (state.payableCount === 0) messages.push('basketEmpty')
  // Before the payment method: what is left to pay, and so whether a method is needed, depends on
  // the code's discount.
  if (state.couponPending) {
    fields.promo = 'applyCoupon'
    messages.push('applyCoupon')
  }
  if (state.total > 0 && !state.methodChosen) {
    fields.method = 'selectMethod'
    messages.push('selectMethod')
  }
  if (state.legalShown && !state.legalAccepted) {
    fields.legal = 'acceptConditions'
    messages.push('acceptConditions')
  }
  return { fields, message: messages[0] ?? null }
}

const cents = (euros: number) => Math.round(euros * 100)

export interface Totals {
  subtotal: number
  paid: number
  shipping: number
  discount: number
  total: number
}

/**
 * The totals as the server's numbers give them: the cart priced now (subtotal, already paid), the
 * chosen transport's price and the discount the promo check answered. Added in cents; never below 0.
 */
export function checkoutTotals(subtotal: number, paid: number, shipping: number, discount: number): Totals {
  const total = Math.max(0, cents(subtotal) - cents(paid) + cents(shipping) - cents(discount)) / 100
  return { subtotal, paid, shipping, discount, total }
}
