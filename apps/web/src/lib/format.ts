import type { MainSettings } from '@clubhouse/contract'

/**
 * The one place where money and dates become text. The centre's settings drive it: culture
 * (number grouping), currency symbol, decimal separator, date format (a date-fns style pattern)
 * and time zone. Month and weekday names are in the language the visitor reads the site in
 * (`language`), so an English page never shows "ago" for August; without it, in the culture's.
 */
export type FormatSettings = Pick<
  MainSettings,
  'culture' | 'currencySymbol' | 'decimalSeparator' | 'dateFormat' | 'timeZone'
> & { language?: string }

/** The currency when the settings name no symbol (spec: the default currency is EUR). */
export const DEFAULT_CURRENCY_SYMBOL = '€'
/** The spec's system date format, for instants without a format of their own. */
export const SYSTEM_DATE_FORMAT = 'yyyy-MM-dd HH:mm'

/**
 * The symbol follows the number after a no-break space ("12,50 €", "10 €"): the spec only says
 * "appended"; the space is how both of our languages write amounts, and a no-break space keeps
 * the amount and its symbol on one line.
 */
export const CURRENCY_GAP = '\u00A0'

const numberFormats = new Map<string, Intl.NumberFormat>()
function numberFormat(culture: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${culture}|${fractionDigits}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(culture, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    })
    numberFormats.set(key, format)
  }
  return format
}

/**
 * `value` in the culture's digits and grouping, with the settings' decimal separator instead of
 * the culture's. When that separator is the culture's grouping mark (en-US with ","), grouping
 * uses the other mark so "1.234,50" never reads as "1,234,50".
 */
function formatNumber(
  value: number,
  fractionDigits: number,
  s: Pick<FormatSettings, 'culture' | 'decimalSeparator'>,
) {
  const parts = numberFormat(s.culture, fractionDigits).formatToParts(value)
  const decimal = s.decimalSeparator
  const group = decimal === ',' ? '.' : ','
  return parts
    .map((part) => {
      if (part.type === 'decimal') return decimal
      if (part.type === 'group' && part.value === decimal) return group
      return part.value
    })
    .join('')
}

/**
 * Money as the spec shows it (spec 1 §5): empty, null or undefined show as empty, but zero is
 * shown; a number with a decimal point gets two fraction digits (money is kept in cents, so a
 * third digit would only show floating-point noise); an integer gets none; the currency symbol
 * is appended after the number.
 */
export function formatCurrency(
  value: number | string | null | undefined,
  s: Pick<FormatSettings, 'culture' | 'currencySymbol' | 'decimalSeparator'>,
): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? value.trim() : undefined
  if (text === '') return ''
  const amount = typeof value === 'number' ? value : Number(text)
  if (!Number.isFinite(amount)) return ''
  const hasDecimalPoint = text !== undefined ? text.includes('.') : !Number.isInteger(amount)
  const number = formatNumber(amount, hasDecimalPoint ? 2 : 0, s)
  return `${number}${CURRENCY_GAP}${s.currencySymbol || DEFAULT_CURRENCY_SYMBOL}`
}

// ---------------------------------------------------------------------------------------------
// Dates

const dateFormats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options)
    } catch {
      // An unknown time zone in the settings: show the visitor's local time rather than nothing.
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: undefined })
    }
    dateFormats.set(key, format)
  }
  return format
}

interface ZonedParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts = dateFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date)
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  }
}

/** A calendar day without a time ("2025-03-01") is that day everywhere, not UTC midnight. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

function toDate(value: Date | string | number): { date: Date; dateOnly: boolean } {
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    return { date: new Date(`${value}T00:00:00Z`), dateOnly: true }
  }
  return { date: value instanceof Date ? value : new Date(value), dateOnly: false }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const TOKENS = /'(?:[^']|'')*'|([A-Za-z])\1*|[^A-Za-z']+/g

/**
 * An instant as text in the centre's time zone, with a date-fns style pattern (settings.dateFormat
 * by default): yyyy yy MMMM MMM MM M dd d EEEE EEE HH H hh h mm m ss s a, and 'quoted' text.
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  s: Pick<FormatSettings, 'culture' | 'dateFormat' | 'timeZone' | 'language'>,
  pattern: string = s.dateFormat || 'dd/MM/yyyy',
): string {
  if (value === null || value === undefined || value === '') return ''
  const { date, dateOnly } = toDate(value)
  if (Number.isNaN(date.getTime())) return ''
  const timeZone = dateOnly ? 'UTC' : s.timeZone || undefined
  const p = zonedParts(date, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)
  const named = (options: Intl.DateTimeFormatOptions) =>
    dateFormat(s.language || s.culture, { ...options, timeZone }).format(date)

  return (pattern.match(TOKENS) ?? [])
    .map((token) => {
      if (token.startsWith("'")) return token.length === 2 ? "'" : token.slice(1, -1).replace(/''/g, "'")
      switch (token) {
        case 'yyyy':
        case 'y':
          return pad(p.year, token.length === 4 ? 4 : 1)
        case 'yy':
          return pad(p.year % 100)
        case 'MMMM':
          return named({ month: 'long' })
        case 'MMM':
          return named({ month: 'short' })
        case 'MM':
          return pad(p.month)
        case 'M':
          return String(p.month)
        case 'dd':
          return pad(p.day)
        case 'd':
          return String(p.day)
        case 'EEEE':
          return named({ weekday: 'long' })
        case 'EEE':
        case 'EE':
        case 'E':
          return named({ weekday: 'short' })
        case 'HH':
          return pad(p.hour)
        case 'H':
          return String(p.hour)
        case 'hh':
          return pad(p.hour % 12 || 12)
        case 'h':
          return String(p.hour % 12 || 12)
        case 'mm':
          return pad(p.minute)
        case 'm':
          return String(p.minute)
        case 'ss':
          return pad(p.second)
        case 's':
          return String(p.second)
        case 'a':
        case 'aa':
        case 'tt':
          return p.hour < 12 ? 'AM' : 'PM'
        default:
          return token
      }
    })
    .join('')
}
