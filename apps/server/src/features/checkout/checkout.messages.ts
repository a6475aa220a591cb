import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const checkoutMessages: Messages = {
  // Paying with a saved card
  'This card was not found.': 'No hemos encontrado esta tarjeta.',

  // The cart and the checkout (packages/contract/src/checkout.ts, features/checkout)
  'The units are a whole number from 1 to 1000.': 'Las unidades son un número entero del 1 al 1000.',
  'At most {n} lines at once.': 'Como máximo {n} líneas a la vez.',
  'At most {n} sales at once.': 'Como máximo {n} ventas a la vez.',
  'Nothing to check.': 'No hay nada que comprobar.',
  'Type a code first.': 'Escribe primero un código.',
  'The cart id is missing.': 'Falta el identificador del carrito.',
  'The cart id is not valid.': 'El identificador del carrito no es válido.',
  'Your basket is empty!': '¡Tu cesta está vacía!',
  'Choose a size or colour of {name} first.': 'Elige primero una talla o un color de {name}.',
  'This sale was not found among your pending sales.':
    'No hemos encontrado esta venta entre tus pagos pendientes.',
  'Sale {n} is already paid or cancelled.': 'La venta {n} ya está pagada o cancelada.',
  'The hold of sale {n} ran out and what it held was released. Remove it from the cart and book again.':
    'La reserva provisional de la venta {n} ha caducado y lo reservado ha quedado libre. Quítala del carrito y vuelve a reservar.',
  'Please select transport': 'Selecciona un transporte',
  'Please select a payment method': 'Selecciona una forma de pago',
  'This way of paying is not open online yet. Nothing was charged: choose another way of paying.':
    'Esta forma de pago todavía no está disponible en línea. No se ha cobrado nada: elige otra forma de pago.',
  'This voucher cannot pay this cart.': 'Este bono no puede pagar este carrito.',
  'This cart was already ordered with other contents. Reload the page to start a new order.':
    'Este carrito ya se pidió con otro contenido. Recarga la página para empezar un pedido nuevo.',
  'Sorry, the code is not valid': 'Lo sentimos, el código no es válido',
  'Sorry, this code has expired.': 'Lo sentimos, este código ha caducado.',
  'Sorry, this code has been used as many times as it can be.':
    'Lo sentimos, este código ya se ha usado todas las veces posibles.',
  'Sorry, this code does not apply to anything in your cart.':
    'Lo sentimos, este código no se aplica a nada de tu carrito.',
  'Only 1 unit is left of {name}.': 'Solo queda 1 unidad de {name}.',
  'Only {n} units are left of {name}.': 'Solo quedan {n} unidades de {name}.',
  '{name} is out of stock.': '{name} está agotado.',
  'Check required fields': 'Revisa los campos obligatorios',
  'Password does not match': 'Las contraseñas no coinciden',
  'Please try again.': 'Inténtalo de nuevo.',
}
