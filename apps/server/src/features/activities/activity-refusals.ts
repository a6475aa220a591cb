import { ActivityErrorCode, SaleErrorCode } from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'

/** What the activities refuse, with the code and the words a customer reads. */

export const activityNotFound = () => new AppError('not_found', 'This activity was not found.')
export const inscriptionNotFound = () => new AppError('not_found', 'This sign-up was not found.')
export const signUpClosed = () =>
  new AppError(ActivityErrorCode.signUpClosed, 'This activity takes no sign-ups online.', { status: 422 })
export const alreadyIn = () =>
  new AppError(ActivityErrorCode.alreadyIn, 'You are already signed up to this activity.', { status: 409 })
export const activityFull = () =>
  new AppError(ActivityErrorCode.activityFull, 'There are no places left in this activity.', { status: 409 })
export const formRequired = () =>
  new AppError(ActivityErrorCode.formRequired, 'Fill in the sign-up form of this activity first.', {
    status: 422,
  })
export const alreadyConfirmed = () =>
  new AppError(
    SaleErrorCode.saleNotPayable,
    'This sign-up is confirmed and cannot be removed from the cart.',
    {
      status: 409,
    },
  )

/** The database's refusal of a second live sign-up of one customer (migration 0011). */
export const LIVE_ONCE = { activity_inscriptions_live_key: alreadyIn }
