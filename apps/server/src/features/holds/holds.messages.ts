import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const holdsMessages: Messages = {
  // Holds (decision 072)
  'Someone else holds now what this hold kept.':
    'Lo que guardaba esta reserva provisional ya es de otra persona.',

  // What one customer may hold and book (decision 074)
  'You already have {n} bookings waiting to be paid. Pay for them or remove one from your cart first.':
    'Ya tienes {n} reservas pendientes de pago. Págalas o quita alguna del carrito primero.',
  'You already have {n} free bookings on this day, as many as the centre allows.':
    'Ya tienes {n} reservas gratuitas ese día, las que permite el centro.',
}
