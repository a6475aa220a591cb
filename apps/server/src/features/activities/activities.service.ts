import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import {
  ActivityErrorCode,
  FormIdentifier,
  SaleErrorCode,
  type Activity,
  type ActivityListItem,
  type CartSaleModel,
  type InscriptionAnswer,
  type Locale,
} from '@clubhouse/contract'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import type { FormsService } from '../forms/forms.service.ts'
import type { CustomerLimits } from '../holds/customer-limits.ts'
import { heldRows, openHoldSale, type Holds } from '../holds/holds.ts'
import type { SaleDetail, SaleHooks } from '../sales/sale-hooks.ts'
import type { Sale as SaleRow, SalesService } from '../sales/sales.service.ts'
import { activities, activityInscriptions, InscriptionStatus } from './activities.tables.ts'

const MINUTE = 60_000

// ---------------------------------------------------------------------------------------------
// Refusals

const activityNotFound = () => new AppError('not_found', 'This activity was not found.')
const inscriptionNotFound = () => new AppError('not_found', 'This sign-up was not found.')
const signUpClosed = () =>
  new AppError(ActivityErrorCode.signUpClosed, 'This activity takes no sign-ups online.', { status: 422 })
const alreadyIn = () =>
  new AppError(ActivityErrorCode.alreadyIn, 'You are already signed up to this activity.', { status: 409 })
const activityFull = () =>
  new AppError(ActivityErrorCode.activityFull, 'There are no places left in this activity.', { status: 409 })
const formRequired = () =>
  new AppError(ActivityErrorCode.formRequired, 'Fill in the sign-up form of this activity first.', {
    status: 422,
  })
const alreadyConfirmed = () =>
  new AppError(
    SaleErrorCode.saleNotPayable,
    'This sign-up is confirmed and cannot be removed from the cart.',
    {
      status: 409,
    },
  )

/** The database's refusal of a second live sign-up of one customer (migration 0011). */
const LIVE_ONCE = { activity_inscriptions_live_key: alreadyIn }

/** A new activity, as the seed and the tests write it. */
export interface NewActivity {
  name: Localised
  /** HTML; sanitised on the way in. */
  description: Localised
  poster?: string
  startsAt: Date
  endsAt: Date
  onlineSignUp?: boolean
  priceCents?: number
  taxPercent?: number
  capacity?: number | null
  position?: number
  /** Customers signed up already (at the desk): confirmed sign-ups without a sale. */
  signedUp?: number[]
}

export interface ActivitiesDeps {
  units: Units
  sales: SalesService
  /** An activity's sign-up form, and whether a customer has sent it. */
  forms: Pick<FormsService, 'findFormId' | 'hasSent'>
  /** Where paying a sign-up's sale confirms it (the checkout pays). */
  saleHooks?: SaleHooks
  /** Where the holds of sign-ups are registered (decision 072). */
  holds: Holds
  /** What one customer may hold and sign up to free (decision 074). */
  limits: CustomerLimits
  /** The clock of holds and of what has ended (tests move it). */
  clock: () => number
  holdMinutes: number
}

type ActivityRow = typeof activities.$inferSelect

/** The title of a sign-up's sale, as the cart and the pending sales read it. */
const signUpTitle = (activity: ActivityRow): Localised => ({
  'es-ES': `Inscripción: ${activity.name['es-ES']}`,
  'en-US': `Sign-up: ${activity.name['en-US']}`,
})

/** Sign-ups that take a place at `now`: confirmed ones, and holds that have not run out. */
const liveAt = (now: number) =>
  sql`(${activityInscriptions.status} = 'confirmed' or (${activityInscriptions.status} = 'held' and ${activityInscriptions.holdExpiresAt} > ${new Date(now).toISOString()}::timestamptz))`

/**
 * Activities and their sign-up (spec 2 §2 Activities, §3, §4): the open ones, one with its places
 * left and whether it asks its own sign-up form, and the sign-up itself — confirmed at once when
 * free, held with a sale the cart pays when not. Places are counted under a lock on the activity's
 * row, in the unit that writes the sign-up: two customers racing for the last place cannot both
 * take it. A hold that ran out stops counting, and is released by the next sign-up or the sweep.
 */
