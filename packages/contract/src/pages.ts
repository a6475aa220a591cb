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

  resetPassword: { pattern: '/customer/reset-password/:token' },
  activate: { pattern: '/customer/activate/:token' },
  /** The link mailed to a new login email: the change applies when it is opened. */
  confirmEmail: { pattern: '/customer/confirm-email/:token' },
  passwordChanged: '/passReset/ok',

  changePassword: '/changePass',
  account: '/account',
  orders: '/customer-orders',
  order: { pattern: '/customer-orders/:id', to: (id: number | string) => `/customer-orders/${id}` },
  vouchers: '/customer-vouchers',
  bookings: '/customer-bookings',
  comms: '/customer-comms',
  email: {
    pattern: '/customer-comms/emails/:id',
    to: (id: number | string) => `/customer-comms/emails/${id}`,
  },
  debts: '/debts',

  bookingTypes: '/bookingtypes',
  bookingsByType: { pattern: '/bookings/:bookingTypeId?' },
  bookingsByPlace: { pattern: '/bookings-byplace/:bookingTypeId?' },
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
} as const

/** Pages that need a stored customer token (spec 1 §2 and spec 2 §2). */
export const loginRequiredPatterns = [
  paths.changePassword,
  paths.account,
  paths.orders,
  paths.order.pattern,
  paths.vouchers,
  paths.bookings,
  paths.comms,
  paths.email.pattern,
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
