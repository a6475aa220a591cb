import { and, eq, sql, type SQL } from 'drizzle-orm'
import {
  BookingErrorCode,
  type CartSaleModel,
  type Locale,
  type PrebookModel,
} from '@clubhouse/contract/server'
import type { AuthCustomer } from '../../http/auth.ts'
import { AppError } from '../../lib/app-error.ts'
import { openHoldSale } from '../holds/holds.ts'
import type { Sale } from '../sales/sales.service.ts'
import { bookings, BookingStatus } from './bookings.tables.ts'
import { instantAt, parseWallClock } from './centre-clock.ts'
import { bookingNotFound, MINUTE, type CourtContext } from './court-context.ts'
import type { CourtMails } from './court-mails.ts'
import { checkPrebook, timesOf, type CheckedBooking, type PrebookInput } from './court-prebook-checks.ts'

const notBookableOnline = () =>
  new AppError(
    BookingErrorCode.notBookableOnline,
    'This time is reserved by the centre and cannot be booked online.',
    { status: 422 },
  )
export const slotTaken = () =>
  new AppError(
    BookingErrorCode.slotTaken,
    'This time was just booked by someone else. Please choose another.',
    {
      status: 409,
    },
  )
const holdRanOut = () =>
  new AppError(BookingErrorCode.slotTaken, 'The hold on this time ran out and the time was released.', {
    status: 409,
  })

/** The database's refusal of a block that meets a live one (migration 0005). */
export const OVERLAP = { booking_blocks_no_overlap: slotTaken }

/** A held booking's sale as the cart shows it: what is left to pay, its cancel path, until when it is held. */
export function cartSale(
  sale: { id: number; saleNumber: string; totalCents: number; paidCents: number },
  booking: { id: number; customerId: number; holdExpiresAt: number | null },
  title: string,
): CartSaleModel {
  return {
    id: sale.id,
    title,
    saleNumber: sale.saleNumber,
    pending: (sale.totalCents - sale.paidCents) / 100,
    paid: sale.paidCents / 100,
    cancelUrl: `publicbookings/cancel/${booking.id}/${booking.customerId}`,
    holdExpiresAt: booking.holdExpiresAt === null ? null : new Date(booking.holdExpiresAt).toISOString(),
  }
}

/** What a booking's row says beyond what `checkPrebook` worked out; `createdAt` dates its sale too. */
type BookingFacts = Omit<
  typeof bookings.$inferInsert,
  'bookingTypeId' | 'startsAt' | 'endsAt' | 'durationMinutes' | 'priceCents' | 'description' | 'saleId'
> & { createdAt: Date }

/**
 * A booking's hold and its sale (prebook), its confirmation when paid, and the one way a checked
 * booking is written with its blocks and its sale, which imports write by too.
 */
