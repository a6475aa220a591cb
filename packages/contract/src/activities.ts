import { z } from 'zod'
import { CartSaleModel } from './bookings.ts'
import { CustomerId } from './customers.ts'
import { ActivityErrorCode, BookingErrorCode, SaleErrorCode } from './error-codes.ts'
import { IdParam } from './fields.ts'
import { defineRoute, envelope, okModel } from './http.ts'

/**
 * Activities (spec 2 §2 "Activities", §3 Activity, §4 activity sign-up, §7): events and courses of
 * the centre a customer signs up to online — free ones at once, paid ones through a sale the cart
 * pays — with an optional sign-up form (a dynamic form whose parent is `Activity` and its id).
 * Instants are ISO 8601; money in euros with cents.
 */

/** Images of activities in lists (spec 2 §9): 270x280. */
const ImageUrl = z.string().max(2048)

/** An activity in the public list (and the home carousel of open activities). */
export const ActivityListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  poster: ImageUrl,
  /** ISO 8601 instant. */
  start: z.string(),
})
export type ActivityListItem = z.infer<typeof ActivityListItem>

export const Activity = ActivityListItem.extend({
  /** ISO 8601 instant. */
  end: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  /** Whether customers may sign up on the web site (the Sign Up button shows only then). */
  onlineSignUp: z.boolean(),
  /** Euros a sign-up costs; 0 for a free activity. */
  price: z.number(),
  /** Places in all; null when not limited. */
  capacity: z.number().int().nullable(),
  /** Places left; null when not limited. */
  placesLeft: z.number().int().nullable(),
})
export type Activity = z.infer<typeof Activity>

export const ActivityAnswer = envelope({
  model: Activity,
  /** The activity asks its own sign-up form (a dynamic form of parent `Activity`). */
  hasCustomSignUp: z.boolean(),
  /**
   * The customer named in the path is signed up and confirmed: a free sign-up, a paid one whose
   * sale is paid, or one made at the desk (false without a customer, and while a sign-up is held).
   */
  alreadyIn: z.boolean(),
  /**
   * The customer's paid sign-up waiting for its payment: the sale the cart pays, the place kept
   * until `holdExpiresAt`. Null when there is none (nothing held, confirmed, or the hold ran out).
   */
  held: CartSaleModel.nullable(),
})
export type ActivityAnswer = z.infer<typeof ActivityAnswer>

export const InscriptionBody = z.object({
  customerId: CustomerId,
  id: IdParam,
})
export type InscriptionBody = z.input<typeof InscriptionBody>

/**
 * A sign-up's answer: `model` null when it is done (a free activity: "Sign Up Done!"); otherwise the
 * sale the cart pays, with `ctk`, `description` and `pending` as the spec names them.
 */
export const InscriptionAnswer = envelope({
  errorMsg: z.string().nullable(),
  model: CartSaleModel.extend({
    /** The token of the customer the sign-up is for (the spec's ctk); null when unchanged. */
    ctk: z.string().nullable(),
    description: z.string(),
  }).nullable(),
})
export type InscriptionAnswer = z.infer<typeof InscriptionAnswer>

/** The cart's removal of a held sign-up: the hold is released and its sale cancelled. */
export const InscriptionCancelAnswer = envelope({ errorMsg: z.string().nullable() })
export type InscriptionCancelAnswer = z.infer<typeof InscriptionCancelAnswer>

export const activityRoutes = {
  activitiesList: defineRoute({
    method: 'GET',
    path: '/api/publicactivities/list',
    summary: 'The activities open to sign up, soonest first',
    tags: ['activities'],
    response: okModel(z.array(ActivityListItem)),
  }),
  activity: defineRoute({
    method: 'GET',
    path: '/api/publicactivities/:id',
    summary: 'One activity, whether it asks a sign-up form',
    tags: ['activities'],
    params: z.object({ id: IdParam }),
    response: ActivityAnswer,
  }),
  activityForCustomer: defineRoute({
    method: 'GET',
    path: '/api/publicactivities/:id/:customerId',
    summary: 'One activity, and whether this customer is signed up already',
    tags: ['activities'],
    params: z.object({ id: IdParam, customerId: CustomerId }),
    response: ActivityAnswer,
    auth: 'customer',
    owner: { from: 'params', key: 'customerId', zeroMeansNone: true },
  }),
  inscription: defineRoute({
    method: 'POST',
    path: '/api/publicactivities/inscription',
    summary: 'Sign a customer up to an activity: at once when free, or held with a sale the cart pays',
    tags: ['activities'],
    body: InscriptionBody,
    response: InscriptionAnswer,
    auth: 'customer',
    owner: { from: 'body', key: 'customerId' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    errors: [...Object.values(ActivityErrorCode), BookingErrorCode.holdLimit, BookingErrorCode.freeDayLimit],
  }),
  inscriptionCancel: defineRoute({
    method: 'POST',
    path: '/api/publicactivities/cancel/:inscriptionId/:customerId',
    summary: 'Release a held sign-up the cart removes, and cancel its sale (a paid one stays)',
    tags: ['activities'],
    params: z.object({ inscriptionId: IdParam, customerId: CustomerId }),
    response: InscriptionCancelAnswer,
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
    errors: [SaleErrorCode.saleNotPayable],
  }),
}
