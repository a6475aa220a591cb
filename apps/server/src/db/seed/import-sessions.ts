import type { Services } from '../../services.ts'
import type { CatalogueIds } from '../../features/bookings/booking-catalogue.ts'
import type { NewSession } from '../../features/bookings/place-bookings.service.ts'
import { addDays, instantAt, wallClockAt, weekdayOf } from '../../features/bookings/centre-clock.ts'
import { minutesOf, WEEKDAY_NUMBER, type DemoSessions } from './demo-data.ts'

const MINUTE = 60_000
/** How far ahead the demo's sessions go from the seed's day. */
const DAYS_AHEAD = 14
/** Places are handed out this many places apart (prime to any map of fewer than 97 places): spread out. */
const PLACE_STEP = 23

/** A template's places: each section's columns of each row, named row letter and number across sections. */
export function templatePlaces(template: DemoSessions['templates'][number]) {
  return template.rows.flatMap((row, r) => {
    let before = 0
    return template.sections.flatMap((section) => {
      const first = before
      before += section.columns
      return Array.from({ length: section.columns }, (_, c) => {
        const label = `${row}${first + c + 1}`
        return {
          place: label,
          config: {
            ref: template.placeKind,
            trans: [section.x + c * section.dx, section.y + r * section.dy] as [number, number],
            rot: section.rot,
            label,
            row: r + 1,
            col: first + c + 1,
            section: section.name,
            id: `${template.placeKind}-${label}`,
          },
        }
      })
    })
  })
}

/**
 * The demo club's classes booked by place, through the services: its members (accounts without a
 * password, as the desk opens them), the place maps, the sessions of each weekly series over the two
 * weeks from `now` on the centre's clock (decision 049), and how full some of them are — places taken
 * at the desk and waiting lists (decision 063).
 */
export async function importDemoSessions(
  services: Pick<Services, 'customers' | 'placeBookings'>,
  data: DemoSessions,
  opts: { zone: string; now: number; customerIds: Map<string, number>; catalogue: CatalogueIds },
): Promise<void> {
  const since = new Date(data.membersSince)
  const people = new Map(opts.customerIds)
  for (const m of data.members) {
    const id = await services.customers.importCustomer({
      customer: {
        email: `${m.key}@socios.clubmistral.es`,
        passwordHash: null,
        name: m.name,
        surname: m.surname,
        language: m.language,
        acceptConditions: true,
        activatedAt: since,
        createdAt: since,
        updatedAt: since,
      },
    })
    people.set(m.key, id)
  }

  const templates = new Map<string, { id: number; placeIds: number[] }>()
  for (const t of data.templates) {
    templates.set(
      t.key,
      await services.placeBookings.createTemplate({
        name: t.name,
        imageMap: t.image.file,
        mapConfig: t.map,
        allowSeeParticipants: t.allowSeeParticipants,
        places: templatePlaces(t),
      }),
    )
  }

  const today = wallClockAt(opts.now, opts.zone).date
  const planned: Array<{ series: string; date: string; session: NewSession }> = []
  for (const s of data.series) {
    const weekdays = new Set(s.days.map((d) => WEEKDAY_NUMBER[d]))
    for (let d = 0; d < DAYS_AHEAD; d++) {
      const date = addDays(today, d)
      const start = instantAt(date, minutesOf(s.at), opts.zone)
      if (!weekdays.has(weekdayOf(date)) || start === undefined || start <= opts.now) continue
      planned.push({
        series: s.key,
        date,
        session: {
          bookingTypeId: opts.catalogue.bookingTypes.get(s.type)!,
          templateId: s.template === null ? null : templates.get(s.template)!.id,
          startsAt: new Date(start),
          durationMinutes: s.minutes,
          maxParticipants: s.maxParticipants,
          minLevel: s.levels?.[0] ?? null,
          maxLevel: s.levels?.[1] ?? null,
          priceCents: s.priceCents,
          description: s.description,
          resourceIds: s.resources.map((key) => opts.catalogue.resources.get(key)!),
        },
      })
    }
  }
  planned.sort((a, b) => a.session.startsAt.getTime() - b.session.startsAt.getTime())
  const sessionIds = await services.placeBookings.createSessions(planned.map((p) => p.session))

  const used = new Set<number>()
  for (const [i, state] of data.states.entries()) {
    const from = addDays(today, state.inDays)
    const k = planned.findIndex((p) => p.series === state.series && p.date >= from)
    if (k < 0 || used.has(k)) {
      throw new Error(`sessions.json: states[${i}] names no session of its own of "${state.series}"`)
    }
    used.add(k)
    const series = data.series.find((s) => s.key === state.series)!
    const placeIds = series.template === null ? [] : templates.get(series.template)!.placeIds
    const named = new Set([...state.customers, ...state.waiting])
    const free = data.members.filter((m) => !named.has(m.key))
    const offset = (i * 7) % free.length
    const members = [...free.slice(offset), ...free.slice(0, offset)].slice(0, state.members)
    const booked = [...state.customers, ...members.map((m) => m.key)]
    await services.placeBookings.importSessionState({
      sessionId: sessionIds[k]!,
      booked: booked.map((key, n) => ({
        customerId: people.get(key)!,
        placeId: placeIds.length ? placeIds[(n * PLACE_STEP) % placeIds.length]! : null,
      })),
      waiting: state.waiting.map((key) => people.get(key)!),
      createdAt: new Date(opts.now - 60 * MINUTE),
    })
  }
}
