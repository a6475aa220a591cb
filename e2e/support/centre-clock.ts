// The demo centre's clock as the journeys read it: its time zone from its main settings, and its
// days and wall-clock times counted in that zone, whatever the zone of the machine running them.
// Journeys pick their days with these, never with the machine's own date: a journey must pass at
// any hour it runs, at 19:55 as at 00:10.
import { expect } from 'vitest'
import { baseUrl } from './server-under-test.ts'

let zone: Promise<string> | undefined

/** The centre's time zone (IANA), read once per file from its main settings. */
export function centreTimeZone(): Promise<string> {
  zone ??= (async () => {
    const res = await fetch(`${baseUrl()}/api/czconfigs/main-settings`)
    expect(res.status, 'reading the main settings').toBe(200)
    const { data } = (await res.json()) as { data: { timeZone: string } }
    return data.timeZone
  })()
  return zone
}

/** The centre's wall clock at `instant`, `yyyy-MM-dd HH:mm`: comparable as text with the API's times. */
export function wallClockIn(timeZone: string, instant: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`
}

/** The centre's wall clock now plus `minutes` (`yyyy-MM-dd HH:mm`). */
export async function centreWallClock(minutes = 0): Promise<string> {
  return wallClockIn(await centreTimeZone(), Date.now() + minutes * 60_000)
}

/** The calendar day `days` after `date` (`yyyy-MM-dd`). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** The centre's day `days` after today on its own clock (`yyyy-MM-dd`). */
export async function centreDay(days = 0): Promise<string> {
  return addDays((await centreWallClock()).slice(0, 10), days)
}
