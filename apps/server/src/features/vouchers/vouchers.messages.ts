import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const vouchersMessages: Messages = {
  // Vouchers (vouchers.service.ts)
  'This voucher was not found.': 'No hemos encontrado este bono.',
  'A voucher movement is a whole, non-zero amount.':
    'Un movimiento de bono es una cantidad entera distinta de cero.',
}
