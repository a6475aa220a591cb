/**
 * Every `code` the API answers in `{ ok: false, errorMsg, code }`, declared once. A route lists the
 * codes of its own in `errors`; the common ones below it may answer whatever it is. The server
 * refuses, in tests, to answer a code its route does not declare, and the web app compares against
 * these constants, never against bare strings. Zod-free: the web shell may import it.
 */

/** Codes any route may answer: the error handler's own and the database's refusals. */
export const CommonErrorCode = {
  /** 400: the input does not match the route's schema; `errors` names the fields. */
  validation: 'validation',
  badRequest: 'bad_request',
  badJson: 'bad_json',
  badUrl: 'bad_url',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  requestTimeout: 'request_timeout',
  payloadTooLarge: 'payload_too_large',
  uriTooLong: 'uri_too_long',
  unsupportedMediaType: 'unsupported_media_type',
  headersTooLarge: 'headers_too_large',
  /** 409: someone else changed it a moment ago (a unique or exclusion constraint). */
  conflict: 'conflict',
  /** 422: a business rule or a check constraint refused it. */
  rule: 'rule',
  internal: 'internal',
  /** 503: the database kept asking to retry. */
  busy: 'busy',
} as const

/** Codes of routes that need a customer's token. */
export const AuthErrorCode = {
  /** 401: no valid token. */
  unauthorized: 'unauthorized',
  /** 403: the token is another customer's. */
  forbidden: 'forbidden',
} as const

/** 429: of rate-limited routes. */
export const RateLimitErrorCode = { rateLimited: 'rate_limited' } as const

/** Customer accounts (spec 1). */
export const CustomerErrorCode = {
  /** 401: wrong email or password; the same for an unknown email. */
  invalidCredentials: 'invalid_credentials',
  /** 403: right password, account not activated yet; the client offers to resend the activation mail. */
  notActivated: 'not_activated',
  /** 409: the email belongs to another account. */
  emailTaken: 'email_taken',
  /**
   * 409: a guest checkout with an email that has an account: log in to buy with it, or use another
   * email. Nothing more is said of the account (decision 076).
   */
  loginRequired: 'login_required',
  /** 403: the centre has registration off. */
  registrationClosed: 'registration_closed',
  /** 400: an activation, reset or email-change link that does not work (used, expired, unknown). */
  invalidToken: 'invalid_token',
  /** 409: an activation link of an account that is already active. */
  alreadyActive: 'already_active',
  /** 422: the current password given is not the customer's. */
  wrongPassword: 'wrong_password',
  /** 422: a new login email needs the current password. */
  passwordNeeded: 'password_needed',
} as const

/** Sales and vouchers, as checkout and the account pages meet them. */
export const SaleErrorCode = {
  unknownProduct: 'unknown_product',
  saleNotPayable: 'sale_not_payable',
  saleOverpaid: 'sale_overpaid',
  voucherInsufficient: 'voucher_insufficient',
} as const

/** The cart and the checkout (spec 2 §4, §5, §8). */
export const CheckoutErrorCode = {
  /** 409: fewer units are left than asked; errorMsg says how many. */
  outOfStock: 'out_of_stock',
  /** 422: a product sold in sizes or colours was sent without one (or with another product's). */
  variantRequired: 'variant_required',
  /** 422: nothing to pay: no products and no sales. */
  emptyCart: 'empty_cart',
  /** 422: a line needs transport and none (or an unknown one) was chosen. */
  transportRequired: 'transport_required',
  /** 422: the total is above 0 and no payment method was chosen. */
  paymentMethodRequired: 'payment_method_required',
  /** 422: this way of paying is not open online (yet); nothing was made or charged. */
  paymentUnavailable: 'payment_unavailable',
  /** 422: the legal conditions are not accepted. */
  conditionsRequired: 'conditions_required',
  /** 422: a guest's password and its repetition differ. */
  passwordMismatch: 'password_mismatch',
  /** 422: the hold of a booking or sign-up in the cart ran out; what it held is free again. */
  holdExpired: 'hold_expired',
  /** 422: a promo code that does not exist, has ended, is used up or does not apply to this cart. */
  promoInvalid: 'promo_invalid',
  promoExpired: 'promo_expired',
  promoExhausted: 'promo_exhausted',
  promoNotApplicable: 'promo_not_applicable',
  /** 422: a promo code typed at checkout was not applied first (spec 2 §5). */
  promoNotApplied: 'promo_not_applied',
  /** 422: this voucher cannot pay this cart (another kind, inactive, expired, another's). */
  voucherNotUsable: 'voucher_not_usable',
  /** 409: this cart id already made an order with other contents. */
  cartReused: 'cart_reused',
} as const

/** Activities and their sign-up (spec 2 §2, §4). */
export const ActivityErrorCode = {
  /** 409: no place is left. */
  activityFull: 'activity_full',
  /** 422: the activity takes no sign-ups online (or has ended). */
  signUpClosed: 'sign_up_closed',
  /** 409: the customer is signed up already. */
  alreadyIn: 'already_in',
  /** 422: the activity asks its sign-up form first, and this customer has not sent it. */
  formRequired: 'form_required',
} as const

