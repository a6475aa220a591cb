import { BookingErrorCode, PlaceErrorCode } from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'

// What booking by place refuses, each with its stable code; the Spanish wording is in
// bookings.messages.ts.

export const sessionNotFound = () => new AppError('not_found', 'This session was not found.')
export const mapNotFound = () => new AppError('not_found', 'This session has no such place map.')
export const entryNotFound = () => new AppError('not_found', 'This waiting list entry was not found.')
export const sessionStarted = () =>
  new AppError(BookingErrorCode.slotInPast, 'This session has already started.', { status: 422 })
export const placeRequired = () =>
  new AppError(PlaceErrorCode.placeRequired, 'Choose your place on the map of this session.', {
    status: 422,
  })
export const placeNotInTemplate = () =>
  new AppError(PlaceErrorCode.placeNotInTemplate, 'This place is not one of the map of this session.', {
    status: 422,
  })
export const noMap = () =>
  new AppError(PlaceErrorCode.placeNotInTemplate, 'This session has no map of places: book any place.', {
    status: 422,
  })
export const alreadyBooked = () =>
  new AppError(PlaceErrorCode.alreadyBooked, 'You already have a place in this session.', { status: 409 })
export const placeTaken = () =>
  new AppError(PlaceErrorCode.placeTaken, 'Someone else has just taken this place. Please choose another.', {
    status: 409,
  })
export const sessionFull = () =>
  new AppError(
    PlaceErrorCode.sessionFull,
    'There are no places left in this session. Join its waiting list to be offered one that frees.',
    { status: 409 },
  )
export const alreadyWaiting = () =>
  new AppError(PlaceErrorCode.alreadyWaiting, 'You are already on the waiting list of this session.', {
    status: 409,
  })
export const sessionNotFull = () =>
  new AppError(PlaceErrorCode.sessionNotFull, 'This session still has places: book one instead of waiting.', {
    status: 409,
  })
export const paymentRequired = () =>
  new AppError(
    PlaceErrorCode.paymentRequired,
    'This place has something to pay: pay it at the checkout to keep it.',
    { status: 422 },
  )
export const holdRanOut = () =>
  new AppError(BookingErrorCode.slotTaken, 'The hold on this place ran out and the place was released.', {
    status: 409,
  })

/** The database's refusals of a second live booking of a place, or of a customer, in a session. */
export const PLACE_CONFLICTS = {
  bookings_session_place_live_key: placeTaken,
  bookings_session_customer_live_key: alreadyBooked,
}
export const WAITLIST_CONFLICTS = { place_session_waitlist_live_key: alreadyWaiting }
