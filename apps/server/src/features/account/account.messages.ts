import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const accountMessages: Messages = {
  // Orders and mails of the account (account.service.ts)
  'Order not found': 'Pedido no encontrado',
  'Email not found': 'Correo no encontrado',
}
