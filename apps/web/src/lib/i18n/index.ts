import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Locale } from '@clubhouse/contract'
import type { enUS, Resources } from './en-US.ts'
import type { cardTextsEnUS } from './card-texts.ts'
import type { linkTextsEnUS } from './link-texts.ts'
import type { paymentTextsEnUS } from './payment-texts.ts'
import type { placeTextsEnUS } from './place-texts.ts'
import type { accountsTextsEnUS } from '../../staff/accounts-texts.ts'
import type { auditTextsEnUS } from '../../staff/audit-texts.ts'
import type { customerTextsEnUS } from '../../staff/customer-texts.ts'
import type { ordersTextsEnUS } from '../../staff/orders-texts.ts'
import type { staffTextsEnUS } from '../../staff/staff-texts.ts'
import { reloadPage } from '../reload.ts'
import { setLanguage } from '../storage.ts'

/**
 * Each language's catalogue is a chunk of its own, so a page carries only its visitor's (decision
 * 087). The server preloads the chunk of the page's language with the page. Both at once, for the
 * server and tests: resources.ts.
 */
const importers: Record<Locale, () => Promise<Resources>> = {
  'en-US': () => import('./en-US.ts').then((m) => m.enUS),
  'es-ES': () => import('./es-ES.ts').then((m) => m.esES),
}

const loaded = new Map<Locale, Resources>()
const loading = new Map<Locale, Promise<Resources>>()

/**
 * The first-load catalogue of `locale`, fetched once; await it before `initI18n(locale)`. A failed
 * fetch is tried again on the next call.
 */
export function loadCatalogue(locale: Locale): Promise<Resources> {
  let pending = loading.get(locale)
  if (!pending) {
    pending = importers[locale]().then((catalogue) => {
      loaded.set(locale, catalogue)
      if (i18next.isInitialized) addCatalogue(locale, catalogue)
      return catalogue
    })
    pending.catch(() => loading.delete(locale))
    loading.set(locale, pending)
  }
  return pending
}

/**
 * A copy of the catalogue into i18next (here and in `initI18n`): texts added later (link-texts.ts)
 * merge into the catalogue i18next holds, and must not change the module's own object. Merged under
 * what is there already (texts added on demand may have come first), never over it.
 */
function addCatalogue(locale: Locale, catalogue: Resources) {
  i18next.addResourceBundle(locale, 'translation', structuredClone(catalogue), true, false)
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // Texts added by chunks loaded on demand are typed here too (decision 041).
    resources: {
      translation: typeof enUS &
        typeof linkTextsEnUS &
        typeof placeTextsEnUS &
        typeof cardTextsEnUS &
        typeof paymentTextsEnUS &
        typeof staffTextsEnUS &
        typeof customerTextsEnUS &
        typeof ordersTextsEnUS &
        typeof auditTextsEnUS &
        typeof accountsTextsEnUS
    }
  }
}

/**
 * Starts i18next synchronously in `language`, so the first render already has its texts. Its
 * catalogue must be loaded first (`await loadCatalogue(language)`).
 */
export function initI18n(language: Locale) {
  if (!loaded.has(language))
    throw new Error(`The ${language} texts are not loaded: await loadCatalogue('${language}') first`)
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      resources: Object.fromEntries(
        [...loaded].map(([locale, texts]) => [locale, { translation: structuredClone(texts) }]),
      ),
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
// For the server and tests, which hold both languages; the browser's bundle leaves it out.
export { resources } from './resources.ts'

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
