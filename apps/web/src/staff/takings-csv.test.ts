import { describe, expect, it } from 'vitest'
import { takingsCsv } from './takings-csv.ts'

const HEADERS = { method: 'Method', count: 'Count', amount: 'Amount', total: 'Total' }

describe('the takings file', () => {
  it('writes a line per method, the units vouchers paid and the total, quoting what needs it', () => {
    const csv = takingsCsv(
      {
        date: '2030-01-07',
        currencySymbol: '€',
        lines: [
          { channel: 'desk_cash', provider: '', label: 'Efectivo, "caja"', count: 2, amountCents: 2450 },
          { channel: 'refund', provider: 'redsys', label: '=HYPERLINK("x")', count: 1, amountCents: -500 },
        ],
        voucherUnits: [{ kind: 'hours', label: 'Bono de horas', count: 1, units: 1.5 }],
        totalCents: 1950,
      },
      HEADERS,
    )
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'date,channel,provider,Method,Count,Amount',
      '2030-01-07,desk_cash,,"Efectivo, ""caja""",2,24.50',
      `2030-01-07,refund,redsys,"'=HYPERLINK(""x"")",1,-5.00`,
      '2030-01-07,hours,,Bono de horas,1,1.5',
      '2030-01-07,total,,Total,,19.50',
      '',
    ])
  })
})
