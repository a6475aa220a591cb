import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const staffMessages: Messages = {
  'Invalid email or password.': 'Correo electrónico o contraseña no válidos.',
  'This email already has a staff account.': 'Este correo ya tiene una cuenta de personal.',
  'This link is not valid or has expired. Ask an owner for a new one.':
    'Este enlace no es válido o ha caducado. Pide uno nuevo a un propietario.',
  'This staff account': 'Esta cuenta de personal',
  'This code is not right.': 'Este código no es correcto.',
  'This account has a second factor already.': 'Esta cuenta ya tiene un segundo factor.',
  'Start the enrolment again: there is none to confirm.':
    'Vuelve a empezar la activación: no hay ninguna que confirmar.',
  'The role is one of desk, manager or owner.': 'El rol es desk, manager u owner.',
  'This is the last owner who can log in: add another owner before disabling this one.':
    'Es el último propietario con acceso: añade otro propietario antes de desactivar este.',
  'This is the last owner who can log in: add another owner before giving this one another role.':
    'Es el último propietario con acceso: añade otro propietario antes de darle otro rol a este.',
  'This account is disabled: enable it before giving it a new link.':
    'Esta cuenta está desactivada: actívala antes de darle un enlace nuevo.',

  // The desk's no-online blocks (packages/contract/src/staff-blocks.ts)
  'A minute of the day, from 0 to 1440.': 'Un minuto del día, de 0 a 1440.',
  'The end comes after the start.': 'El final va después del inicio.',
  'The last week is on or after the first day.': 'La última semana es el primer día o después.',
  'At most {n} weeks at a time.': 'Como máximo {n} semanas de una vez.',
  'The last day is on or after the first.': 'El último día es el primero o uno posterior.',
  'At most {n} days at a time.': 'Como máximo {n} días de una vez.',

  // The desk's day and its bookings (packages/contract/src/staff-schedule.ts, staff-desk.ts)
  'The resource type is a whole number from 1.': 'El tipo de recurso es un número entero desde 1.',
  'The resource type id is too large.': 'El identificador del tipo de recurso es demasiado grande.',
  'This resource type was not found.': 'No se ha encontrado este tipo de recurso.',
  'At least 2 characters': 'Al menos 2 caracteres',
  'At least 3 characters': 'Al menos 3 caracteres',
  'A phone number: digits, spaces and + ( ) . -': 'Un teléfono: cifras, espacios y + ( ) . -',
  'Choose a resource': 'Elige un recurso',
  'At most 10 resources': 'Como máximo 10 recursos',
  'Whole minutes': 'Minutos enteros',
  'At least 1 minute': 'Al menos 1 minuto',
  'At most 1440 minutes': 'Como máximo 1440 minutos',
  'Whole cents': 'Céntimos enteros',
  'At least 0': 'Al menos 0',
  'Say why, in at least 3 characters': 'Di por qué, en al menos 3 caracteres',
  'Either a customer of the centre or a walk-in, one of the two.':
    'O un cliente del centro o un cliente de paso, uno de los dos.',
  'The refund is original, voucher or none.': 'La devolución es original, voucher o none.',
  'The payment is cash, card, voucher or pending.':
    'El pago es en efectivo, con tarjeta, con un bono o pendiente.',
  'Choose the voucher that pays (and only when a voucher pays).':
    'Elige el bono que paga (y solo cuando paga un bono).',
  "A manual price is at most {n} times the catalogue's price.":
    'Un precio manual es como máximo {n} veces el precio del catálogo.',
  // The desk's sessions (packages/contract/src/staff-sessions.ts)
  'The attendance is came, absent or null.': 'La asistencia es came, absent o null.',
  'The booking id is a whole number from 1.': 'El id de la reserva es un número entero desde 1.',
  'The booking id is too large.': 'El id de la reserva es demasiado grande.',
  'The customer id is a whole number from 1.': 'El id de cliente es un número entero desde 1.',
  'The place id is a whole number from 1.': 'El id de la plaza es un número entero desde 1.',
  'The place id is too large.': 'El id de la plaza es demasiado grande.',
  // The desk's customers (packages/contract/src/staff-customers.ts, customers/desk-accounts.ts)
  'Say what changes: name, surname, phone or email.': 'Di qué cambia: nombre, apellidos, teléfono o correo.',
  'The quantity is a whole number from 1.': 'La cantidad es un número entero desde 1.',
  'At most {n}.': 'Como máximo {n}.',
  'The price is a whole number of cents from 0.': 'El precio es un número entero de céntimos desde 0.',
  'The tax is a percentage from 0 to 100.': 'El impuesto es un porcentaje de 0 a 100.',
  'At least one line': 'Al menos una línea',
  'At most {n} lines': 'Como máximo {n} líneas',
  'The kind is money, sessions or hours.': 'El tipo es money, sessions u hours.',
  'The amount is a whole number from 1.': 'La cantidad es un número entero desde 1.',
  'The booking type id is a whole number from 1.': 'El id del tipo de reserva es un número entero desde 1.',
  'The booking type id is too large.': 'El id del tipo de reserva es demasiado grande.',
  'At most {n} booking types': 'Como máximo {n} tipos de reserva',
  'At most {n} lengths': 'Como máximo {n} duraciones',
  'A money voucher pays anything: it has no booking types.':
    'Un bono monedero paga cualquier cosa: no tiene tipos de reserva.',
  // The desk's orders (packages/contract/src/staff-orders.ts, staff/staff-orders.ts, sales/shop-orders.ts)
  'The state is awaiting_payment, paid, shipped, refunded or cancelled.':
    'El estado es awaiting_payment, paid, shipped, refunded o cancelled.',
  'This order was not paid online: give its money back at the desk or as voucher credit.':
    'Este pedido no se pagó en línea: devuelve su dinero en recepción o como saldo de un bono.',
  'The articles go back into stock only with a refund of the whole order.':
    'Los artículos vuelven al stock solo con la devolución del pedido entero.',
  'Restock is true or false.': 'Restock es true o false.',
  'Nothing is left to give back of this order.': 'No queda nada por devolver de este pedido.',
  'At most {n} cents are left to give back of this order.':
    'Quedan como máximo {n} céntimos por devolver de este pedido.',
  // Moving a booking at the desk (packages/contract/src/staff-move.ts, bookings/court-move.ts)
}