export function createActivitiesService(db: Db, deps: ActivitiesDeps) {
  const { units, sales, clock } = deps

  /** Writes activities in their order (and their desk sign-ups); answers their ids. */
  async function createActivities(list: NewActivity[]): Promise<number[]> {
    if (list.length === 0) return []
    const rows = await db
      .insert(activities)
      .values(
        list.map((a, i) => ({
          name: a.name,
          description: {
            'es-ES': sanitizeCmsHtml(a.description['es-ES']),
            'en-US': sanitizeCmsHtml(a.description['en-US']),
          },
          poster: a.poster ?? '',
          startsAt: a.startsAt,
          endsAt: a.endsAt,
          onlineSignUp: a.onlineSignUp ?? true,
          priceCents: a.priceCents ?? 0,
          taxPercent: a.taxPercent ?? 21,
          capacity: a.capacity ?? null,
          position: a.position ?? i,
        })),
      )
      .returning({ id: activities.id })
    const signUps = list.flatMap((a, i) =>
      (a.signedUp ?? []).map((customerId) => ({
        activityId: rows[i]!.id,
        customerId,
        status: InscriptionStatus.Confirmed,
      })),
    )
    if (signUps.length) await db.insert(activityInscriptions).values(signUps)
    return rows.map((r) => r.id)
  }

  /** The places live sign-ups take: confirmed ones, and holds that have not run out at `now`. */
  async function takenPlaces(activityIds: number[], now: number): Promise<Map<number, number>> {
    if (activityIds.length === 0) return new Map()
    const rows = await db
      .select({ activityId: activityInscriptions.activityId, n: sql<number>`count(*)::int` })
      .from(activityInscriptions)
      .where(and(inArray(activityInscriptions.activityId, activityIds), liveAt(now)))
      .groupBy(activityInscriptions.activityId)
    return new Map(rows.map((r) => [r.activityId, Number(r.n)]))
  }

  const isOpen = (row: ActivityRow, now: number) => row.onlineSignUp && row.endsAt.getTime() > now

  /** The activities open to sign up (online, not ended), soonest first. */
  async function list(locale: Locale): Promise<ActivityListItem[]> {
    const rows = await db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.onlineSignUp, true),
          gt(activities.endsAt, sql`${new Date(clock()).toISOString()}::timestamptz`),
        ),
      )
      .orderBy(asc(activities.startsAt), asc(activities.position), asc(activities.id))
    return rows.map((r) => ({
      id: r.id,
      name: r.name[locale],
      poster: imageUrl(r.poster),
      start: r.startsAt.toISOString(),
    }))
  }

  /** The sign-up form of an activity, when it asks one. */
  async function signUpFormOf(activityId: number): Promise<number | undefined> {
    return deps.forms.findFormId(FormIdentifier.Activity, activityId)
  }

  async function liveInscriptionOf(activityId: number, customerId: number, now = clock()) {
    const [row] = await db
      .select({
        id: activityInscriptions.id,
        status: activityInscriptions.status,
        saleId: activityInscriptions.saleId,
        holdExpiresAt: activityInscriptions.holdExpiresAt,
      })
      .from(activityInscriptions)
      .where(
        and(
          eq(activityInscriptions.activityId, activityId),
          eq(activityInscriptions.customerId, customerId),
          liveAt(now),
        ),
      )
    return row
  }

  /**
   * The customer's sign-up to an activity as its page tells it: in (confirmed), or held with the
   * sale the cart pays until the hold runs out, or neither.
   */
  async function signUpOf(row: ActivityRow, customerId: number | undefined, now: number, locale: Locale) {
    const live = customerId ? await liveInscriptionOf(row.id, customerId, now) : undefined
    if (!live || live.status === InscriptionStatus.Confirmed) return { alreadyIn: !!live, held: null }
    const sale = live.saleId === null ? undefined : await sales.findSale(live.saleId, customerId!)
    if (!sale || sale.status !== 'pending') return { alreadyIn: false, held: null }
    return { alreadyIn: false, held: cartSaleOf(row, sale, live.id, live.holdExpiresAt!, locale) }
  }

  /** A sign-up's sale as the cart holds it. */
  const cartSaleOf = (
    activity: ActivityRow,
    sale: Pick<SaleRow, 'id' | 'saleNumber' | 'totalCents' | 'paidCents' | 'customerId'>,
    inscriptionId: number,
    holdExpiresAt: Date,
    locale: Locale,
  ) => ({
    id: sale.id,
    title: signUpTitle(activity)[locale],
    saleNumber: sale.saleNumber,
    pending: (sale.totalCents - sale.paidCents) / 100,
    paid: sale.paidCents / 100,
    cancelUrl: cancelUrlOf(inscriptionId, sale.customerId),
    holdExpiresAt: holdExpiresAt.toISOString(),
  })

  /**
   * One activity with its places left, whether it asks a sign-up form, and this customer's sign-up:
   * in (confirmed), or held until its sale is paid.
   */
  async function one(
    id: number,
    customerId: number | undefined,
    locale: Locale,
  ): Promise<{ model: Activity; hasCustomSignUp: boolean; alreadyIn: boolean; held: CartSaleModel | null }> {
    const [row] = await db.select().from(activities).where(eq(activities.id, id))
    if (!row) throw activityNotFound()
    const now = clock()
    const taken = (await takenPlaces([id], now)).get(id) ?? 0
    return {
      model: {
        id: row.id,
        name: row.name[locale],
        poster: imageUrl(row.poster),
        start: row.startsAt.toISOString(),
        end: row.endsAt.toISOString(),
        description: row.description[locale],
        onlineSignUp: isOpen(row, now),
        price: row.priceCents / 100,
        capacity: row.capacity,
        placesLeft: row.capacity === null ? null : Math.max(0, row.capacity - taken),
      },
      hasCustomSignUp: (await signUpFormOf(id)) !== undefined,
      ...(await signUpOf(row, customerId, now, locale)),
    }
  }

  // Holds of sign-ups (decision 072), under their activities' locks: a sign-up keeps its hold's end
  // only while held.
  const signUps = heldRows({ db, units, sales }, activityInscriptions, {
    under: { table: activities, id: activities.id, by: activityInscriptions.activityId },
    endOnlyWhileHeld: true,
  })

  /**
   * Releases the holds of an activity that ran out at `now` (expired, their pending sales
   * cancelled); answers how many. Under the activity's lock, in the caller's unit.
   */
  async function releaseExpiredHolds(activityId: number, now: number) {
    return (await signUps.expire(now, eq(activityInscriptions.activityId, activityId))).length
  }

  /** Locks an activity's row for the rest of the unit: its places are counted and taken under it. */
  async function lockActivity(activityId: number) {
    const [row] = await db.select().from(activities).where(eq(activities.id, activityId)).for('update')
    return row
  }

  /**
   * Signs a customer up, in one unit of work under a lock on the activity's row: closed (422
   * `sign_up_closed`), signed up already (409 `already_in`), no place left (409 `activity_full`),
   * its sign-up form not sent (422 `form_required`). Free: confirmed, nothing to pay (model null).
   * Paid: held until the hold runs out, with the sale the cart pays. Nothing is kept of a refusal.
   */
  function inscribe(activityId: number, customerId: number, locale: Locale): Promise<InscriptionAnswer> {
    return units.run(
      async () => {
        const now = clock()
        const activity = await lockActivity(activityId)
        if (!activity) throw activityNotFound()
        if (!isOpen(activity, now)) throw signUpClosed()
        await releaseExpiredHolds(activityId, now)
        if (await liveInscriptionOf(activityId, customerId)) throw alreadyIn()
        if (activity.capacity !== null) {
          const taken = (await takenPlaces([activityId], now)).get(activityId) ?? 0
          if (taken >= activity.capacity) throw activityFull()
        }
        const formId = await signUpFormOf(activityId)
        if (formId !== undefined) {
          if (!(await deps.forms.hasSent(formId, customerId))) throw formRequired()
        }

        const free = activity.priceCents === 0
        await deps.limits.admit(customerId, { free, startsAt: activity.startsAt.getTime(), now })
        const holdExpiresAt = free ? null : new Date(now + deps.holdMinutes * MINUTE)
        const sale = await openHoldSale(sales, {
          customerId,
          title: signUpTitle(activity),
          services: [
            {
              name: activity.name,
              image: activity.poster,
              priceCents: activity.priceCents,
              taxPercent: activity.taxPercent,
            },
          ],
          at: new Date(now),
          holdExpiresAt,
        })
        const [inscription] = await db
          .insert(activityInscriptions)
          .values({
            activityId,
            customerId,
            status: free ? InscriptionStatus.Confirmed : InscriptionStatus.Held,
            saleId: sale?.id ?? null,
            holdExpiresAt,
            createdAt: new Date(now),
          })
          .returning({ id: activityInscriptions.id })
        if (!sale) return { ok: true as const, errorMsg: null, model: null }

        return {
          ok: true as const,
          errorMsg: null,
          model: {
            ...cartSaleOf(activity, sale, inscription!.id, holdExpiresAt!, locale),
            ctk: null,
            description: activity.name[locale],
          },
        }
      },
      { conflicts: LIVE_ONCE },
    )
  }

  const cancelUrlOf = (inscriptionId: number, customerId: number) =>
    `publicactivities/cancel/${inscriptionId}/${customerId}`

  /**
   * The cart removes a held sign-up: the hold is released and its sale cancelled. One already
   * cancelled (or run out) stays so; a confirmed one is not the cart's to remove (409).
   */
  function cancel(inscriptionId: number, customerId: number): Promise<void> {
    return units.run(async () => {
      const [row] = await db
        .select()
        .from(activityInscriptions)
        .where(
          and(eq(activityInscriptions.id, inscriptionId), eq(activityInscriptions.customerId, customerId)),
        )
        .for('update')
      if (!row) throw inscriptionNotFound()
      if (row.status === InscriptionStatus.Confirmed) throw alreadyConfirmed()
      if (row.status === InscriptionStatus.Held) {
        await db
          .update(activityInscriptions)
          .set({ status: InscriptionStatus.Cancelled, holdExpiresAt: null })
          .where(eq(activityInscriptions.id, inscriptionId))
      }
      await sales.cancelPending([row.saleId])
    })
  }

  /** Paying a sign-up's sale (the checkout, in its unit of work) confirms its hold. */
  async function confirmPaidSales(saleIds: number[]) {
    await db
      .update(activityInscriptions)
      .set({ status: InscriptionStatus.Confirmed, holdExpiresAt: null })
      .where(
        and(
          inArray(activityInscriptions.saleId, saleIds),
          eq(activityInscriptions.status, InscriptionStatus.Held),
        ),
      )
    return []
  }

  /** The cart's view of sign-up sales: their cancel path. */
  async function saleDetails(saleIds: number[]): Promise<Map<number, SaleDetail>> {
    const rows = await db
      .select({
        id: activityInscriptions.id,
        customerId: activityInscriptions.customerId,
        saleId: activityInscriptions.saleId,
      })
      .from(activityInscriptions)
      .where(inArray(activityInscriptions.saleId, saleIds))
    return new Map(
      rows.map((r) => [
        r.saleId!,
        { cancelUrl: cancelUrlOf(r.id, r.customerId), bookingTypeId: null, minutes: null, extrasCents: 0 },
      ]),
    )
  }
  deps.saleHooks?.onPaid(confirmPaidSales)
  deps.saleHooks?.onDetails(saleDetails)

  // -------------------------------------------------------------------------------------------
  // Holds of sign-ups as the holds module takes them back

  /**
   * Takes back the sign-ups of these sales whose holds ran out (a payment's success after its
   * window), in the caller's unit under their activities' locks: each held again until `until`
   * while its activity still takes sign-ups (online, not ended: the rule of a new sign-up), has a
   * place left for it, and the customer has not signed up to it again. False when one cannot be.
   */
  async function retakeSignUps(saleIds: number[], at: { now: number; until: Date }) {
    const held = await db
      .select()
      .from(activityInscriptions)
      .where(signUps.ofSales(saleIds))
      .orderBy(asc(activityInscriptions.id))
    for (const r of held) {
      if (r.status === InscriptionStatus.Cancelled) return false
      if (r.status !== InscriptionStatus.Held && r.status !== InscriptionStatus.Expired) continue
      const [activity] = await db.select().from(activities).where(eq(activities.id, r.activityId))
      if (!activity || !isOpen(activity, at.now)) return false
      // The customer's live sign-up: this one while its hold runs, or one made again meanwhile.
      const live = await liveInscriptionOf(r.activityId, r.customerId, at.now)
      if (live && live.id !== r.id) return false
      if (activity.capacity !== null) {
        const others = ((await takenPlaces([r.activityId], at.now)).get(r.activityId) ?? 0) - (live ? 1 : 0)
        if (others >= activity.capacity) return false
      }
      await db
        .update(activityInscriptions)
        .set({ status: InscriptionStatus.Held, holdExpiresAt: at.until })
        .where(eq(activityInscriptions.id, r.id))
    }
    return true
  }

  deps.holds.register({
    takenBy: Object.keys(LIVE_ONCE),
    // An activity's row before its sign-ups', in the order a sign-up takes them.
    lock: signUps.lock,
    extend: signUps.extend,
    releaseExpired: (now) =>
      signUps.releaseExpired(now, async (activityId) =>
        (await lockActivity(activityId)) ? releaseExpiredHolds(activityId, now) : 0,
      ),
    retake: retakeSignUps,
  })

  return { createActivities, list, one, inscribe, cancel }
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>
