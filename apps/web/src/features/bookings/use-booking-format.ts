import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format.ts'
import { datePattern } from '../account/account-format.ts'
import { useFormat, useSettings } from '../content/settings.tsx'
import { wallClockToUtc } from './booking-rules.ts'

/**
 * Dates of bookings as the customer reads them. The server writes the centre's wall-clock time
 * (`yyyy-MM-dd HH:mm`, already in the centre's zone), so it is shown as it is, in the centre's date
 * format and the visitor's language, whatever zone the browser is in.
 */
export function useBookingFormat() {
  const settings = useSettings()
  const { currency } = useFormat()
  const { language } = useTranslation().i18n
  return useMemo(() => {
    const s = { ...settings, timeZone: 'UTC', language }
    const day = datePattern(settings.dateFormat)
    const wall = (text: string, pattern: string) => formatDate(wallClockToUtc(text), s, pattern)
    return {
      currency,
      /** "Tuesday 12/05/2026 18:00" */
      dateTime: (text: string) => wall(text, `EEEE ${day} HH:mm`),
      /** "Tuesday 12/05/2026" for a `yyyy-MM-dd` day. */
      day: (date: string) => wall(`${date} 00:00`, `EEEE ${day}`),
      /** "Tue 12/05" for a `yyyy-MM-dd` day: short, for buttons. */
      shortDay: (date: string) => wall(`${date} 00:00`, `EEE ${day}`),
    }
  }, [settings, currency, language])
}
