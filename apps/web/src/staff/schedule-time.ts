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
