import { sql } from 'drizzle-orm'
import {
  staffScheduleRoutes,
  type Locale,
  type StaffDay,
  type StaffScheduleItem,
} from '@clubhouse/contract/server'
import { rowsOf } from '../../db/client.ts'
import { toCachedAnswer, type CachedAnswer } from '../../http/cached-answer.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import { CATALOGUE_VERSION_KEY, type Catalogue } from './booking-catalogue.ts'
import { dayBounds, wallClockAt, weekdayOf, type LocalDate } from './centre-clock.ts'
import type { CourtContext } from './court-context.ts'
import { idList } from './court-holds.ts'
import { liveAt, SESSION_DAYS } from './place-live.ts'

/**
 * The desk's day (issue 23, item 3): one resource type's resources on one day of the centre, with
 * every booking, running hold, staff block and session that takes their time. Read from the same
 * rows the public day answers are, and kept per instance while the same versions hold (decision
 * 047): a booking made online, another desk's write or a hold that runs out shows in the next read.
 */

const MINUTE = 60_000
/** The grid of a day with nothing open: the working day of most centres. */
const DEFAULT_SPAN = { first: 8 * 60, last: 22 * 60 }

const iso = (ms: number) => new Date(ms).toISOString()
/** An instant as the drivers answer it (a Date from pg, a string from a raw PGlite row). */
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)))

interface KeptDay {
  versions: string
  /** When the day changes by the clock alone: a hold runs out. */
  validUntil: number
  answer: CachedAnswer<{ ok: true; data: StaffDay }>
}

/** The minute of the day `date` an instant falls at, cut to the day: 0 before it, 1440 after it. */
function minuteOfDay(instant: number, date: LocalDate, zone: string): number {
  const wall = wallClockAt(instant, zone)
  if (wall.date < date) return 0
  if (wall.date > date) return 1440
  return wall.minute
}

