import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Voucher } from '@clubhouse/contract'
import { useFormat, useSettings } from '../content/settings.tsx'
import { voucherAmount } from './account-format.ts'

/** A voucher amount in its unit (money, sessions, hours), in the centre's formats. */
export function useVoucherFormat() {
  const { t } = useTranslation()
  const format = useFormat()
  const { culture } = useSettings()
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(culture, { maximumFractionDigits: 2 })
    const f = { currency: format.currency, number: (value: number) => numbers.format(value) }
    return (value: number, kind: Voucher['kind']) => voucherAmount(value, kind, t, f)
  }, [culture, format, t])
}
