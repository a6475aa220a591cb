import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const shopMessages: Messages = {
  // The shop's list filters (packages/contract/src/shop.ts)
  'ProductTypeId is filtered by a product type id.': 'ProductTypeId se filtra por un id de tipo de producto.',

  // Products
  'Product {id} was not found.': 'No hemos encontrado el producto {id}.',
}