export function createDeskDay(ctx: CourtContext, opts: { maxKeptDays?: number } = {}) {
  const { db, catalogue, centre, clock } = ctx
  const maxKept = opts.maxKeptDays ?? 200
  const kept = new Map<string, KeptDay>()
  const building = new Map<string, Promise<KeptDay>>()

  /** The versions the day depends on, in one query: the catalogue's, the type's day and the sessions' day. */
  async function versionsOf(resourceTypeId: number, date: LocalDate) {
    const rows = rowsOf<{ resource_type_id: number; version: number }>(
      await db.execute(sql`select resource_type_id, version from availability_versions
        where (resource_type_id = ${CATALOGUE_VERSION_KEY.resourceTypeId} and day = ${CATALOGUE_VERSION_KEY.day})
          or (day = ${date} and resource_type_id in (${resourceTypeId}, ${SESSION_DAYS}))`),
    )
    const versionOf = (id: number) =>
      Number(rows.find((r) => Number(r.resource_type_id) === id)?.version ?? 0)
    return {
      catalogue: versionOf(CATALOGUE_VERSION_KEY.resourceTypeId),
      key: `${versionOf(CATALOGUE_VERSION_KEY.resourceTypeId)}|${versionOf(resourceTypeId)}|${versionOf(SESSION_DAYS)}`,
    }
  }

  /** The resource types in their order, the first of them being the one shown by default. */
  const typesOf = (cat: Catalogue) => [...cat.resourceTypes.values()].sort((a, b) => a.position - b.position)

  async function buildDay(
    cat: Catalogue,
    resourceTypeId: number | null,
    date: LocalDate,
    locale: Locale,
    now: number,
    zone: string,
  ): Promise<{ data: StaffDay; validUntil: number }> {
    const name = (text: Localised) => text[locale] || text['es-ES']
    const resources = resourceTypeId === null ? [] : (cat.resourcesOfType.get(resourceTypeId) ?? [])
    const weekday = weekdayOf(date)
    const { start, end } = dayBounds(date, zone)
    const resourceIds = resources.map((r) => r.id)
    const [blocks, sessions] = resourceIds.length
      ? await Promise.all([blocksOf(resourceIds, start, end, now), sessionsOf(resourceIds, start, end, now)])
      : [[], []]
    const contacts = await ctx.customers.contactsOf(
      blocks.flatMap((b) => (b.customer_id === null ? [] : [Number(b.customer_id)])),
    )
    let validUntil = Number.POSITIVE_INFINITY
    const items: StaffScheduleItem[] = []
    const place = (startsAt: number, endsAt: number) => ({
      startMinute: minuteOfDay(startsAt, date, zone),
      endMinute: minuteOfDay(endsAt, date, zone),
      startsAt: iso(startsAt),
      endsAt: iso(endsAt),
    })
    for (const b of blocks) {
      const startsAt = ms(b.starts)
      const endsAt = ms(b.ends)
      const holdEnd = b.hold_expires_at === null ? null : ms(b.hold_expires_at)
      if (holdEnd !== null) validUntil = Math.min(validUntil, holdEnd)
      const contact = b.customer_id === null ? undefined : contacts.get(Number(b.customer_id))
      const type = b.booking_type_id === null ? undefined : cat.typeById.get(Number(b.booking_type_id))
      items.push({
        kind: b.booking_id === null ? 'block' : holdEnd === null ? 'booking' : 'hold',
        id: Number(b.booking_id ?? b.id),
        resourceId: Number(b.resource_id),
        ...place(startsAt, endsAt),
        title: b.booking_id === null ? b.note : type ? name(type.name) : '',
        seriesId: b.booking_id === null ? (b.series_id ?? null) : null,
        customer:
          b.customer_id === null
            ? null
            : {
                id: Number(b.customer_id),
                name: contact ? `${contact.name} ${contact.surname}`.trim() : '',
                phone: contact?.phone ?? '',
                email: contact?.email ?? '',
              },
        priceCents: b.price_cents === null ? null : Number(b.price_cents),
        holdExpiresAt: holdEnd === null ? null : iso(holdEnd),
        participants: null,
        maxParticipants: null,
        waiting: null,
      })
    }
    for (const s of sessions) {
      const startsAt = ms(s.starts_at)
      const endsAt = startsAt + Number(s.duration_minutes) * MINUTE
      if (s.next_hold_end !== null) validUntil = Math.min(validUntil, ms(s.next_hold_end))
      const type = cat.typeById.get(Number(s.booking_type_id))
      const description = name(s.description as Localised)
      items.push({
        kind: 'session',
        id: Number(s.id),
        resourceId: Number(s.resource_id),
        ...place(startsAt, endsAt),
        title: description || (type ? name(type.name) : ''),
        seriesId: null,
        customer: null,
        priceCents: null,
        holdExpiresAt: null,
        participants: Number(s.participants),
        maxParticipants: Number(s.max_participants),
        waiting: Number(s.waiting),
      })
    }
    items.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.resourceId - b.resourceId)

    const shown = resources.map((r) => ({
      id: r.id,
      name: name(r.name),
      slotMinutes: r.slotMinutes,
      opening: r.openingHours
        .filter((o) => o.weekday === weekday)
        .map((o) => ({ opensMinute: o.opensMinute, closesMinute: o.closesMinute }))
        .sort((a, b) => a.opensMinute - b.opensMinute),
    }))
    const opens = shown.flatMap((r) => r.opening)
    const first = Math.min(...opens.map((o) => o.opensMinute), ...items.map((i) => i.startMinute))
    const last = Math.max(...opens.map((o) => o.closesMinute), ...items.map((i) => i.endMinute))
    const span = Number.isFinite(first) ? { first, last } : DEFAULT_SPAN
    return {
      validUntil,
      data: {
        date,
        today: wallClockAt(now, zone).date,
        zone,
        resourceTypes: typesOf(cat).map((t) => ({ id: t.id, name: name(t.name) })),
        resourceTypeId,
        resources: shown,
        bookingTypes:
          resourceTypeId === null
            ? []
            : cat.types
                .filter(
                  (t) =>
                    (!t.byPlace || t.allowCreateBookByPlace) && t.resourceTypeIds.includes(resourceTypeId),
                )
                .map((t) => ({
                  id: t.id,
                  name: name(t.name),
                  durations: t.durations.map((d) => d.minutes),
                  isOnline: t.isOnline,
                  followUps: t.related.map((r) => ({
                    resourceTypeId: r.resourceTypeId,
                    name: name(cat.resourceTypes.get(r.resourceTypeId)?.name ?? { 'es-ES': '', 'en-US': '' }),
                    optional: r.optional,
                    priceCents: r.priceCents,
                    resources: (cat.resourcesOfType.get(r.resourceTypeId) ?? []).map((f) => ({
                      id: f.id,
                      name: name(f.name),
                    })),
                  })),
                })),
        firstMinute: Math.floor(span.first / 60) * 60,
        lastMinute: Math.min(1440, Math.ceil(span.last / 60) * 60),
        items,
      },
    }
  }

  /** The live blocks meeting the day, with their bookings; holds that ran out are left out. */
  async function blocksOf(resourceIds: number[], start: number, end: number, now: number) {
    return rowsOf<{
      id: number
      resource_id: number
      starts: unknown
      ends: unknown
      note: string
      series_id: string | null
      booking_id: number | null
      customer_id: number | null
      booking_type_id: number | null
      price_cents: number | null
      hold_expires_at: unknown
    }>(
      await db.execute(sql`
        select b.id, b.resource_id, lower(b.during) as starts, upper(b.during) as ends, b.note, b.series_id,
          k.id as booking_id, k.customer_id, k.booking_type_id, k.price_cents,
          case when k.status = 'held' then k.hold_expires_at end as hold_expires_at
        from booking_blocks b left join bookings k on k.id = b.booking_id
        where b.released_at is null and b.resource_id in (${idList(resourceIds)})
          and b.during && tstzrange(${iso(start)}::timestamptz, ${iso(end)}::timestamptz)
          and (k.id is null or k.status = 'confirmed'
            or (k.status = 'held' and k.hold_expires_at > ${iso(now)}::timestamptz))
        order by lower(b.during), b.resource_id`),
    )
  }

  /** The sessions on these resources that start that day, with their live places and waiting lists. */
  async function sessionsOf(resourceIds: number[], start: number, end: number, now: number) {
    return rowsOf<{
      id: number
      resource_id: number
      booking_type_id: number
      starts_at: unknown
      duration_minutes: number
      max_participants: number
      description: unknown
      participants: number
      waiting: number
      next_hold_end: unknown
    }>(
      await db.execute(sql`
        select s.id, r.resource_id, s.booking_type_id, s.starts_at, s.duration_minutes,
          s.max_participants, s.description,
          (select count(*) from bookings where bookings.session_id = s.id and ${liveAt(now)})::int as participants,
          (select count(*) from place_session_waitlist w
            where w.session_id = s.id and w.status in ('waiting', 'offered'))::int as waiting,
          (select min(k.hold_expires_at) from bookings k
            where k.session_id = s.id and k.status = 'held' and k.hold_expires_at > ${iso(now)}::timestamptz)
            as next_hold_end
        from place_sessions s join place_session_resources r on r.session_id = s.id
        where r.resource_id in (${idList(resourceIds)})
          and s.starts_at >= ${iso(start)}::timestamptz and s.starts_at < ${iso(end)}::timestamptz
        order by s.starts_at, r.resource_id`),
    )
  }

  /**
   * The day's answer, ready to send: made once per type, day, language and versions, and again when
   * a hold it shows runs out. Requests for the same day while it is made share the making.
   */
  async function day(input: {
    date?: LocalDate | undefined
    resourceTypeId?: number | undefined
    locale: Locale
  }): Promise<CachedAnswer<{ ok: true; data: StaffDay }>> {
    const now = clock()
    const { zone } = await centre()
    const date = input.date ?? wallClockAt(now, zone).date
    const latest = await catalogue.catalogue()
    if (input.resourceTypeId !== undefined && !latest.resourceTypes.has(input.resourceTypeId)) {
      throw new AppError('not_found', 'This resource type was not found.')
    }
    const resourceTypeId = input.resourceTypeId ?? typesOf(latest)[0]?.id ?? null
    const versions =
      resourceTypeId === null
        ? { catalogue: latest.version, key: `${latest.version}` }
        : await versionsOf(resourceTypeId, date)
    const key = `${resourceTypeId}|${date}|${input.locale}`
    const found = kept.get(key)
    // The day's "today" moves at the centre's midnight.
    const today = wallClockAt(now, zone).date
    if (
      found &&
      found.versions === versions.key &&
      now < found.validUntil &&
      found.answer.data.data.today === today
    ) {
      return found.answer
    }
    const buildKey = `${key}|${versions.key}`
    let pending = building.get(buildKey)
    if (!pending) {
      pending = (async () => {
        const cat = await catalogue.catalogueAt(versions.catalogue)
        const known = resourceTypeId === null || cat.resourceTypes.has(resourceTypeId) ? resourceTypeId : null
        const built = await buildDay(cat, known, date, input.locale, now, zone)
        const answer = toCachedAnswer(staffScheduleRoutes.staffSchedule.response, {
          ok: true,
          data: built.data,
        })
        const entry = { versions: versions.key, validUntil: built.validUntil, answer }
        if (kept.size >= maxKept) kept.delete(kept.keys().next().value!)
        kept.set(key, entry)
        return entry
      })().finally(() => building.delete(buildKey))
      building.set(buildKey, pending)
    }
    return (await pending).answer
  }

  return { day }
}

export type DeskDay = ReturnType<typeof createDeskDay>
