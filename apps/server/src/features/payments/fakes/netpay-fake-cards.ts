// The NetPay fake's cards: test numbers, and the checks its tokeniser makes before it gives a token.

/** The fake's test cards (Stripe's well-known numbers); NetPay's real sandbox has cards of its own. */
export const NETPAY_TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  threeDs: '4000000000003220',
} as const

function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'unknown'
}

/** Why a card may not be tokenised, or undefined when it may. */
export function cardProblem(body: Record<string, unknown>, now: Date): string | undefined {
  const digits = String(body.cardNumber ?? '').replace(/[\s-]/g, '')
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return 'The card number is not valid.'
  const month = Number(body.expMonth)
  let year = Number(body.expYear)
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
    return 'The expiry date is not valid.'
  }
  if (year < 100) year += 2000
  // A card is good until the end of its expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now) return 'The card has expired.'
  if (!/^\d{3,4}$/.test(String(body.cvv2 ?? ''))) return 'The security code is not valid.'
  return undefined
}
