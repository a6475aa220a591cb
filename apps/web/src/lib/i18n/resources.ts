import { enUS } from './en-US.ts'
import { esES } from './es-ES.ts'

/**
 * Both languages' first-load catalogues at once, for code that runs outside a visitor's browser
 * (rendering a page on the server, tests). The browser loads only its visitor's language, as a chunk
 * of its own: `loadCatalogue` in index.ts (decision 087). Nothing the browser loads imports this file.
 */
export const resources = {
  'en-US': { translation: enUS },
  'es-ES': { translation: esES },
} as const
