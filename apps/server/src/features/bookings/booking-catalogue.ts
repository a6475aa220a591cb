import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inUnit, type Units } from '../../db/units.ts'
import { publicDataChanged } from '../../http/public-changes.ts'
import type { Localised } from '../../lib/localised.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import {
  availabilityVersions,
  bookingPriceRules,
  bookingTypeDurations,
  bookingTypeRelatedTypes,
  bookingTypeResourceTypes,
  bookingTypes,
  resourceOpeningHours,
  resources,
  resourceTypes,
} from './bookings.tables.ts'
import { fromPriceCents, type OpeningRange, type PriceRule } from './slot-grid.ts'

/**
 * The booking catalogue: booking types with their durations, price rules and follow-ups, resource
 * types, resources and their timetables. It changes rarely (the centre's staff, the seed), and every
 * day answer reads it, so each instance keeps a copy in memory tagged with the catalogue's version
 * (a counter in `availability_versions`, bumped in the unit of work of any change): a copy whose
 * version is not the database's is read again (decision 047).
 */

/** The catalogue's row in `availability_versions`. */
export const CATALOGUE_VERSION_KEY = { resourceTypeId: 0, day: '2000-01-01' } as const

export interface CatalogueType {
  id: number
  name: Localised
  category: Localised
  image: string
  description: Localised
  extendedDescription: Localised
  grossPriceCents: number
  taxPercent: number
  showInMainPage: boolean
  byPlace: boolean
  allowCreateBookByPlace: boolean
  isOnline: boolean
  anticipationMinutes: number
  anticipationText: Localised
  cancellationMinutes: number
  cancellationText: Localised
  /** Booked online up to this many days after the centre's today (decision 074). */
  daysAhead: number
  position: number
  /** The resource types it books. */
  resourceTypeIds: number[]
  /** Offered durations, shortest first, with their base prices. */
  durations: Array<{ minutes: number; priceCents: number }>
  rules: PriceRule[]
  /** Follow-up resource types in the order they are offered, with what each adds and whether it may be declined. */
  related: Array<{ resourceTypeId: number; priceCents: number; optional: boolean }>
}

export interface CatalogueResource {
  id: number
  resourceTypeId: number
  name: Localised
  image: string
  description: Localised
  slotMinutes: number
  isActive: boolean
  position: number
  openingHours: OpeningRange[]
}

export interface Catalogue {
  version: number
  /** Ordered by position. */
  types: CatalogueType[]
  typeById: Map<number, CatalogueType>
  resourceTypes: Map<number, { id: number; name: Localised; position: number }>
  resourceById: Map<number, CatalogueResource>
  /** Active resources of each resource type, by position. */
  resourcesOfType: Map<number, CatalogueResource[]>
}

/** What the seed and the tests write: items named by keys of their own, linked by those keys. */
export interface CatalogueInput {
  resourceTypes: Array<{ key: string; name: Localised }>
  resources: Array<{
    key: string
    typeKey: string
    name: Localised
    image?: string
    description: Localised
    slotMinutes: number
    openingHours: OpeningRange[]
  }>
  bookingTypes: Array<{
    key: string
    name: Localised
    category: Localised
    image?: string
    description: Localised
    extendedDescription: Localised
    taxPercent?: number
    showInMainPage: boolean
    byPlace?: boolean
    allowCreateBookByPlace?: boolean
    isOnline?: boolean
    anticipationMinutes: number
    anticipationText: Localised
    cancellationMinutes: number
    cancellationText: Localised
    /** 14 when not given. */
    daysAhead?: number
    resourceTypeKeys: string[]
    durations: Array<{ minutes: number; priceCents: number }>
    priceRules?: Array<Omit<PriceRule, 'id'>>
    related?: Array<{ typeKey: string; priceCents: number; optional?: boolean }>
  }>
}

export interface CatalogueIds {
  resourceTypes: Map<string, number>
  resources: Map<string, number>
  bookingTypes: Map<string, number>
}

type Rows<T> = { rows: T[] }

