import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const contentMessages: Messages = {
  // Settings' fields (packages/contract/src/content.ts)
  'Use a colour like #1a7f5a': 'Usa un color como #1a7f5a',

  // Settings
  'Not settings defined!': '¡No hay ajustes definidos!',
}
