import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Locale } from '@clubhouse/contract'
import { enUS } from './en-US.ts'
import { esES } from './es-ES.ts'
import type { cardTextsEnUS } from './card-texts.ts'
import type { linkTextsEnUS } from './link-texts.ts'
import type { paymentTextsEnUS } from './payment-texts.ts'
import type { placeTextsEnUS } from './place-texts.ts'
import { reloadPage } from '../reload.ts'
import { setLanguage } from '../storage.ts'

/** Both languages are bundled: together they weigh less than a second round trip would cost. */
export const resources = {
  'en-US': { translation: enUS },
  'es-ES': { translation: esES },
} as const

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // Texts added by chunks loaded on demand are typed here too (decision 041).
    resources: {
      translation: typeof enUS &
        typeof linkTextsEnUS &
        typeof placeTextsEnUS &
        typeof cardTextsEnUS &
        typeof paymentTextsEnUS
    }
  }
}

/** Starts i18next synchronously in `language`, so the first render already has its texts. */
export function initI18n(language: Locale) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      // A copy: texts added later (link-texts.ts) merge into the catalogue i18next holds, and must
      // not change the modules' own objects.
      resources: structuredClone(resources),
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language)
  }
  document.documentElement.lang = language
  return i18next
}

export { i18next }

/**
 * Stores the new language (and its cookie) and reloads, so every text and setting follows it. An
 * address naming a language (`?lang=`, decision 089) loses it first: it would render the old one.
 */
export function changeLanguage(language: Locale) {
  setLanguage(language)
  const url = new URL(window.location.href)
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang')
    window.history.replaceState(window.history.state, '', url)
  }
  reloadPage()
}
