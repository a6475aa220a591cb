import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const commsMessages: Messages = {
  // The demo mailbox (demo-mailbox.service.ts)
  'This mail is not in the demo mailbox.': 'Este correo no está en el buzón de demostración.',
}
