import { DEFAULT_LANGUAGE, Locale, type Locale as LocaleT } from '@clubhouse/contract/server'
import type { Localised } from '../../lib/localised.ts'

/*
 * A pick list's options are written by the centre in both languages, the same options in the same
 * order (decision 052). A customer's choice is stored as the option in the default language, so it
 * reads the same whichever language it was chosen in, and is answered in the reader's language.
 */

const split = (list: string) =>
  list
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean)

/** The options in one language; the default language's when that one has none written. */
export function pickListOptions(values: Localised, locale: LocaleT): string[] {
  const options = split(values[locale])
  return options.length ? options : split(values[DEFAULT_LANGUAGE])
}

/** The stored form of an option given in either language; undefined when it is no option. */
export function storedOption(values: Localised, given: string): string | undefined {
  const wanted = given.trim().toLocaleLowerCase()
  for (const locale of Locale) {
    const place = pickListOptions(values, locale).findIndex((o) => o.toLocaleLowerCase() === wanted)
    if (place >= 0) return pickListOptions(values, DEFAULT_LANGUAGE)[place]
  }
  return undefined
}

/** A stored choice in `locale`: the option at the same place; a value no option has stays as it is. */
export function optionIn(values: Localised, stored: string, locale: LocaleT): string {
  const place = pickListOptions(values, DEFAULT_LANGUAGE).indexOf(stored)
  return (place >= 0 ? pickListOptions(values, locale)[place] : undefined) ?? stored
}

/** Why a pick list's languages do not match, or undefined when they do. */
export function pickListMismatch(values: Localised): string | undefined {
  const counts = Locale.map((locale) => split(values[locale]).length)
  return counts.every((n) => n === counts[0])
    ? undefined
    : `A pick list has the same options in every language (${Locale.map((l, i) => `${l}: ${counts[i]}`).join(', ')}).`
}