export function createCourtPrebook(ctx: CourtContext, mails: CourtMails) {
  const { db, units, sales, clock, catalogue, availability, centre, priceListOf } = ctx
  const { queueBookingMail } = mails

  /**
   * Holds the chosen time for the customer, in one unit of work: holds that ran out on these
   * resources are released first, the blocks are written (the exclusion constraint refuses a time
   * someone else took a moment ago: 409 `slot_taken`), and the sale the cart shows is opened. A free
   * booking is confirmed at once and its confirmation mail queued. Nothing is kept of a refusal.
   */
  async function prebook(input: PrebookInput, customer: AuthCustomer, locale: Locale): Promise<PrebookModel> {
    const settings = await centre()
    const priceList = await priceListOf(customer.customerTypeId)
    return units.run(
      async () => {
        const now = clock()
        // One statement: the catalogue's version, the customer's lock, the holds on these resources
        // that ran out released, and their blocks at the time asked for (decision 100).
        const opened = await availability.startPrebook({
          resourceIds: [...new Set(input.blocks.map((b) => b.resourceId))],
          during: askedTime(input, settings.zone),
          now,
          lock: ctx.limits.lockOf(customer.id),
        })
        const cat = await catalogue.catalogueAt(opened.catalogueVersion)
        const wanted = checkPrebook(cat, input, settings, now, priceList)
        await opened.finishRelease(cat, settings.zone)
        if (opened.blocks.some((b) => b.isNoOnline && b.start < wanted.end && wanted.start < b.end)) {
          throw notBookableOnline()
        }

        const free = wanted.totalCents === 0
        const limit = await ctx.limits.within(customer.id, { free, startsAt: wanted.start, now })
        const holdExpiresAt = free ? null : now + ctx.holdMinutes * MINUTE
        const { bookingId, sale } = await writeBooking(
          wanted,
          {
            customerId: customer.id,
            status: free ? BookingStatus.Confirmed : BookingStatus.Held,
            holdExpiresAt: holdExpiresAt === null ? null : new Date(holdExpiresAt),
            confirmedAt: free ? new Date(now) : null,
            origin: input.booking.origin ?? 0,
            createdAt: new Date(now),
          },
          { admits: limit.admits, lineImages: true },
        )
        if (bookingId === undefined) throw limit.refusal()
        let answer: PrebookModel
        if (!sale) {
          await queueBookingMail('confirmation', bookingId)
          answer = { serviceFree: true, bookingId, description: wanted.description[locale], sale: null }
        } else {
          answer = {
            serviceFree: false,
            bookingId,
            description: wanted.description[locale],
            sale: cartSale(
              sale,
              { id: bookingId, customerId: customer.id, holdExpiresAt },
              wanted.description[locale],
            ),
          }
        }
        // Last, so the day's version row stays locked only for the commit.
        await availability.bumpDays(timesOf(wanted), cat, settings.zone)
        return answer
      },
      { conflicts: OVERLAP },
    )
  }

  /**
   * Writes a checked booking, in the caller's unit of work: the sale first when it has a price, so
   * the booking is written with it (no update after), then the booking and its blocks in one
   * statement, the blocks only while `admits` holds (a prebook's customer limits, read after their
   * lock) and released at `releasedAt` when given (an imported cancellation). The main resource's
   * block is written first (it is the booking's resource), then the follow-ups in resource order.
   * Main resources and follow-ups are of different types, so two units taking blocks at once never
   * wait for each other crosswise. The sale is no savepoint of its own: a refusal undoes the
   * caller's unit. Its lines show the resources' images with `lineImages`; imported sales never
   * had them. Answers the sale and the booking's id, or undefined when `admits` refused.
   */
  async function writeBooking(
    wanted: CheckedBooking,
    facts: BookingFacts,
    opts: { admits?: SQL; releasedAt?: Date | null; lineImages?: boolean } = {},
  ): Promise<{ bookingId: number | undefined; sale: Sale | undefined }> {
    const sale = await openHoldSale(sales, {
      customerId: facts.customerId,
      title: wanted.description,
      services: wanted.blocks.map((b) => ({
        name: b.name,
        ...(opts.lineImages ? { image: b.resource.image } : {}),
        priceCents: b.priceCents,
        taxPercent: wanted.type.taxPercent,
      })),
      at: facts.createdAt,
      holdExpiresAt: facts.holdExpiresAt ?? null,
    })
    const row = {
      ...facts,
      bookingTypeId: wanted.type.id,
      startsAt: new Date(wanted.start),
      endsAt: new Date(wanted.end),
      durationMinutes: wanted.duration,
      priceCents: wanted.totalCents,
      description: wanted.description,
      saleId: sale?.id ?? null,
    }
    const range = `[${new Date(wanted.start).toISOString()},${new Date(wanted.end).toISOString()})`
    const releasedAt = opts.releasedAt?.toISOString() ?? null
    const [main, ...followUps] = wanted.blocks
    const values = [main!, ...followUps.sort((a, b) => a.resource.id - b.resource.id)].map(
      (b, i) =>
        sql`(${i}::int, ${b.resource.id}::int, ${range}::tstzrange, ${b.priceCents}::int, ${releasedAt}::timestamptz)`,
    )
    const booking = db.insert(bookings).values(row).returning({ id: bookings.id })
    const res = (await db.execute(sql`with booking as (${booking.getSQL()}), blocks as (
        insert into booking_blocks (booking_id, resource_id, during, price_cents, released_at)
        select booking.id, v.resource_id, v.during, v.price_cents, v.released_at
        from booking, (values ${sql.join(values, sql`, `)}) as v(n, resource_id, during, price_cents, released_at)
        where ${opts.admits ?? sql`true`}
        order by v.n
        returning booking_id
      )
      select id from booking where exists (select 1 from blocks)`)) as unknown as {
      rows: Array<{ id: number }>
    }
    const id = res.rows[0]?.id
    return { bookingId: id === undefined ? undefined : Number(id), sale }
  }

  /** The time a prebook asks for, read as the centre's clock: what its first statement reads blocks of. */
  function askedTime(input: PrebookInput, zone: string) {
    const main = input.blocks[0]
    if (!main) return undefined
    const { date, minute } = parseWallClock(main.startDate)
    const from = instantAt(date, minute, zone)
    return from === undefined || !Number.isFinite(from)
      ? undefined
      : { from, to: from + main.duration * MINUTE }
  }

  /**
   * Confirms a held booking once its sale is paid (the checkout calls it in its unit of work) and
   * queues the confirmation mail (unless `mail: false`: the checkout's order mail carries its
   * calendar file). A confirmed booking stays as it is; a hold already released (expired or
   * cancelled) cannot be confirmed.
   */
  function confirmBooking(bookingId: number, opts: { mail?: boolean } = {}): Promise<void> {
    return units.run(async () => {
      const now = new Date(clock())
      const [done] = await db
        .update(bookings)
        .set({ status: BookingStatus.Confirmed, holdExpiresAt: null, confirmedAt: now })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, BookingStatus.Held)))
        .returning({ id: bookings.id })
      if (done) {
        if (opts.mail !== false) await queueBookingMail('confirmation', bookingId)
        return
      }
      const [current] = await db
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
      if (!current) throw bookingNotFound()
      if (current.status !== BookingStatus.Confirmed) throw holdRanOut()
    })
  }

  return { prebook, writeBooking, confirmBooking }
}

export type CourtPrebook = ReturnType<typeof createCourtPrebook>