export function createBookingCatalogue(db: Db, units: Units) {
  let cached: Catalogue | undefined
  let loading: Promise<Catalogue> | undefined

  /** The catalogue's version in the database. */
  async function currentVersion(): Promise<number> {
    const res = (await db.execute(
      sql`select version from availability_versions
          where resource_type_id = ${CATALOGUE_VERSION_KEY.resourceTypeId} and day = ${CATALOGUE_VERSION_KEY.day}`,
    )) as unknown as Rows<{ version: number }>
    return Number(res.rows[0]?.version ?? 0)
  }

  async function load(version: number): Promise<Catalogue> {
    const typeRows = await db
      .select()
      .from(bookingTypes)
      .orderBy(asc(bookingTypes.position), asc(bookingTypes.id))
    const links = await db.select().from(bookingTypeResourceTypes)
    const durations = await db.select().from(bookingTypeDurations).orderBy(asc(bookingTypeDurations.minutes))
    const rules = await db.select().from(bookingPriceRules).orderBy(asc(bookingPriceRules.id))
    const related = await db
      .select()
      .from(bookingTypeRelatedTypes)
      .orderBy(asc(bookingTypeRelatedTypes.position), asc(bookingTypeRelatedTypes.resourceTypeId))
    const rtRows = await db
      .select()
      .from(resourceTypes)
      .orderBy(asc(resourceTypes.position), asc(resourceTypes.id))
    const resourceRows = await db.select().from(resources).orderBy(asc(resources.position), asc(resources.id))
    const hours = await db.select().from(resourceOpeningHours).orderBy(asc(resourceOpeningHours.opensMinute))

    const types = typeRows.map((row): CatalogueType => ({
      ...row,
      resourceTypeIds: links.filter((l) => l.bookingTypeId === row.id).map((l) => l.resourceTypeId),
      durations: durations
        .filter((d) => d.bookingTypeId === row.id)
        .map((d) => ({ minutes: d.minutes, priceCents: d.priceCents })),
      rules: rules.filter((r) => r.bookingTypeId === row.id).map(({ bookingTypeId: _, ...rule }) => rule),
      related: related
        .filter((r) => r.bookingTypeId === row.id)
        .map((r) => ({ resourceTypeId: r.resourceTypeId, priceCents: r.priceCents, optional: r.optional })),
    }))
    const resourceList = resourceRows.map((row): CatalogueResource => ({
      ...row,
      openingHours: hours
        .filter((h) => h.resourceId === row.id)
        .map((h) => ({ weekday: h.weekday, opensMinute: h.opensMinute, closesMinute: h.closesMinute })),
    }))
    const resourcesOfType = new Map<number, CatalogueResource[]>()
    for (const r of resourceList) {
      if (!r.isActive) continue
      const list = resourcesOfType.get(r.resourceTypeId) ?? []
      list.push(r)
      resourcesOfType.set(r.resourceTypeId, list)
    }
    return {
      version,
      types,
      typeById: new Map(types.map((t) => [t.id, t])),
      resourceTypes: new Map(rtRows.map((r) => [r.id, r])),
      resourceById: new Map(resourceList.map((r) => [r.id, r])),
      resourcesOfType,
    }
  }

  /**
   * The catalogue at `version` (read it with `currentVersion`, or with a day's versions): this
   * instance's copy when it is that version, else read again. Inside a unit of work it is read
   * through the unit and not kept.
   */
  async function catalogueAt(version: number): Promise<Catalogue> {
    if (cached?.version === version) return cached
    if (inUnit()) return load(version)
    if (!loading) {
      loading = load(version)
        .then((c) => {
          if (!cached || c.version >= cached.version) cached = c
          return c
        })
        .finally(() => (loading = undefined))
    }
    const loaded = await loading
    return loaded.version === version ? loaded : catalogueAt(version)
  }

  /** The catalogue as the database has it now. */
  async function catalogue(): Promise<Catalogue> {
    return catalogueAt(await currentVersion())
  }

  /** This instance's copy, if it has one (its version may be old: check it against the database). */
  const lastKnown = () => cached

  /** Counts a change of the catalogue, in the caller's unit of work. */
  async function bumpCatalogueVersion() {
    publicDataChanged()
    await db
      .insert(availabilityVersions)
      .values({ ...CATALOGUE_VERSION_KEY })
      .onConflictDoUpdate({
        target: [availabilityVersions.resourceTypeId, availabilityVersions.day],
        set: { version: sql`${availabilityVersions.version} + 1` },
      })
  }

  /**
   * Writes resource types, resources with their timetables and booking types with their durations,
   * rules and follow-ups, in one unit of work. Each booking type's "from" price is worked out here
   * from its durations and general rules.
   */
  function createCatalogue(input: CatalogueInput, opts: { position?: number } = {}): Promise<CatalogueIds> {
    return units.run(async () => {
      const ids: CatalogueIds = { resourceTypes: new Map(), resources: new Map(), bookingTypes: new Map() }
      const base = opts.position ?? 0
      const keyed = (map: Map<string, number>, key: string, what: string) => {
        const id = map.get(key)
        if (id === undefined) throw new Error(`The booking catalogue names an unknown ${what} "${key}".`)
        return id
      }
      for (const [i, rt] of input.resourceTypes.entries()) {
        const [row] = await db
          .insert(resourceTypes)
          .values({ name: rt.name, position: base + i })
          .returning({ id: resourceTypes.id })
        ids.resourceTypes.set(rt.key, row!.id)
      }
      for (const [i, r] of input.resources.entries()) {
        const [row] = await db
          .insert(resources)
          .values({
            resourceTypeId: keyed(ids.resourceTypes, r.typeKey, 'resource type'),
            name: r.name,
            image: r.image ?? '',
            description: r.description,
            slotMinutes: r.slotMinutes,
            position: base + i,
          })
          .returning({ id: resources.id })
        ids.resources.set(r.key, row!.id)
        if (r.openingHours.length) {
          await db
            .insert(resourceOpeningHours)
            .values(r.openingHours.map((h) => ({ ...h, resourceId: row!.id })))
        }
      }
      for (const [i, t] of input.bookingTypes.entries()) {
        const rules = (t.priceRules ?? []).map((rule, k) => ({ ...rule, id: k }))
        const [row] = await db
          .insert(bookingTypes)
          .values({
            name: t.name,
            category: t.category,
            image: t.image ?? '',
            description: t.description,
            extendedDescription: {
              'es-ES': sanitizeCmsHtml(t.extendedDescription['es-ES']),
              'en-US': sanitizeCmsHtml(t.extendedDescription['en-US']),
            },
            grossPriceCents: fromPriceCents(t.durations, rules),
            taxPercent: t.taxPercent ?? 21,
            showInMainPage: t.showInMainPage,
            byPlace: t.byPlace ?? false,
            allowCreateBookByPlace: t.allowCreateBookByPlace ?? false,
            isOnline: t.isOnline ?? true,
            anticipationMinutes: t.anticipationMinutes,
            anticipationText: t.anticipationText,
            cancellationMinutes: t.cancellationMinutes,
            cancellationText: t.cancellationText,
            daysAhead: t.daysAhead ?? 14,
            position: base + i,
          })
          .returning({ id: bookingTypes.id })
        const id = row!.id
        ids.bookingTypes.set(t.key, id)
        if (t.resourceTypeKeys.length) {
          await db.insert(bookingTypeResourceTypes).values(
            t.resourceTypeKeys.map((key) => ({
              bookingTypeId: id,
              resourceTypeId: keyed(ids.resourceTypes, key, 'resource type'),
            })),
          )
        }
        if (t.durations.length) {
          await db.insert(bookingTypeDurations).values(t.durations.map((d) => ({ ...d, bookingTypeId: id })))
        }
        if (t.priceRules?.length) {
          await db.insert(bookingPriceRules).values(t.priceRules.map((r) => ({ ...r, bookingTypeId: id })))
        }
        if (t.related?.length) {
          await db.insert(bookingTypeRelatedTypes).values(
            t.related.map((r, position) => ({
              bookingTypeId: id,
              resourceTypeId: keyed(ids.resourceTypes, r.typeKey, 'resource type'),
              priceCents: r.priceCents,
              optional: r.optional ?? false,
              position,
            })),
          )
        }
      }
      await bumpCatalogueVersion()
      return ids
    })
  }

  /** Makes a follow-up type of a booking type optional or required (the desk's switch; tests). */
  function setFollowUpOptional(
    bookingTypeId: number,
    resourceTypeId: number,
    optional: boolean,
  ): Promise<void> {
    return units.run(async () => {
      await db
        .update(bookingTypeRelatedTypes)
        .set({ optional })
        .where(
          and(
            eq(bookingTypeRelatedTypes.bookingTypeId, bookingTypeId),
            eq(bookingTypeRelatedTypes.resourceTypeId, resourceTypeId),
          ),
        )
      await bumpCatalogueVersion()
    })
  }

  /** Switches a booking type's online offer on or off (the desk's switch; tests). */
  function setTypeOnline(bookingTypeId: number, isOnline: boolean): Promise<void> {
    return units.run(async () => {
      await db.update(bookingTypes).set({ isOnline }).where(eq(bookingTypes.id, bookingTypeId))
      await bumpCatalogueVersion()
    })
  }

  /** Switches resources off or on (a court closed for works). */
  function setResourcesActive(resourceIds: number[], isActive: boolean): Promise<void> {
    return units.run(async () => {
      if (resourceIds.length) {
        await db.update(resources).set({ isActive }).where(inArray(resources.id, resourceIds))
      }
      await bumpCatalogueVersion()
    })
  }

  return {
    catalogue,
    catalogueAt,
    currentVersion,
    lastKnown,
    createCatalogue,
    setTypeOnline,
    setFollowUpOptional,
    setResourcesActive,
  }
}

export type BookingCatalogue = ReturnType<typeof createBookingCatalogue>
