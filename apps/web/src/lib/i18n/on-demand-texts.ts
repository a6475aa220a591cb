import i18next from 'i18next'
import type { Locale } from '@clubhouse/contract'

/**
 * Adds texts that travel with a chunk loaded on demand to the catalogue of both languages (decision
 * 041), once i18next has one: the shell starts it before any page loads, so this is at import.
 */
export function addOnDemandTexts(texts: Record<Locale, object>) {
  const add = () => {
    for (const [language, resources] of Object.entries(texts)) {
      i18next.addResourceBundle(language, 'translation', resources, true, false)
    }
  }
  if (i18next.isInitialized) add()
  else i18next.on('initialized', add)
}
