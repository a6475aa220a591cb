import { randomBytes } from 'node:crypto'

/** What a confirmation does with the card it was given. */
export type CardOutcome = 'succeed' | 'decline' | 'authenticate' | 'process' | 'incorrect'

/**
 * Stripe's own test numbers and test PaymentMethods, and what the fake does with each. Stripe
 * documents no card that stays `processing`; the sandbox takes 4000 0000 0000 0077 for that.
 */
const CARDS: Record<string, CardOutcome> = {
  '4242424242424242': 'succeed',
  pm_card_visa: 'succeed',
  pm_card_mastercard: 'succeed',
  '4000000000000002': 'decline',
  pm_card_chargeDeclined: 'decline',
  pm_card_visa_chargeDeclined: 'decline',
  '4000002760003184': 'authenticate',
  pm_card_authenticationRequired: 'authenticate',
  pm_card_threeDSecure2Required: 'authenticate',
  '4000000000000077': 'process',
}

/** The test cards the sandbox form lists, in its order. */
export const SANDBOX_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0027 6000 3184', outcome: 'asks for 3-D Secure' },
  { number: '4000 0000 0000 0077', outcome: 'stays processing, then succeeds' },
] as const

function passesLuhn(digits: string) {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/** The outcome of a card number or a test PaymentMethod id; other valid numbers succeed. */
export function cardOutcome(card: string): CardOutcome {
  const known = CARDS[card] ?? CARDS[card.replace(/\D/g, '')]
  if (known) return known
  if (card.startsWith('pm_')) return 'succeed'
  const digits = card.replace(/[\s-]/g, '')
  return /^\d{13,19}$/.test(digits) && passesLuhn(digits) ? 'succeed' : 'incorrect'
}

/** The brand and last digits Stripe would show of a card. */
export function cardDetails(card: string) {
  const digits = card.replace(/\D/g, '')
  const last4 = digits.length >= 4 ? digits.slice(-4) : card === 'pm_card_mastercard' ? '4444' : '4242'
  const brand = digits.startsWith('5') || card === 'pm_card_mastercard' ? 'mastercard' : 'visa'
  return { brand, last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 }
}

/** An id in Stripe's shape: a prefix and random letters and digits (`pi_3Nx…`). */
export function stripeId(prefix: string, length = 24) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = randomBytes(length)
  let id = ''
  for (const byte of bytes) id += alphabet[byte % alphabet.length]
  return `${prefix}_${id}`
}

type FormValue = string | FormValue[] | { [key: string]: FormValue }

/**
 * Parses a body the way Stripe reads stripe-node's: `metadata[paymentId]=7` is a nested object,
 * `expand[0]=x` or `expand[]=x` a list.
 */
export function parseStripeForm(raw: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {}
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
    if (!match?.[1]) continue
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
    let node: Record<string, FormValue> | FormValue[] = root
    path.forEach((part, i) => {
      const last = i === path.length - 1
      const nextIsList = !last && /^\d*$/.test(path[i + 1] ?? '')
      const container = node as Record<string, FormValue> & FormValue[]
      const slot = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part
      if (last) {
        container[slot as never] = value as never
        return
      }
      container[slot as never] ??= (nextIsList ? [] : {}) as never
      node = container[slot as never] as Record<string, FormValue> | FormValue[]
    })
  }
  return root
}
