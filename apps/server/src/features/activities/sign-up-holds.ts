import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { heldRows } from '../holds/holds.ts'
import type { SaleDetail } from '../sales/sale-hooks.ts'
import { activities, activityInscriptions, InscriptionStatus } from './activities.tables.ts'
import type { ActivitiesDeps } from './activity-deps.ts'
import { LIVE_ONCE } from './activity-refusals.ts'

type ActivityRow = typeof activities.$inferSelect

/** Sign-ups that take a place at `now`: confirmed ones, and holds that have not run out. */
export const liveAt = (now: number) =>
  sql`(${activityInscriptions.status} = 'confirmed' or (${activityInscriptions.status} = 'held' and ${activityInscriptions.holdExpiresAt} > ${new Date(now).toISOString()}::timestamptz))`

/**
 * The places of activities and the holds of their sign-ups (decision 072): what live sign-ups take,
 * the activity's row lock they are counted under, the release of holds that ran out, and what the
 * holds module and the sales' hooks ask of sign-ups (kept, taken back, confirmed when paid, shown
 * in the cart).
 */
export function createSignUpHolds(db: Db, deps: ActivitiesDeps) {
  const { units, sales, clock } = deps

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

  /** Whether an activity takes sign-ups at `now`: online, not ended. */
  const isOpen = (row: ActivityRow, now: number) => row.onlineSignUp && row.endsAt.getTime() > now

  /** A customer's sign-up to an activity that takes a place at `now`, if any. */
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

  /** The API path (without `/api/`) that removes a held sign-up from the cart. */
  const cancelUrlOf = (inscriptionId: number, customerId: number) =>
    `publicactivities/cancel/${inscriptionId}/${customerId}`

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

  return { takenPlaces, isOpen, liveInscriptionOf, lockActivity, releaseExpiredHolds, cancelUrlOf }
}
