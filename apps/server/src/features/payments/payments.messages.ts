import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const paymentsMessages: Messages = {
  // Payments (decision 067)
  'This payment was not found.': 'No hemos encontrado este pago.',
  'This payment method is not available yet.': 'Esta forma de pago aún no está disponible.',
  'The payment could not be started. Please try again.':
    'No se ha podido iniciar el pago. Por favor, inténtalo de nuevo.',
  'The payment could not be read. Please try again.':
    'No se ha podido consultar el pago. Por favor, inténtalo de nuevo.',
  'This payment does not match its order.': 'Este pago no corresponde al pedido.',
  'This notification could not be verified.': 'No se ha podido verificar esta notificación.',
  'This payment cannot be refunded that much.': 'No se puede devolver tanto de este pago.',
  'This payment reference is not valid.': 'Esta referencia de pago no es válida.',
  'This payment intent is not valid.': 'Este intento de pago no es válido.',
  'This transaction is not valid.': 'Esta transacción no es válida.',
  'The payment has not been completed.': 'El pago no se ha completado.',
}
