/**
 * The card popup's rules (spec 2 §2 card widget, §5 card popup): which brand a number is, how its
 * digits are grouped, and what the four fields must hold before anything is sent. Pure: the widget
 * draws, these decide.
 */

export type CardBrand =
  'amex' | 'discover' | 'diners' | 'mastercard' | 'jcb' | 'jcb15' | 'maestro' | 'visa' | 'unionpay'

/** The brand's name as the card and the form show it (brand names are not translated). */
export const BRAND_NAMES: Record<CardBrand, string> = {
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  mastercard: 'Mastercard',
  jcb: 'JCB',
  jcb15: 'JCB',
  maestro: 'Maestro',
  visa: 'Visa',
  unionpay: 'UnionPay',
}

/** Ranges of leading digits, inclusive, all of one length: [from, to]. */
type Prefixes = ReadonlyArray<readonly [number, number]>
const one = (prefix: number) => [prefix, prefix] as const

/**
 * The spec's brand patterns (spec 2 §5), as ranges of leading digits. JCB is split: 2131 and 1800
 * are the 15-digit JCB cards (their own mask), 35 the 16-digit ones. Mastercard's "222-277" is read
 * as the spec writes it, three leading digits from 222 to 277.
 */
const PATTERNS: ReadonlyArray<readonly [CardBrand, Prefixes]> = [
  ['amex', [one(34), one(37)]],
  ['discover', [one(6011), one(65), [644, 649]]],
  ['diners', [[300, 305], one(309), one(36), one(38), one(39)]],
  [
    'mastercard',
    [
      [51, 55],
      [222, 277],
    ],
  ],
  ['jcb15', [one(2131), one(1800)]],
  ['jcb', [one(35)]],
  ['maestro', [one(50), [56, 58], one(6304), one(67)]],
  ['visa', [one(4)]],
  ['unionpay', [one(62)]],
]

const inRange = (digits: string, [from, to]: readonly [number, number]) => {
  const length = String(from).length
  if (digits.length < length) return false
  const lead = Number(digits.slice(0, length))
  return lead >= from && lead <= to
}

/** Only the digits of what was typed or pasted. */
export const digitsOf = (text: string) => text.replace(/\D/g, '')

/** The brand a card number's leading digits tell, or null while they tell none yet. */
export function detectBrand(number: string): CardBrand | null {
  const digits = digitsOf(number)
  for (const [brand, prefixes] of PATTERNS) {
    if (prefixes.some((range) => inRange(digits, range))) return brand
  }
  return null
}

/**
 * How the digits of a brand's number are grouped (spec 2 §5): 4-6-5 for American Express and the
 * 15-digit JCB, 4-6-4 for Diners, 4-4-4-4 otherwise. Their sum is the number's length.
 */
export function numberGroups(brand: CardBrand | null): readonly number[] {
  if (brand === 'amex' || brand === 'jcb15') return [4, 6, 5]
  if (brand === 'diners') return [4, 6, 4]
  return [4, 4, 4, 4]
}

export const numberLength = (brand: CardBrand | null) => numberGroups(brand).reduce((sum, n) => sum + n, 0)

/** The typed number cut to its brand's length and grouped with spaces: "3782 822463 10005". */
export function formatNumber(text: string): string {
  const digits = digitsOf(text)
  const groups = numberGroups(detectBrand(digits))
  const kept = digits.slice(0, numberLength(detectBrand(digits)))
  const parts: string[] = []
  let at = 0
  for (const size of groups) {
    if (at >= kept.length) break
    parts.push(kept.slice(at, at + size))
    at += size
  }
  return parts.join(' ')
}

/** The typed expiry as MM/YY: digits only, the slash added after the month. */
export function formatExpiry(text: string): string {
  const digits = digitsOf(text).slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** How many digits the security code has: American Express prints 4; other brands 3, some 4. */
export const cvvLengths = (brand: CardBrand | null): readonly number[] => (brand === 'amex' ? [4] : [3, 4])

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(number: string): boolean {
  const digits = digitsOf(number)
  if (digits.length === 0) return false
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

/** Cardholder name limit (spec 2 §5, §9). */
export const NAME_MAX = 20

export interface CardInput {
  name: string
  number: string
  expiry: string
  cvv: string
}

export type CardField = keyof CardInput

/** What is wrong with a field; the widget words each. */
export type CardProblem =
  | 'required'
  | 'nameTooLong'
  | 'numberIncomplete'
  | 'numberLuhn'
  | 'expiryInvalid'
  | 'expiryPast'
  | 'cvvAmex'
  | 'cvvDigits'

/** The card as the payment is asked for: the number in digits only, the year in full. */
export interface CardEntry {
  name: string
  number: string
  expMonth: number
  expYear: number
  cvv: string
}

/** Month and full year of an MM/YY expiry, or null when it is not one. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim())
  if (!match) return null
  const month = Number(match[1])
  if (month < 1 || month > 12) return null
  return { month, year: 2000 + Number(match[2]) }
}

/**
 * The card popup's checks (spec 2 §5): all four fields are required; the name up to 20 characters;
 * the number as long as its brand's mask and passing Luhn; the expiry a real MM/YY whose month has
 * not ended at `now`; the security code 4 digits for American Express, 3 or 4 for the rest
 * (decision 070). `missing` is true when any field is empty ("Please fill all fields").
 */
export function checkCard(
  input: CardInput,
  now: Date,
): { fields: Partial<Record<CardField, CardProblem>>; missing: boolean; card: CardEntry | null } {
  const fields: Partial<Record<CardField, CardProblem>> = {}
  const name = input.name.trim()
  const number = digitsOf(input.number)
  const cvv = digitsOf(input.cvv)
  const brand = detectBrand(number)

  if (!name) fields.name = 'required'
  else if (name.length > NAME_MAX) fields.name = 'nameTooLong'

  if (!number) fields.number = 'required'
  else if (number.length !== numberLength(brand)) fields.number = 'numberIncomplete'
  else if (!passesLuhn(number)) fields.number = 'numberLuhn'

  const expiry = parseExpiry(input.expiry)
  if (!input.expiry.trim()) fields.expiry = 'required'
  else if (!expiry) fields.expiry = 'expiryInvalid'
  else if (expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1)
    fields.expiry = 'expiryPast'

  if (!cvv) fields.cvv = 'required'
  else if (!cvvLengths(brand).includes(cvv.length) || cvv !== input.cvv.trim())
    fields.cvv = brand === 'amex' ? 'cvvAmex' : 'cvvDigits'

  const missing = Object.values(fields).includes('required')
  const ok = Object.keys(fields).length === 0 && expiry !== null
  return {
    fields,
    missing,
    card: ok ? { name, number, expMonth: expiry.month, expYear: expiry.year, cvv } : null,
  }
}
