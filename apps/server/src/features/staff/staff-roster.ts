import type { Attendance, Locale, StaffRosterRow, StaffSessionRoster } from '@clubhouse/contract/server'
import type { Units } from '../../db/units.ts'
import type { PlaceBookingsService, RosterPlace } from '../bookings/place-bookings.service.ts'
import type { StaffAudit } from './staff-audit.ts'
import type { StaffService } from './staff.service.ts'

/** What the desk's sessions need of the bookings feature, which owns the places and their check-in. */
export type RosterBookings = Pick<PlaceBookingsService, 'sessionRoster' | 'markAttendance' | 'addParticipant'>

/** A place as the audit keeps it: ids and the mark, never the customer's contact details. */
const audited = (p: RosterPlace) => ({
  bookingId: p.bookingId,
  customerId: p.customerId,
  placeId: p.placeId,
  status: p.status,
  attendance: p.attendance,
  attendedAt: p.attendedAt,
})

/**
 * The desk's sessions (issue 23, item 6): a session's roster and waiting list, the check-in of its
 * places and a place given to a customer. Each write is one unit of work in which the bookings
 * feature changes the place and the audit records it, so a refused or undone write leaves neither.
 */
export function createStaffRoster(deps: {
  units: Units
  bookings: RosterBookings
  audit: Pick<StaffAudit, 'recordAudit'>
  accounts: Pick<StaffService, 'listAccounts'>
}) {
  const { units, bookings, audit, accounts } = deps

  /** The staff's names by id, for who marked a place (a centre has a few staff accounts). */
  async function shown(places: RosterPlace[]): Promise<StaffRosterRow[]> {
    const names = places.some((p) => p.attendedBy !== null)
      ? new Map((await accounts.listAccounts()).map((a) => [a.id, a.name]))
      : new Map<number, string>()
    return places.map(({ attendedBy, ...p }) => ({
      ...p,
      attendedBy: attendedBy === null ? null : { id: attendedBy, name: names.get(attendedBy) ?? '' },
    }))
  }

  async function sessionRoster(sessionId: number, locale: Locale): Promise<StaffSessionRoster> {
    const session = await bookings.sessionRoster(sessionId, locale)
    return { ...session, roster: await shown(session.roster) }
  }

  /** Marks a place as came or absent, or clears it, recording `attendance.mark` with the place before and after. */
  async function markAttendance(
    staffId: number,
    sessionId: number,
    input: { bookingId: number; attendance: Attendance | null },
  ): Promise<StaffRosterRow> {
    const { after } = await units.run(async () => {
      const marked = await bookings.markAttendance(sessionId, input.bookingId, input.attendance, staffId)
      await audit.recordAudit({
        staffId,
        action: 'attendance.mark',
        subject: `session:${sessionId}`,
        before: audited(marked.before),
        after: audited(marked.after),
      })
      return marked
    })
    const [row] = await shown([after])
    return row!
  }

  /** Gives a customer a confirmed place, recording `participant.add` with the place taken. */
  async function addParticipant(
    staffId: number,
    sessionId: number,
    input: { customerId: number; placeId?: number | undefined },
  ): Promise<StaffRosterRow> {
    const added = await units.run(async () => {
      const place = await bookings.addParticipant(sessionId, input)
      await audit.recordAudit({
        staffId,
        action: 'participant.add',
        subject: `session:${sessionId}`,
        before: null,
        after: audited(place),
      })
      return place
    })
    const [row] = await shown([added])
    return row!
  }

  return { sessionRoster, markAttendance, addParticipant }
}

export type StaffRoster = ReturnType<typeof createStaffRoster>
