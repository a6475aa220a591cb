import { useMemo } from 'react'
import { datePattern } from '../../lib/date-patterns.ts'
import { useFormat, useSettings } from '../content/settings.tsx'

/**
 * Dates of activities as the visitor reads them: instants shown in the centre's zone and date
 * format, with the weekday and month names in the site's language ("Saturday 13/06/2026 10:00").
 */
export function useActivityFormat() {
  const { dateFormat } = useSettings()
  const format = useFormat()
  return useMemo(() => {
    const day = datePattern(dateFormat)
    const when = (instant: string) => format.date(instant, `EEEE ${day} HH:mm`)
    return {
      when,
      /** "Saturday 13/06/2026 10:00 – 13:00" on one day; both dates in full across days. */
      span: (start: string, end: string) => {
        const from = when(start)
        if (!end) return from
        const sameDay = format.date(start, day) === format.date(end, day)
        return `${from} – ${sameDay ? format.date(end, 'HH:mm') : when(end)}`
      },
    }
  }, [dateFormat, format])
}
