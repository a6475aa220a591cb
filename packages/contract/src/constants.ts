/**
 * Values of the contract that need no schema. This entry point (`@clubhouse/contract/constants`)
 * imports nothing, so the web app's first-load bundle can use it without bringing zod along.
 */

/** The site's two languages. */
export const Locale = ['en-US', 'es-ES'] as const
export type Locale = (typeof Locale)[number]
/** The stored language defaults to Spanish; culture (number and date formats) defaults to en-US. */
export const DEFAULT_LANGUAGE: Locale = 'es-ES'
export const DEFAULT_CULTURE: Locale = 'en-US'

/**
 * Whether a box asking for consent to advertising and promotions (`okRss`) starts ticked, on every
 * form that has one: registration, and the checkout's and dynamic forms' boxes. Consent is asked,
 * not assumed: a pre-ticked box is no valid consent under the GDPR (CJEU, Planet49, C-673/17,
 * 2019), so unticked, although the spec says on (decision 051). A request that leaves `okRss` out
 * gets this value too.
 */
export const PUBLICITY_CONSENT_DEFAULT = false

/** Headers of the shared call rules (spec 2 §7). */
export const VERSION_HEADER = 'CzVersion'
/** Answered when the request's CzVersion differs from the running build; value is the new marker. */
export const EXPIRED_HEADER = 'Expired'
/**
 * The web app's language travels in Accept-Language on API calls; this cookie carries it to page
 * requests so the server renders index.html in it.
 */
export const LANGUAGE_COOKIE = 'cz-lang'
/** Id of the JSON script element the server writes the boot data into. */
/** Kind of a voucher's balance. */
export const VoucherKind = { Money: 0, Sessions: 1, Hours: 2 } as const
export type VoucherKind = (typeof VoucherKind)[keyof typeof VoucherKind]

export const BOOT_ELEMENT_ID = 'clubhouse-boot'
/** Id of the JSON script element holding the query cache a server-rendered page was made from. */
export const STATE_ELEMENT_ID = 'clubhouse-state'

export * from './theme.ts'
export * from './pages.ts'
export * from './error-codes.ts'
