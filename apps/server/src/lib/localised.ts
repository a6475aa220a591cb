import { z } from 'zod'
import { DEFAULT_LANGUAGE, Locale, type Locale as LocaleT } from '@clubhouse/contract/server'
import { rememberParsed } from './remember-parsed.ts'

/** A text the centre writes in both languages; answered in the request's language. */
export const Localised = z.object({ 'es-ES': z.string(), 'en-US': z.string() })
export type Localised = z.infer<typeof Localised>

/** Picks the language of a request from its Accept-Language header (en-US or es-ES, default es-ES). */
export function pickLocale(acceptLanguage: string | undefined): LocaleT {
  return acceptLanguage ? pickedLocale(acceptLanguage) : DEFAULT_LANGUAGE
}

const pickedLocale = rememberParsed(parseAcceptLanguage)

/** An Accept-Language longer than this, or with more ranges, is read up to there. */
const MAX_HEADER = 1000
const MAX_RANGES = 50

/** A quality value as RFC 9110 writes it (0 to 1, up to three decimals); NaN when it is none. */
const qualityOf = (text: string) => (/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text) ? Number(text) : NaN)

/**
 * The language the header prefers most among ours: ranges by their q-value (a range without one
 * weighs 1, in their order when equal), those with q=0 or a malformed q left out; a range counts by
 * its primary subtag (en-GB is English, es-MX Spanish). None of ours: the default.
 */
function parseAcceptLanguage(acceptLanguage: string): LocaleT {
  const wanted = acceptLanguage
    .slice(0, MAX_HEADER)
    .split(',', MAX_RANGES)
    .map((part, order) => {
      const [range = '', ...params] = part.split(';').map((p) => p.trim())
      const q = params.find((p) => /^q=/i.test(p))
      return {
        language: range.toLowerCase().split('-')[0],
        q: q === undefined ? 1 : qualityOf(q.slice(2)),
        order,
      }
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
  for (const { language } of wanted) {
    const locale = Locale.find((l) => l.slice(0, 2).toLowerCase() === language)
    if (locale) return locale
  }
  return DEFAULT_LANGUAGE
}

/** Replaces every Localised member of an object by its text in `locale`. */
export function localise<T extends Record<string, unknown>>(doc: T, locale: LocaleT): Delocalised<T> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(doc)) {
    out[key] = isLocalised(value) ? value[locale] : value
  }
  return out as Delocalised<T>
}

export type Delocalised<T> = { [K in keyof T]: T[K] extends Localised ? string : T[K] }

function isLocalised(value: unknown): value is Localised {
  return typeof value === 'object' && value !== null && 'es-ES' in value && 'en-US' in value
}
