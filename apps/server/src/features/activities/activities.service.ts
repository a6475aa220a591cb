import { and, asc, eq, gt, sql } from 'drizzle-orm'
import {
  FormIdentifier,
  type Activity,
  type ActivityListItem,
  type CartSaleModel,
  type InscriptionAnswer,
  type Locale,
} from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import { openHoldSale } from '../holds/holds.ts'
import type { Sale as SaleRow } from '../sales/sales.service.ts'
import { activities, activityInscriptions, InscriptionStatus } from './activities.tables.ts'
import {
  activityFull,
  activityNotFound,
  alreadyConfirmed,
  alreadyIn,
  formRequired,
  inscriptionNotFound,
  LIVE_ONCE,
  signUpClosed,
} from './activity-refusals.ts'
import type { ActivitiesDeps } from './activity-deps.ts'
import { createSignUpHolds } from './sign-up-holds.ts'

export type { ActivitiesDeps } from './activity-deps.ts'

const MINUTE = 60_000

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

type ActivityRow = typeof activities.$inferSelect

/** The title of a sign-up's sale, as the cart and the pending sales read it. */
const signUpTitle = (activity: ActivityRow): Localised => ({
  'es-ES': `Inscripción: ${activity.name['es-ES']}`,
  'en-US': `Sign-up: ${activity.name['en-US']}`,
})

/**
 * Activities and their sign-up (spec 2 §2 Activities, §3, §4): the open ones, one with its places
 * left and whether it asks its own sign-up form, and the sign-up itself — confirmed at once when
 * free, held with a sale the cart pays when not. Places are counted under a lock on the activity's
 * row, in the unit that writes the sign-up: two customers racing for the last place cannot both
 * take it. A hold that ran out stops counting, and is released by the next sign-up or the sweep.
 */
export function createActivitiesService(db: Db, deps: ActivitiesDeps) {
  const { units, sales, clock } = deps
  const { takenPlaces, isOpen, liveInscriptionOf, lockActivity, releaseExpiredHolds, cancelUrlOf } =
    createSignUpHolds(db, deps)

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

  return { createActivities, list, one, inscribe, cancel }
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>
