/**
 * The centre's date format (a date-fns pattern from its settings) cut to what a page shows. Free of
 * the contract's schemas, so pages in the first load may use it.
 */

/** Time tokens of a date-fns style pattern, with the separators that lead to them. */
const TIME_PART = /[\s,T-]*(?:'[^']*'\s*)?[Hhkms]+(?:[:.][Hhkms]+)*(?:\s*a+)?/g

/** The date part of the centre's date format: 'dd/MM/yyyy HH:mm' becomes 'dd/MM/yyyy'. */
export function datePattern(pattern: string): string {
  const date = pattern.replace(TIME_PART, '').trim()
  return date || 'dd/MM/yyyy'
}

/** The date part of the centre's format followed by the time: for messages and movements. */
export const dateTimePattern = (pattern: string) => `${datePattern(pattern)} HH:mm`
