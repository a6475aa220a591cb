import { MANUAL_PRICE_FACTOR } from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'
import { BookingStatus } from './bookings.tables.ts'
import type { CourtContext } from './court-context.ts'
import type { CourtMails } from './court-mails.ts'
import { settleAtDesk, type DeskSettlement } from './desk-settle.ts'
import { checkPrebook, timesOf, type PrebookInput } from './court-prebook-checks.ts'
import { OVERLAP, type CourtPrebook } from './court-prebook.ts'

/** Where a booking was made: the site's is 0 (the spec's origin); the desk's is 1. */
export const DESK_ORIGIN = 1

const manualPriceTooHigh = () =>
  new AppError('rule', `A manual price is at most ${MANUAL_PRICE_FACTOR} times the catalogue's price.`, {
    status: 422,
  })

export interface DeskBookingInput {
  customerId: number
  /** A customer the desk made for a walk-in: never mailed. */
  walkIn: boolean
  customerTypeId: number | null
  bookingTypeId: number
  resourceIds: number[]
  /** `yyyy-MM-dd HH:mm`, the centre's time. */
  start: string
  durationMinutes: number
  manualPriceCents?: number | undefined
  settlement: DeskSettlement
}

export interface DeskBooking {
  bookingId: number
  priceCents: number
  rulesPriceCents: number
  saleId: number | null
  saleStatus: 'paid' | 'pending' | null
  description: { 'es-ES': string; 'en-US': string }
  start: number
  end: number
}

/**
 * A booking the desk makes for a customer (issue 23, item 4), in the caller's unit of work: checked
 * as a prebook is (the type, the resources, the timetable and the grid; the desk may book a type
 * closed online, inside its anticipation and beyond its days ahead), priced by the rules and the
 * customer's price list unless the desk gives a price, written confirmed with its sale, and paid at
 * the desk, from the customer's voucher or left owed. Holds that ran out on these resources are released first; the exclusion
 * constraint refuses a time another desk or a customer took a moment ago (409 `slot_taken`).
 */
export function createCourtDesk(ctx: CourtContext, prebook: CourtPrebook, mails: CourtMails) {
  const { units, clock, catalogue, availability, centre, priceListOf } = ctx

  function book(input: DeskBookingInput): Promise<DeskBooking> {
    return units.run(
      async () => {
        const now = clock()
        const settings = await centre()
        const cat = await catalogue.catalogue()
        const priceList = await priceListOf(input.customerTypeId ?? undefined)
        const asked: PrebookInput = {
          booking: { customerId: input.customerId, bookingTypeId: input.bookingTypeId },
          blocks: input.resourceIds.map((resourceId) => ({
            resourceId,
            startDate: input.start,
            duration: input.durationMinutes,
            customerId: input.customerId,
          })),
        } as PrebookInput
        const rules = checkPrebook(cat, asked, settings, now, priceList, { desk: true })
        const wanted =
          input.manualPriceCents === undefined ? rules : withManualPrice(rules, input.manualPriceCents)
        await availability.releaseExpiredHolds({
          now,
          zone: settings.zone,
          cat,
          resourceIds: input.resourceIds,
        })
        const { bookingId, sale } = await prebook.writeBooking(wanted, {
          customerId: input.customerId,
          status: BookingStatus.Confirmed,
          confirmedAt: new Date(now),
          origin: DESK_ORIGIN,
          // A walk-in has no address to remind.
          reminderSentAt: input.walkIn ? new Date(now) : null,
          createdAt: new Date(now),
        })
        const saleStatus = await settleAtDesk(ctx, sale, {
          customerId: input.customerId,
          settlement: input.settlement,
          payable: {
            bookingTypeId: input.bookingTypeId,
            minutes: input.durationMinutes,
            extrasCents: wanted.blocks.slice(1).reduce((sum, b) => sum + b.priceCents, 0),
          },
          at: new Date(now),
        })
        if (!input.walkIn) await mails.queueBookingMail('confirmation', bookingId!)
        // Last, so the day's version row stays locked only for the commit.
        await availability.bumpDays(timesOf(wanted), cat, settings.zone)
        return {
          bookingId: bookingId!,
          priceCents: wanted.totalCents,
          rulesPriceCents: rules.totalCents,
          saleId: sale?.id ?? null,
          saleStatus,
          description: wanted.description,
          start: wanted.start,
          end: wanted.end,
        }
      },
      { conflicts: OVERLAP },
    )
  }

  return { book }
}

/**
 * The booking at the desk's price, from 0 to ten times the rules' (a free booking's rules price
 * admits 0 only): the whole price on the main resource's line, the follow-ups' lines at 0.
 */
function withManualPrice<T extends { totalCents: number; blocks: Array<{ priceCents: number }> }>(
  rules: T,
  priceCents: number,
): T {
  const max = rules.totalCents * MANUAL_PRICE_FACTOR
  if (priceCents > max) throw manualPriceTooHigh()
  return {
    ...rules,
    totalCents: priceCents,
    blocks: rules.blocks.map((b, i) => ({ ...b, priceCents: i === 0 ? priceCents : 0 })),
  }
}

export type CourtDesk = ReturnType<typeof createCourtDesk>
