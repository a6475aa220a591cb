/** Headers of the shared call rules (spec 2 §7). */
export const VERSION_HEADER = 'CzVersion'
/** Answered when the request's CzVersion differs from the running build; value is the new marker. */
export const EXPIRED_HEADER = 'Expired'
/** The web app's language travels in Accept-Language; localised texts are answered in it. */
export const LANGUAGE_COOKIE = 'cz-lang'
