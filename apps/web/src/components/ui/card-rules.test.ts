import { describe, expect, it } from 'vitest'
import {
  checkCard,
  detectBrand,
  formatExpiry,
  formatNumber,
  passesLuhn,
  type CardBrand,
} from './card-rules.ts'

/** `body` completed with the Luhn check digit. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (passesLuhn(`${body}${digit}`)) return `${body}${digit}`
  }
  throw new Error('unreachable')
}

const may2026 = new Date(2026, 4, 15, 12, 0)
const valid = { name: 'Marta Soler', number: '4111 1111 1111 1111', expiry: '08/28', cvv: '123' }

describe('detectBrand', () => {
  it.each<[string, CardBrand | null]>([
    ['34', 'amex'],
    ['37', 'amex'],
    ['6011', 'discover'],
    ['65', 'discover'],
    ['644', 'discover'],
    ['649', 'discover'],
    ['300', 'diners'],
    ['305', 'diners'],
    ['309', 'diners'],
    ['36', 'diners'],
    ['38', 'diners'],
    ['39', 'diners'],
    ['51', 'mastercard'],
    ['55', 'mastercard'],
    ['222', 'mastercard'],
    ['277', 'mastercard'],
    ['35', 'jcb'],
    ['2131', 'jcb15'],
    ['1800', 'jcb15'],
    ['50', 'maestro'],
    ['56', 'maestro'],
    ['58', 'maestro'],
    ['6304', 'maestro'],
    ['67', 'maestro'],
    ['4', 'visa'],
    ['62', 'unionpay'],
    ['306', null],
    ['643', null],
    ['221', null],
    ['278', null],
    ['59', null],
    ['', null],
  ])('reads %s as %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand)
  })
})

describe('formatNumber', () => {
  it('groups American Express 4-6-5 and stops at 15 digits', () => {
    expect(formatNumber('3782822463100059999')).toBe('3782 822463 10005')
  })

  it('groups Diners 4-6-4 and the 15-digit JCB 4-6-5', () => {
    expect(formatNumber('30569309025904')).toBe('3056 930902 5904')
    expect(formatNumber('213112345678901')).toBe('2131 123456 78901')
  })

  it('groups every other brand, and a number not yet recognised, in fours up to 16 digits', () => {
    expect(formatNumber('41111111111111112')).toBe('4111 1111 1111 1111')
    expect(formatNumber('3530111333300000')).toBe('3530 1113 3330 0000')
    expect(formatNumber('9')).toBe('9')
  })

  it('keeps only digits', () => {
    expect(formatNumber('4a1-11 1')).toBe('4111 1')
  })
})

describe('formatExpiry', () => {
  it('adds the slash after the month and keeps four digits', () => {
    expect(formatExpiry('0')).toBe('0')
    expect(formatExpiry('08')).toBe('08')
    expect(formatExpiry('082')).toBe('08/2')
    expect(formatExpiry('08/289')).toBe('08/28')
  })
})

describe('passesLuhn', () => {
  it('accepts the test numbers of each brand and refuses a changed digit', () => {
    for (const number of ['4111111111111111', '378282246310005', '30569309025904', '5555555555554444']) {
      expect(passesLuhn(number)).toBe(true)
    }
    expect(passesLuhn('4111111111111112')).toBe(false)
  })
})

describe('checkCard', () => {
  it('answers the card with the number in digits and the full year', () => {
    expect(checkCard(valid, may2026)).toEqual({
      fields: {},
      missing: false,
      card: { name: 'Marta Soler', number: '4111111111111111', expMonth: 8, expYear: 2028, cvv: '123' },
    })
  })

  it('marks every empty field and says something is missing', () => {
    const check = checkCard({ name: ' ', number: '', expiry: '', cvv: '' }, may2026)
    expect(check.fields).toEqual({
      name: 'required',
      number: 'required',
      expiry: 'required',
      cvv: 'required',
    })
    expect(check.missing).toBe(true)
    expect(check.card).toBeNull()
  })

  it('refuses a name over 20 characters', () => {
    expect(checkCard({ ...valid, name: 'A'.repeat(21) }, may2026).fields).toEqual({ name: 'nameTooLong' })
    expect(checkCard({ ...valid, name: 'A'.repeat(20) }, may2026).fields).toEqual({})
  })

  it('tells a short number from one that fails the Luhn check', () => {
    expect(checkCard({ ...valid, number: '4111 1111' }, may2026).fields).toEqual({
      number: 'numberIncomplete',
    })
    expect(checkCard({ ...valid, number: '4111 1111 1111 1112' }, may2026).fields).toEqual({
      number: 'numberLuhn',
    })
  })

  it('accepts the current month and refuses an ended one or one that is not a month', () => {
    expect(checkCard({ ...valid, expiry: '05/26' }, may2026).fields).toEqual({})
    expect(checkCard({ ...valid, expiry: '04/26' }, may2026).fields).toEqual({ expiry: 'expiryPast' })
    expect(checkCard({ ...valid, expiry: '13/28' }, may2026).fields).toEqual({ expiry: 'expiryInvalid' })
    expect(checkCard({ ...valid, expiry: '08/2' }, may2026).fields).toEqual({ expiry: 'expiryInvalid' })
  })

  it('asks American Express for 4 security digits, other brands for 3 or 4', () => {
    const amex = { ...valid, number: '378282246310005' }
    expect(checkCard({ ...amex, cvv: '123' }, may2026).fields).toEqual({ cvv: 'cvvAmex' })
    expect(checkCard({ ...amex, cvv: '1234' }, may2026).fields).toEqual({})
    expect(checkCard({ ...valid, cvv: '1234' }, may2026).fields).toEqual({})
    expect(checkCard({ ...valid, cvv: '12' }, may2026).fields).toEqual({ cvv: 'cvvDigits' })
    expect(checkCard({ ...valid, cvv: '12a' }, may2026).fields).toEqual({ cvv: 'cvvDigits' })
  })

  it('accepts a 15-digit JCB number', () => {
    expect(checkCard({ ...valid, number: withCheckDigit('21311234567890') }, may2026).fields).toEqual({})
  })
})
