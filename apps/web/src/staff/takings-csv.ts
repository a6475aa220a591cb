import type { StaffTakings } from '@clubhouse/contract/server'

/** A figure the file writes as it is (its minus sign is no formula). */
class Figure {
  constructor(readonly text: string) {}
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; a text's leading =+-@ is defused. */
function field(value: string | number | Figure): string {
  if (value instanceof Figure) return value.text
  let text = String(value)
  // A spreadsheet runs a cell that starts with these as a formula: never from the centre's data.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Cents as the file writes them: 12.50, a dot and two decimals, whatever the language. */
const amount = (cents: number) => new Figure((cents / 100).toFixed(2))

/**
 * The day's takings as a CSV file (RFC 4180, UTF-8 with its byte order mark so spreadsheets read
 * accents): a header, a line per method, the vouchers' units, and the total.
 */
export function takingsCsv(
  takings: StaffTakings,
  headers: { method: string; count: string; amount: string; total: string },
): string {
  const rows: Array<Array<string | number | Figure>> = [
    ['date', 'channel', 'provider', headers.method, headers.count, headers.amount],
    ...takings.lines.map((l) => [
      takings.date,
      l.channel,
      l.provider,
      l.label,
      l.count,
      amount(l.amountCents),
    ]),
    ...takings.voucherUnits.map((u) => [takings.date, u.kind, '', u.label, u.count, u.units]),
    [takings.date, 'total', '', headers.total, '', amount(takings.totalCents)],
  ]
  return `\uFEFF${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`
}
