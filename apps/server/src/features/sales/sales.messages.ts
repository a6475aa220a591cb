import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const salesMessages: Messages = {
  // Sales (sales.service.ts)
  'This sale is already paid or cancelled.': 'Esta venta ya está pagada o cancelada.',
  'This payment is more than what is pending.': 'Este pago es mayor que lo pendiente.',
  'This sale was not found.': 'No hemos encontrado esta venta.',
  // The desk's shop orders (shop-orders.ts)
  'This order was not found.': 'No se ha encontrado este pedido.',
  'This order is not paid.': 'Este pedido no está pagado.',
  'This order was marked shipped already.': 'Este pedido ya se marcó como enviado.',
}
