import { VoucherKind } from '@clubhouse/contract'

/** Time tokens of a date-fns style pattern, with the separators that lead to them. */
const TIME_PART = /[\s,T-]*(?:'[^']*'\s*)?[Hhkms]+(?:[:.][Hhkms]+)*(?:\s*a+)?/g

/** The date part of the centre's date format: 'dd/MM/yyyy HH:mm' becomes 'dd/MM/yyyy'. */
export function datePattern(pattern: string): string {
  const date = pattern.replace(TIME_PART, '').trim()
  return date || 'dd/MM/yyyy'
}

/** An IBAN as people read it: groups of four characters. */
export function groupIban(value: string): string {
  return value
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ')
}

/** A voucher amount in its unit: money, sessions or hours. */
export function voucherAmount(
  value: number,
  kind: VoucherKind,
  t: (key: 'vouchers.sessions' | 'vouchers.hours', options: { count: number; value: string }) => string,
  format: { currency: (value: number) => string; number: (value: number) => string },
): string {
  if (kind === VoucherKind.Sessions)
    return t('vouchers.sessions', { count: value, value: format.number(value) })
  if (kind === VoucherKind.Hours) return t('vouchers.hours', { count: value, value: format.number(value) })
  return format.currency(value)
}

/** The date part of the centre's format followed by the time: for messages and movements. */
export const dateTimePattern = (pattern: string) => `${datePattern(pattern)} HH:mm`
