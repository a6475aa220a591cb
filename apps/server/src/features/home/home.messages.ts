import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const homeMessages: Messages = {
  // The home page's queries (packages/contract/src/home.ts)
  'parentName is required.': 'parentName es obligatorio.',
}
