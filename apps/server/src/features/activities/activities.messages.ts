import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const activitiesMessages: Messages = {
  // Activities (activities.service.ts, packages/contract/src/activities.ts)
  'This activity was not found.': 'No hemos encontrado esta actividad.',
  'This sign-up was not found.': 'No hemos encontrado esta inscripción.',
  'This activity takes no sign-ups online.': 'Esta actividad no admite inscripciones en línea.',
  'You are already signed up to this activity.': 'Ya estás inscrito en esta actividad.',
  'There are no places left in this activity.': 'No quedan plazas en esta actividad.',
  'Fill in the sign-up form of this activity first.':
    'Rellena primero el formulario de inscripción de esta actividad.',
  'This sign-up is confirmed and cannot be removed from the cart.':
    'Esta inscripción está confirmada y no se puede quitar del carrito.',
}
