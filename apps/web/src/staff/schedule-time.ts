import { wallClockAt } from '../features/bookings/booking-rules.ts'

/** `HH:mm` of a minute from midnight (1440 reads 24:00, the end of the day). */
export function hourMinute(minute: number): string {
  const h = Math.floor(minute / 60)
  const m = minute % 60
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
}

/** The day and the minute from midnight of an instant in the centre's zone: where the present time goes. */
export function minuteIn(instant: number, zone: string): { date: string; minute: number } {
  const wall = wallClockAt(instant, zone)
  return { date: wall.slice(0, 10), minute: Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)) }
}

/**
 * The minute from midnight of `HH:mm` as a time field gives it; undefined for anything else. An end
 * of `00:00` after a start reads as the next midnight (1440), as a block to the end of the day needs.
 */
export function minuteOf(time: string, { asEnd = false } = {}): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(time)
  if (!match) return undefined
  const h = Number(match[1])
  const m = Number(match[2])
  if (h > 23 || m > 59) return undefined
  const minute = h * 60 + m
  return asEnd && minute === 0 ? 1440 : minute
}

/** "jueves, 3 de diciembre de 2026" as each language writes a day, its first letter capital. */
export function longDay(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const text = new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d, 12))
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1)
}
