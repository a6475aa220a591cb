import { useTranslation } from 'react-i18next'
import type { Locale } from '@clubhouse/contract'
import { DEFAULT_LANGUAGE, LOCALES } from '../constants.ts'

/**
 * The language the page is rendered in: the i18next instance's, so a page rendered on the server
 * (one instance per request) and the same page hydrated in the browser agree.
 */
export function useLanguage(): Locale {
  const { i18n } = useTranslation()
  const language = i18n.language as Locale
  return LOCALES.includes(language) ? language : DEFAULT_LANGUAGE
}
