/**
 * Every page of the site, as the spec's route tables name them: the one list both the web app's
 * router and the server use (the server answers 404 for a path that is none of them). Patterns
 * (with `:param`, `?` for an optional last one) are for routers; the functions build links.
 */
export const paths = {
  home: '/',
  shop: '/shop',
  product: { pattern: '/shop/:id', to: (id: number | string) => `/shop/${id}` },
  blog: '/blog',
  post: { pattern: '/post/:id', to: (id: number | string) => `/post/${id}` },

  privacy: '/privacy',
  wayver: '/wayver',
  generalConditions: '/generalConditions',
  cookies: '/cookies',

  resetPassword: {
    pattern: '/customer/reset-password/:token',
    to: (token: string) => `/customer/reset-password/${token}`,
  },
  activate: { pattern: '/customer/activate/:token', to: (token: string) => `/customer/activate/${token}` },
  /** The link mailed to a new login email: the change applies when it is opened. */
  confirmEmail: {
    pattern: '/customer/confirm-email/:token',
    to: (token: string) => `/customer/confirm-email/${token}`,
  },
  passwordChanged: '/passReset/ok',

  changePassword: '/changePass',
  account: '/account',
  customerOrders: '/customer-orders',
  customerOrder: { pattern: '/customer-orders/:id', to: (id: number | string) => `/customer-orders/${id}` },
  customerVouchers: '/customer-vouchers',
  /** A customer's own bookings (not the public booking pages, `bookingsByType`). */
  customerBookings: '/customer-bookings',
  customerComms: '/customer-comms',
  customerEmail: {
    pattern: '/customer-comms/emails/:id',
    to: (id: number | string) => `/customer-comms/emails/${id}`,
  },
  debts: '/debts',

  bookingTypes: '/bookingtypes',
  /** The public booking pages: the timetable of a booking type (`/bookings` before one is chosen). */
  bookingsByType: {
    pattern: '/bookings/:bookingTypeId?',
    to: (bookingTypeId?: number | string | null) =>
      bookingTypeId === undefined || bookingTypeId === null ? '/bookings' : `/bookings/${bookingTypeId}`,
  },
  /** The public pages of the booking types booked by place in a session. */
  bookingsByPlace: {
    pattern: '/bookings-byplace/:bookingTypeId?',
    to: (bookingTypeId?: number | string | null) =>
      bookingTypeId === undefined || bookingTypeId === null
        ? '/bookings-byplace'
        : `/bookings-byplace/${bookingTypeId}`,
  },
  bookingVisual: {
    pattern: '/booking-visual/:bookingId/:templateId',
    to: (bookingId: number | string, templateId: number | string) =>
      `/booking-visual/${bookingId}/${templateId}`,
  },
  activity: { pattern: '/activity/:id', to: (id: number | string) => `/activity/${id}` },
  checkout: '/checkout',
  paymentOk: '/cz/ok',
  paymentKo: '/cz/ko',
  /** Back from the card payment-intent provider (Stripe): `?payment_intent=`, and our `reference`. */
  stripeCallback: '/stripe-callback',
  /** Back from the card tokenizer's 3-D Secure (NetPay): `?id=` and `transaction_token=`. */
  netpayCallback: '/netpay-callback',

  /** Mail the site kept for want of SMTP (decision 025). */
  demoMailbox: '/demo-mailbox',

  /** The staff desk (issue 23): its sign-in and, once signed in, the day's schedule. */
  staff: '/staff',
  /** The desk's other pages (`/staff/set-password?token=`…), all in the desk's own chunks. */
  staffPages: { pattern: '/staff/*', to: (page: string) => `/staff/${page}` },
} as const

/** Pages that need a stored customer token (spec 1 §2 and spec 2 §2). */
export const loginRequiredPatterns = [
  paths.changePassword,
  paths.account,
  paths.customerOrders,
  paths.customerOrder.pattern,
  paths.customerVouchers,
  paths.customerBookings,
  paths.customerComms,
  paths.customerEmail.pattern,
  paths.debts,
  paths.bookingVisual.pattern,
] as const

/** The router pattern of every page. */
export const pagePatterns: readonly string[] = Object.values(paths).map((p) =>
  typeof p === 'string' ? p : p.pattern,
)

/**
 * The public pages the server renders with their data (decision 086): what a visitor and a search
 * engine read before any JavaScript runs. The others (a customer's pages, forms reached from mail,
 * payment returns) are rendered in the browser.
 */
export const serverRenderedPatterns: readonly string[] = [
  paths.home,
  paths.shop,
  paths.product.pattern,
  paths.blog,
  paths.post.pattern,
  paths.privacy,
  paths.wayver,
  paths.generalConditions,
  paths.cookies,
  paths.bookingTypes,
  paths.bookingsByType.pattern,
  paths.bookingsByPlace.pattern,
  paths.activity.pattern,
  paths.paymentOk,
  paths.paymentKo,
]