/** Bookings by resource and time (spec 2). */
export const BookingErrorCode = {
  /** 409: someone else took (part of) this time a moment ago. */
  slotTaken: 'slot_taken',
  /** 422: the start is in the past. */
  slotInPast: 'slot_in_past',
  /** 422: the start is sooner than the booking type's anticipation allows. */
  tooSoon: 'too_soon',
  /** 422: the time is outside the resource's timetable. */
  outsideTimetable: 'outside_timetable',
  /** 422: the centre's staff took this time (a no-online block). */
  notBookableOnline: 'not_bookable_online',
  /** 422: the booking type does not offer this duration. */
  durationNotOffered: 'duration_not_offered',
  /** 422: the resource is not one of the booking type (or of the related type asked for). */
  resourceNotOfType: 'resource_not_of_type',
  /** 422: the start is not on the resource's slot grid. */
  offGrid: 'off_grid',
  /** 422: the blocks of a prebook do not make one booking (different times, a resource twice...). */
  blocksMismatch: 'blocks_mismatch',
  /** 422: a follow-up the booking type requires was not chosen (an optional one may be left out). */
  followUpRequired: 'follow_up_required',
  /** 422: the booking type is booked by place (`/bookings-byplace`). */
  bookedByPlace: 'booked_by_place',
  /** 422: the booking type is not offered online any more. */
  bookingTypeClosed: 'booking_type_closed',
  /** 422: too late to cancel this booking online. */
  cannotCancel: 'cannot_cancel',
  /** 422: the start is further ahead than the booking type's days ahead (decision 074). */
  tooFarAhead: 'too_far_ahead',
  /**
   * 409: the customer keeps as many unpaid holds running as the centre allows (courts, places and
   * sign-ups together): pay or remove one first (decision 074).
   */
  holdLimit: 'hold_limit',
  /** 409: the customer has as many free bookings on that day as the centre allows (decision 074). */
  freeDayLimit: 'free_day_limit',
} as const

/** Booking by place: sessions, their places and waiting lists (spec 2 §2, §4). */
export const PlaceErrorCode = {
  /** 409: every place of the session is taken (join its waiting list). */
  sessionFull: 'session_full',
  /** 409: someone else took this place a moment ago. */
  placeTaken: 'place_taken',
  /** 422: the session has a place map: choose a place on it. */
  placeRequired: 'place_required',
  /** 422: the place is not one of the session's map (or the session has no map). */
  placeNotInTemplate: 'place_not_in_template',
  /** 409: the customer holds or has a place in this session already. */
  alreadyBooked: 'already_booked',
  /** 409: the customer is on this session's waiting list already. */
  alreadyWaiting: 'already_waiting',
  /** 409: the session has places left: book one instead of waiting. */
  sessionNotFull: 'session_not_full',
  /** 422: this hold has something to pay: pay it at the checkout. */
  paymentRequired: 'payment_required',
} as const

type Values<T> = T[keyof T]
export type ErrorCodeName =
  | Values<typeof CommonErrorCode>
  | Values<typeof AuthErrorCode>
  | Values<typeof RateLimitErrorCode>
  | Values<typeof CustomerErrorCode>
  | Values<typeof SaleErrorCode>
  | Values<typeof CheckoutErrorCode>
  | Values<typeof ActivityErrorCode>
  | Values<typeof BookingErrorCode>
  | Values<typeof PlaceErrorCode>
  | Values<typeof FormErrorCode>
  | Values<typeof PaymentErrorCode>
  | Values<typeof StaffErrorCode>

/** Dynamic forms (spec 3 §2, §5). */
export const FormErrorCode = {
  /** 422: a field id that is not one of the form's. */
  unknownField: 'unknown_field',
  /** 422: a required field empty, a value not among the options, legal conditions not accepted. */
  invalidForm: 'invalid_form',
  /** 415: a file whose content is not one of the accepted kinds. */
  fileType: 'file_type',
  /** 422: the customer's files would take more than their space for form files. */
  fileQuota: 'file_quota',
} as const

/** Payments through a provider (decision 067). */
export const PaymentErrorCode = {
  /** 404: no payment of this provider has this reference (or it is another customer's). */
  paymentNotFound: 'payment_not_found',
  /** 402: the provider declined the card or the wallet; errorMsg is the provider's word. */
  paymentDeclined: 'payment_declined',
  /** 503: the provider could not be reached; nothing was charged that we know of: try again. */
  providerUnavailable: 'provider_unavailable',
  /** 409: the provider's word names another amount, currency or merchant than the order's. */
  paymentMismatch: 'payment_mismatch',
  /** 400: a notification or webhook whose signature does not hold. */
  notificationRefused: 'notification_refused',
  /** 404: a saved card that is not the customer's. */
  cardNotFound: 'card_not_found',
} as const

/** The staff's desk (issue 23). */
export const StaffErrorCode = {
  /**
   * 409: a live booking or another block of the centre stands in (one week of) the time a no-online
   * block asks for; the answer's `data.clashes` lists them. Nothing was written.
   */
  blockClash: 'block_clash',
  /** 422: a session's check-in opens on its day, or an hour before its start if that is earlier. */
  checkInTooEarly: 'check_in_too_early',
  /** 409: this order was marked shipped already. */
  alreadyShipped: 'already_shipped',
  /** 422: the order is not paid (awaiting payment or cancelled): nothing to ship or give back. */
  orderNotPaid: 'order_not_paid',
  /** 422: more than is left to give back (paid less refunded), or nothing is left. */
  refundTooLarge: 'refund_too_large',
  /** 422: the order was paid neither through a provider nor from a money voucher: no refund from here. */
  refundNotOnline: 'refund_not_online',
  /** 422: the articles go back into stock only with the refund that gives back the whole order. */
  restockNotWhole: 'restock_not_whole',
  /**
   * 422: only a confirmed court booking that has not started moves (not a hold, a cancelled or
   * started booking, nor a place in a session).
   */
  cannotMove: 'cannot_move',
  /**
   * 409: the change would leave the centre with no owner who can log in (one not disabled, with a
   * password): the last one is neither disabled, nor given another role, even by themselves.
   */
  lastOwner: 'last_owner',
  /** 409: the staff account is disabled: enable it first (a new set-password link, say). */
  accountDisabled: 'account_disabled',
} as const
