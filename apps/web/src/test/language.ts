import { afterEach, beforeEach } from 'vitest'
import { initI18n } from '../lib/i18n/index.ts'
import { setLanguage } from '../lib/storage.ts'

/** Inside a describe: its tests run on the Spanish site (stored language and texts), English after. */
export function onTheSpanishSite() {
  beforeEach(() => {
    setLanguage('es-ES')
    initI18n('es-ES')
  })
  afterEach(() => {
    initI18n('en-US')
  })
}
