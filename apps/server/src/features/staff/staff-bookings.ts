import type { Locale, StaffBookingMade, StaffMoved } from '@clubhouse/contract/server'
import type { z } from 'zod'
import type { StaffBookingBody } from '@clubhouse/contract/server'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import type { BookingsService, DeskRefund } from '../bookings/bookings.service.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import { isWalkInEmail } from '../customers/desk-customers.ts'
import type { StaffAudit } from './staff-audit.ts'

const customerNotFound = () => new AppError('not_found', 'This customer was not found.')

/**
 * Booking for a customer at the desk (issue 23, item 4): one unit of work in which the customer is
 * found (or a walk-in's record made), the bookings feature books and settles, and the audit records
 * who did it, at what price and why. A refused booking leaves no walk-in, sale or audit row behind.
 */
export function createStaffBookings(deps: {
  units: Units
  bookings: Pick<BookingsService, 'deskBook' | 'deskMove' | 'cancel' | 'lockBookingStatus'>
  customers: Pick<CustomersService, 'findAccount' | 'createWalkIn'>
  audit: Pick<StaffAudit, 'recordAudit'>
}) {
  const { units, bookings, customers, audit } = deps

  function book(
    staffId: number,
    body: z.output<typeof StaffBookingBody>,
    locale: Locale,
  ): Promise<StaffBookingMade> {
    return units.run(async () => {
      let customerId: number
      let walkIn: boolean
      let customerTypeId: number | null = null
      if (body.customer.id !== undefined) {
        const account = await customers.findAccount(body.customer.id)
        if (!account) throw customerNotFound()
        customerId = account.id
        walkIn = isWalkInEmail(account.email)
        customerTypeId = account.customerTypeId
      } else {
        customerId = await customers.createWalkIn(body.customer.walkIn!)
        walkIn = true
      }
      const made = await bookings.deskBook({
        customerId,
        walkIn,
        customerTypeId,
        bookingTypeId: body.bookingTypeId,
        resourceIds: body.resourceIds,
        start: body.start,
        durationMinutes: body.durationMinutes,
        manualPriceCents: body.manualPrice?.priceCents,
        settlement: { payment: body.payment, voucherId: body.voucherId },
      })
      await audit.recordAudit({
        staffId,
        action: 'booking.add',
        subject: `booking:${made.bookingId}`,
        before: null,
        after: {
          customerId,
          walkIn: body.customer.walkIn ?? null,
          bookingTypeId: body.bookingTypeId,
          resourceIds: body.resourceIds,
          startsAt: new Date(made.start).toISOString(),
          endsAt: new Date(made.end).toISOString(),
          priceCents: made.priceCents,
          rulesPriceCents: made.rulesPriceCents,
          manualPriceReason: body.manualPrice?.reason ?? null,
          payment: body.payment,
          voucherId: body.voucherId ?? null,
          saleId: made.saleId,
        },
      })
      return {
        bookingId: made.bookingId,
        customerId,
        priceCents: made.priceCents,
        rulesPriceCents: made.rulesPriceCents,
        saleId: made.saleId,
        saleStatus: made.saleStatus,
        description: made.description[locale],
      }
    })
  }

  /**
   * Cancels a booking at the desk with the refund chosen, recording `booking.cancel` with what went
   * back. Cancelling again changes nothing and records nothing: the refund is made once.
   */
  function cancel(staffId: number, bookingId: number, refund: DeskRefund, locale: Locale) {
    return units.run(async () => {
      const before = await bookings.lockBookingStatus(bookingId)
      const returned = await bookings.cancel(bookingId, 0, locale, { refund })
      const refunds = returned.flatMap((r) => r.amounts)
      if (before === 'confirmed' || before === 'held') {
        await audit.recordAudit({
          staffId,
          action: 'booking.cancel',
          subject: `booking:${bookingId}`,
          before: { status: before },
          after: { status: 'cancelled', refund, refunds },
        })
      }
      return { bookingId, refunds }
    })
  }

  /**
   * Moves a booking to another time or court (decision 117), recording `booking.move` with where it
   * stood and where it stands, at the price it keeps. A refused move changes and records nothing.
   */
  function move(
    staffId: number,
    bookingId: number,
    to: { start: string; resourceId: number },
    locale: Locale,
  ): Promise<StaffMoved> {
    return units.run(async () => {
      const moved = await bookings.deskMove({ bookingId, start: to.start, resourceId: to.resourceId })
      const place = (p: { resourceIds: number[]; start: number; end: number }) => ({
        resourceIds: p.resourceIds,
        startsAt: new Date(p.start).toISOString(),
        endsAt: new Date(p.end).toISOString(),
        priceCents: moved.priceCents,
      })
      await audit.recordAudit({
        staffId,
        action: 'booking.move',
        subject: `booking:${bookingId}`,
        before: place(moved.before),
        after: place(moved.after),
      })
      return {
        bookingId,
        startsAt: new Date(moved.after.start).toISOString(),
        endsAt: new Date(moved.after.end).toISOString(),
        resourceId: to.resourceId,
        priceCents: moved.priceCents,
        description: moved.description[locale],
      }
    })
  }

  return { book, cancel, move }
}

export type StaffBookings = ReturnType<typeof createStaffBookings>
