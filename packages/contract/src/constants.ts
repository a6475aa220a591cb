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
export const BOOT_ELEMENT_ID = 'clubhouse-boot'

export * from './theme.ts'
