import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const bookingsMessages: Messages = {
  // How far ahead a booking type books (decision 074)
  'This day is too far ahead: this booking type can be booked up to {n} days ahead.':
    'Este día está demasiado lejos: este tipo de reserva se puede reservar con hasta {n} días de antelación.',

  // Bookings (packages/contract/src/bookings.ts)
  'A date between {from} and {to}': 'Una fecha entre {from} y {to}',
  'A date and time as YYYY-MM-DD HH:mm': 'Una fecha y hora con el formato AAAA-MM-DD HH:mm',
  'Not a real date and time': 'Esta fecha u hora no existe',
  'A duration is a whole number of minutes.': 'Una duración es un número entero de minutos.',
  'A booking lasts at most {n} minutes.': 'Una reserva dura como máximo {n} minutos.',
  'At most {n} blocks at once.': 'Como máximo {n} bloques a la vez.',
  'Choose a time first.': 'Elige primero una hora.',
  'This booking type was not found.': 'No hemos encontrado este tipo de reserva.',
  'This booking was not found.': 'No hemos encontrado esta reserva.',
  'This booking type is not offered online at the moment.':
    'Este tipo de reserva no se ofrece en línea en este momento.',
  'This booking type is booked by place in a session.':
    'Este tipo de reserva se reserva por plaza en una sesión.',
  'This resource cannot be booked with this booking type.':
    'Este recurso no se puede reservar con este tipo de reserva.',
  'This booking type does not offer {n} minutes.': 'Este tipo de reserva no ofrece {n} minutos.',
  'The blocks of a booking start at the same time, last as long, and take one resource each, one per follow-up type.':
    'Los bloques de una reserva empiezan a la misma hora, duran lo mismo y ocupan un recurso cada uno, uno por tipo complementario.',
  'This time has already passed. Choose a later one.': 'Esta hora ya ha pasado. Elige una más tarde.',
  'This time is too close to book online: book at least {n} minutes ahead.':
    'Esta hora está demasiado cerca para reservarla en línea: reserva con al menos {n} minutos de antelación.',
  'This resource is not open at that time.': 'Este recurso no está abierto a esa hora.',
  'This booking needs one of each of its required extras: choose one of each.':
    'Esta reserva necesita uno de cada extra obligatorio: elige uno de cada.',
  'This booking would run past closing time.': 'Esta reserva terminaría después de la hora de cierre.',
  'Bookings on this resource start every {n} minutes from opening time.':
    'Las reservas de este recurso empiezan cada {n} minutos desde la hora de apertura.',
  'This time is reserved by the centre and cannot be booked online.':
    'El centro tiene reservada esta hora y no se puede reservar en línea.',
  'This time was just booked by someone else. Please choose another.':
    'Alguien acaba de reservar esta hora. Por favor, elige otra.',
  'It is too late to cancel this booking online. Please contact the centre.':
    'Ya es tarde para cancelar esta reserva en línea. Por favor, ponte en contacto con el centro.',
  'The hold on this time ran out and the time was released.':
    'El tiempo de reserva provisional de esta hora se agotó y la hora se liberó.',

  // The staff's no-online blocks (no-online-blocks.ts)
  'This resource': 'Este recurso',
  'This block': 'Este bloqueo',
  'The clock skips this time on {date}: choose another.':
    'El reloj se salta esta hora el {date}: elige otra.',
  'Someone took this time a moment ago. Please look again.':
    'Alguien ha ocupado esta hora hace un momento. Vuelve a mirarlo.',
  'This time clashes with what stands on the resource: {list}.':
    'Esta hora coincide con lo que ya hay en el recurso: {list}.',

  // Booking by place (place-refusals.ts)
  'This session was not found.': 'No hemos encontrado esta sesión.',
  'This session has no such place map.': 'Esta sesión no tiene ese mapa de plazas.',
  'This waiting list entry was not found.': 'No hemos encontrado esta entrada de la lista de espera.',
  'This session has already started.': 'Esta sesión ya ha empezado.',
  'Choose your place on the map of this session.': 'Elige tu plaza en el mapa de esta sesión.',
  'This place is not one of the map of this session.': 'Esta plaza no es del mapa de esta sesión.',
  'This session has no map of places: book any place.':
    'Esta sesión no tiene mapa de plazas: reserva una plaza cualquiera.',
  'You already have a place in this session.': 'Ya tienes una plaza en esta sesión.',

  // The desk's roster and check-in of a session (place-roster.ts, decision 116)
  'This booking has no live place in this session.':
    'Esta reserva no tiene una plaza vigente en esta sesión.',
  'This customer already has a place in this session.': 'Este cliente ya tiene una plaza en esta sesión.',
  'This session is over.': 'Esta sesión ya ha terminado.',
  'The check-in of this session opens on {date} at {time}.':
    'El registro de asistencia de esta sesión se abre el {date} a las {time}.',
  'Someone else has just taken this place. Please choose another.':
    'Alguien acaba de ocupar esta plaza. Elige otra, por favor.',
  'There are no places left in this session. Join its waiting list to be offered one that frees.':
    'No quedan plazas en esta sesión. Apúntate a su lista de espera y te ofreceremos la que se libere.',
  'You are already on the waiting list of this session.': 'Ya estás en la lista de espera de esta sesión.',
  'This session still has places: book one instead of waiting.':
    'Esta sesión todavía tiene plazas: reserva una en lugar de esperar.',
  'This place has something to pay: pay it at the checkout to keep it.':
    'Esta plaza tiene un importe pendiente: págalo en la caja para quedártela.',
  'The hold on this place ran out and the place was released.':
    'La reserva provisional de esta plaza caducó y la plaza quedó libre.',
  'This voucher cannot pay this booking: choose another way.':
    'Este bono no puede pagar esta reserva: elige otra forma de pago.',
  'Only a confirmed court booking that has not started can be moved.':
    'Solo se puede cambiar una reserva de pista confirmada que aún no ha empezado.',
}
