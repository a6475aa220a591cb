import { z } from 'zod'
import { DEFAULT_LANGUAGE, Locale, type Locale as LocaleT } from '@clubhouse/contract'
import { rememberParsed } from './remember-parsed.ts'

/** A text the centre writes in both languages; answered in the request's language. */
export const Localised = z.object({ 'es-ES': z.string(), 'en-US': z.string() })
export type Localised = z.infer<typeof Localised>

/** Picks the language of a request from its Accept-Language header (en-US or es-ES, default es-ES). */
export function pickLocale(acceptLanguage: string | undefined): LocaleT {
  return acceptLanguage ? pickedLocale(acceptLanguage) : DEFAULT_LANGUAGE
}

const pickedLocale = rememberParsed(parseAcceptLanguage)

function parseAcceptLanguage(acceptLanguage: string): LocaleT {
  const wanted = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 }
    })
    .sort((a, b) => b.q - a.q)
  for (const { tag } of wanted) {
    const exact = Locale.find((l) => l.toLowerCase() === tag)
    if (exact) return exact
    const byLanguage = Locale.find((l) => l.slice(0, 2).toLowerCase() === tag.slice(0, 2))
    if (byLanguage) return byLanguage
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
