import { z } from 'zod'

/**
 * The building blocks of everything a route reads from a client (decision 033). Every string of a
 * route's params, query or body is a `safeString`, and every id an `IdSchema`; fields.test.ts walks
 * the routes and fails on a string that is not.
 */

// ---------------------------------------------------------------------------------------------
// Text

/**
 * Control characters other than tab, line feed and carriage return: the C0 range, DEL and the C1
 * range (U+0080–U+009F, NEL among them). No keyboard types them, and PostgreSQL refuses NUL in text
 * outright (SQLSTATE 22021), which answered 500 before this check.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
/**
 * Half of a UTF-16 surrogate pair without its other half: not a character at all. Encoded to UTF-8
 * on the way to the database it silently becomes U+FFFD, so what is stored (or hashed, for a
 * password) would not be what was sent.
 */
const LONE_SURROGATE = /\p{Cs}/u

export const CONTROL_CHARACTER_MESSAGE = 'This text contains a control character, which is not allowed.'
export const LONE_SURROGATE_MESSAGE = 'This text contains a broken character (a lone UTF-16 surrogate).'

/** The one check every client string carries; fields.test.ts looks for this very object. */
export const refuseUnstorableText = z.superRefine<string>((text, ctx) => {
  if (CONTROL_CHARACTER.test(text)) {
    ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, input: text })
  } else if (LONE_SURROGATE.test(text)) {
    ctx.addIssue({ code: 'custom', message: LONE_SURROGATE_MESSAGE, input: text })
  }
})

/**
 * A string from a client: `z.string()` that refuses control characters (tab, CR and LF are fine)
 * and lone surrogates, before any trim or other check, so its message is the field's first.
 */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(refuseUnstorableText)
}

/**
 * Line breaks: LF, CR and Unicode's line and paragraph separators (U+2028, U+2029). A field that
 * holds one line (a name, a phone number, a town) refuses them inside its text; leading and trailing
 * ones go with the trim. The other breaks (VT, FF, NEL) are control characters, refused everywhere.
 */
const LINE_BREAK = /[\n\r\u2028\u2029]/

export const ONE_LINE_MESSAGE = 'Write this on one line, without line breaks.'

/** A one-line text from a client: a `safeString`, trimmed, without line breaks. */
export function oneLineString(params?: Parameters<typeof z.string>[0]) {
  return safeString(params)
    .trim()
    .refine((text) => !LINE_BREAK.test(text), ONE_LINE_MESSAGE)
}

// ---------------------------------------------------------------------------------------------
// Ids and whole numbers

/** Largest id a route accepts (ids are PostgreSQL integers). */
export const MAX_ID = 2_147_483_647

/** A whole number as text: decimal digits, no sign, space, exponent, point or leading zero. */
export const WHOLE_NUMBER_TEXT = /^(0|[1-9][0-9]*)$/

/**
 * A whole number from a client. Paths and queries are text, where only `WHOLE_NUMBER_TEXT` reads
 * as a number (`1e0`, `0x1`, ` 1`, `1.0`, `""` do not). A body gives a JSON integer, or the same
 * digits as text: the spec's url-encoded and multipart bodies carry every value as text. `true`,
 * `[1]`, `null` and the like are never numbers.
 */
export function wholeNumber(opts: { min: number; max: number; invalid: string; tooLarge: string }) {
  return z
    .union(
      [
        z.int(),
        // The digits first: "1\0" is not an id, which says more than "control character".
        z.string().regex(WHOLE_NUMBER_TEXT, opts.invalid).check(refuseUnstorableText),
      ],
      { error: opts.invalid },
    )
    .transform(Number)
    .pipe(z.number().min(opts.min, opts.invalid).max(opts.max, opts.tooLarge))
}

/**
 * An id in a path, query or body: a whole number from `min` (0 where the spec lets 0 mean "none")
 * up to MAX_ID, written as `wholeNumber` says. The one way the contract reads ids.
 */
export function IdSchema(opts: { min: 0 | 1; invalid: string; tooLarge: string }) {
  return wholeNumber({ ...opts, max: MAX_ID })
}

/** The same reading, for the server's checks that run before validation (the owner of a route). */
export function readWholeNumber(raw: unknown): number | undefined {
  const n = typeof raw === 'string' && WHOLE_NUMBER_TEXT.test(raw) ? Number(raw) : raw
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined
}

/** A path id: a whole number from 1. */
export const IdParam = IdSchema({
  min: 1,
  invalid: 'The id is a whole number from 1.',
  tooLarge: 'The id is too large.',
})
