import { describe, expect, it } from 'vitest'
import { formatCurrency, formatDate } from './format.ts'

const nbsp = '\u00A0'
const spain = { culture: 'es-ES', currencySymbol: '€', decimalSeparator: ',' } as const
const us = { culture: 'en-US', currencySymbol: '$', decimalSeparator: '.' } as const

describe('formatCurrency', () => {
  it('shows nothing for an empty string, null or undefined', () => {
    expect(formatCurrency('', spain)).toBe('')
    expect(formatCurrency('   ', spain)).toBe('')
    expect(formatCurrency(null, spain)).toBe('')
    expect(formatCurrency(undefined, spain)).toBe('')
  })

  it('shows zero', () => {
    expect(formatCurrency(0, spain)).toBe(`0${nbsp}€`)
    expect(formatCurrency('0', spain)).toBe(`0${nbsp}€`)
  })

  it('gives integers no fraction digits', () => {
    expect(formatCurrency(10, spain)).toBe(`10${nbsp}€`)
    expect(formatCurrency(25, us)).toBe(`25${nbsp}$`)
    expect(formatCurrency('40', spain)).toBe(`40${nbsp}€`)
  })

  it('gives numbers with a decimal point two fraction digits', () => {
    expect(formatCurrency(12.5, spain)).toBe(`12,50${nbsp}€`)
    expect(formatCurrency(12.5, us)).toBe(`12.50${nbsp}$`)
    expect(formatCurrency('7.00', spain)).toBe(`7,00${nbsp}€`)
    expect(formatCurrency(0.1 + 0.2, us)).toBe(`0.30${nbsp}$`)
  })

  it('groups thousands as the culture does', () => {
    expect(formatCurrency(12345.5, spain)).toBe(`12.345,50${nbsp}€`)
    expect(formatCurrency(1234.5, us)).toBe(`1,234.50${nbsp}$`)
  })

  it("uses the settings' decimal separator over the culture's", () => {
    expect(formatCurrency(1234.5, { ...us, decimalSeparator: ',' })).toBe(`1.234,50${nbsp}$`)
    expect(formatCurrency(12345.5, { ...spain, decimalSeparator: '.' })).toBe(`12,345.50${nbsp}€`)
  })

  it('appends the currency symbol after the number, euro by default', () => {
    expect(formatCurrency(-3.5, spain)).toBe(`-3,50${nbsp}€`)
    expect(formatCurrency(9, { ...spain, currencySymbol: '' })).toBe(`9${nbsp}€`)
  })

  it('shows nothing for text that is not a number', () => {
    expect(formatCurrency('abc', spain)).toBe('')
  })
})

describe('formatDate', () => {
  const madrid = { culture: 'es-ES', dateFormat: 'dd/MM/yyyy', timeZone: 'Europe/Madrid' } as const

  it("writes an instant with the settings' pattern in the centre's time zone", () => {
    // 23:30 UTC on 31 March is already 1 April in Madrid (summer time, UTC+2).
    expect(formatDate('2025-03-31T23:30:00Z', madrid)).toBe('01/04/2025')
    expect(formatDate('2025-03-31T23:30:00Z', madrid, 'yyyy-MM-dd HH:mm')).toBe('2025-04-01 01:30')
    expect(formatDate('2025-03-31T23:30:00Z', { ...madrid, timeZone: 'America/New_York' })).toBe('31/03/2025')
  })

  it('keeps a calendar day the same day in every time zone', () => {
    expect(formatDate('2025-07-04', { ...madrid, timeZone: 'Pacific/Honolulu' })).toBe('04/07/2025')
  })

  it('names months and weekdays in the culture and keeps quoted text', () => {
    expect(formatDate('2025-07-04T10:00:00Z', madrid, "EEEE d 'de' MMMM")).toBe('viernes 4 de julio')
    expect(formatDate('2025-07-04T15:05:00Z', { ...madrid, culture: 'en-US' }, 'MMM d, h:mm a')).toBe(
      'Jul 4, 5:05 PM',
    )
  })

  it('names months and weekdays in the language the site is read in, keeping the culture otherwise', () => {
    const english = { ...madrid, language: 'en-US' }
    expect(formatDate('2025-08-14T10:00:00Z', english, 'dd MMM')).toBe('14 Aug')
    expect(formatDate('2025-08-14T10:00:00Z', english, 'EEEE dd/MM/yyyy')).toBe('Thursday 14/08/2025')
    expect(formatDate('2025-08-14T10:00:00Z', { ...madrid, language: 'es-ES' }, 'dd MMM')).toBe('14 ago')
  })

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDate(null, madrid)).toBe('')
    expect(formatDate('', madrid)).toBe('')
    expect(formatDate('not a date', madrid)).toBe('')
  })
})
