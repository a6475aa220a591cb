import { VoucherKind } from '@clubhouse/contract/constants'

// Date patterns live with the other zod-free helpers: pages in the first load use them too.
export { datePattern, dateTimePattern } from '../../lib/date-patterns.ts'

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
