import type { Db } from '../../db/client.ts'
import { createPlaceContext, type PlaceBookingsDeps } from './place-context.ts'
import { createPlaceHolds } from './place-holds.ts'
import { createPlaceImports } from './place-imports.ts'
import { createPlaceMap } from './place-map.ts'
import { createPlaceRoster } from './place-roster.ts'
import { createPlaceWaitlist } from './place-waitlist.ts'
import { createPlaceWeek } from './place-week.ts'

export type { PlaceBookingsDeps } from './place-context.ts'
export type { NewSession, NewTemplate } from './place-imports.ts'
export type { RosterPlace, RosterWaiting, SessionRoster } from './place-roster.ts'

/**
 * Booking by place (spec 2 §2 "Booking by place" and "Visual place choice", §3, §4, decision 063):
 * the week's sessions of the by-place types (place-week.ts), a session's place map with who is where
 * (place-map.ts), the prebook of a place (any, or one of the map) under a lock on the session's row
 * (place-holds.ts), and the waiting list of a full session, whose first customer is offered a place
 * the moment one frees — in the unit of work that frees it (place-waitlist.ts). What they share is
 * in place-context.ts, the desk's and the seed's writes in place-imports.ts, the desk's roster,
 * check-in and added places in place-roster.ts. A place is a row of `bookings`, so My bookings,
 * the cart, the checkout, cancellation with its refund, and the mails
 * treat it as any booking.
 */
export function createPlaceBookingsService(db: Db, deps: PlaceBookingsDeps) {
  const shared = createPlaceContext(db, deps)
  const week = createPlaceWeek(shared)
  const map = createPlaceMap(shared, week)
  const waiting = createPlaceWaitlist(shared)
  const holds = createPlaceHolds(shared, waiting)
  const imports = createPlaceImports(shared)
  const roster = createPlaceRoster(shared, waiting)

  // Cancellation and the sweep free places for the waiting list; the holds module keeps, releases
  // and takes back the holds of places (decision 072); paying an offer takes its customer off the list.
  deps.bookings.useSessionHooks(waiting.sessionHooks)
  deps.holds.register(holds.heldPlaces)
  deps.saleHooks?.onPaid(waiting.offerPaid)

  return {
    list: week.list,
    visitorAnswer: week.visitorAnswer,
    templateInfo: map.templateInfo,
    prebook: holds.prebook,
    confirmHold: holds.confirmHold,
    joinWaitlist: waiting.joinWaitlist,
    leaveWaitlist: waiting.leaveWaitlist,
    waitlist: waiting.waitlist,
    createTemplate: imports.createTemplate,
    createSessions: imports.createSessions,
    importSessionState: imports.importSessionState,
    // The desk's roster of a session, its check-in and the places it gives (decision 116).
    sessionRoster: roster.sessionRoster,
    markAttendance: roster.markAttendance,
    addParticipant: roster.addParticipant,
  }
}

export type PlaceBookingsService = ReturnType<typeof createPlaceBookingsService>
