import type { Locale } from '@clubhouse/contract'
import { pickLocale } from '../lib/localised.ts'

/**
 * The API's error messages in Spanish (decision 026). The code writes every message in English, which
 * stays the source text and the key here; the error handler answers `errorMsg` and `errors` in the
 * request's language through this catalogue. `{name}` in a key stands for any text (a number, an id,
 * a list of names); it is carried over to the Spanish text, itself translated when the catalogue
 * knows it (the message inside "Check the field …", the part of the request).
 *
 * A test collects every message the server and the contract can send and fails on one missing here.
 */
const SPANISH: Record<string, string> = {
  // Payments (decision 067)
  'This payment was not found.': 'No hemos encontrado este pago.',
  'This payment method is not available yet.': 'Esta forma de pago aún no está disponible.',
  'The payment could not be started. Please try again.':
    'No se ha podido iniciar el pago. Por favor, inténtalo de nuevo.',
  'The payment could not be read. Please try again.':
    'No se ha podido consultar el pago. Por favor, inténtalo de nuevo.',
  'This payment does not match its order.': 'Este pago no corresponde al pedido.',
  'This notification could not be verified.': 'No se ha podido verificar esta notificación.',
  'This card was not found.': 'No hemos encontrado esta tarjeta.',
  'This payment cannot be refunded that much.': 'No se puede devolver tanto de este pago.',
  'This payment reference is not valid.': 'Esta referencia de pago no es válida.',
  'This payment intent is not valid.': 'Este intento de pago no es válido.',
  'This transaction is not valid.': 'Esta transacción no es válida.',
  'The payment has not been completed.': 'El pago no se ha completado.',
  // Holds (decision 072)
  'Someone else holds now what this hold kept.':
    'Lo que guardaba esta reserva provisional ya es de otra persona.',
  // What one customer may hold and book (decision 074)
  'You already have {n} bookings waiting to be paid. Pay for them or remove one from your cart first.':
    'Ya tienes {n} reservas pendientes de pago. Págalas o quita alguna del carrito primero.',
  'You already have {n} free bookings on this day, as many as the centre allows.':
    'Ya tienes {n} reservas gratuitas ese día, las que permite el centro.',
  'This day is too far ahead: this booking type can be booked up to {n} days ahead.':
    'Este día está demasiado lejos: este tipo de reserva se puede reservar con hasta {n} días de antelación.',
  // The error handler (apps/server/src/http/errors.ts)
  'Check the field "{field}": {message}': 'Revisa el campo "{field}": {message}',
  'Check the field "{field}" in {part}: {message}': 'Revisa el campo "{field}" en {part}: {message}',
  querystring: 'la consulta',
  params: 'la ruta',
  headers: 'las cabeceras',
  'The request is not valid.': 'La petición no es válida.',
  'Invalid value': 'Valor no válido',
  'Oops! Technical problems. Please try again.': '¡Vaya! Problemas técnicos. Por favor, inténtalo de nuevo.',
  'The request body is not valid JSON.': 'El cuerpo de la petición no es un JSON válido.',
  'The request body is too large.': 'El cuerpo de la petición es demasiado grande.',
  'This content type is not accepted here.': 'Aquí no se acepta este tipo de contenido.',
  'Too many requests. Please wait a minute and try again.':
    'Demasiadas solicitudes. Espera un minuto y vuelve a intentarlo.',
  '{what} was not found.': 'No se ha encontrado: {what}.',
  'There is nothing at {method} {path}.': 'No hay nada en {method} {path}.',
  '{method} is not accepted at {path}; use {methods}.': '{method} no se acepta en {path}; usa {methods}.',
  'The address of this request is not valid.': 'La dirección de esta petición no es válida.',
  'A part of the address of this request is too long.':
    'Una parte de la dirección de esta petición es demasiado larga.',
  'The address or the headers of this request are too long.':
    'La dirección o las cabeceras de esta petición son demasiado largas.',
  'The request took too long to arrive.': 'La petición ha tardado demasiado en llegar.',

  // Sales and vouchers
  'There is no product {ids}.': 'No existe el producto {ids}.',
  'This sale is already paid or cancelled.': 'Esta venta ya está pagada o cancelada.',
  'This payment is more than what is pending.': 'Este pago es mayor que lo pendiente.',
  'This sale was not found.': 'No hemos encontrado esta venta.',
  'This voucher does not have enough balance left.': 'A este bono no le queda saldo suficiente.',
  'This voucher was not found.': 'No hemos encontrado este bono.',
  'A voucher movement is a whole, non-zero amount.':
    'Un movimiento de bono es una cantidad entera distinta de cero.',

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
  'You are logged in already: this form opens a new account.':
    'Ya has iniciado sesión: este formulario abre una cuenta nueva.',
  'Please try again.': 'Inténtalo de nuevo.',

  'This answer uses an error code its route does not declare.':
    'Esta respuesta usa un código de error que su ruta no declara.',
  'This answer uses a status its error code is not documented with.':
    'Esta respuesta usa un estado con el que su código de error no está documentado.',

  // Database refusals (apps/server/src/db/refusals.ts)
  'This was changed by someone else a moment ago. Please try again.':
    'Alguien lo ha cambiado hace un momento. Vuelve a intentarlo.',
  'This change is not allowed.': 'Este cambio no está permitido.',
  'The request holds characters that cannot be stored.':
    'La petición contiene caracteres que no se pueden guardar.',
  'The site is very busy right now. Please try again in a moment.':
    'La web está muy ocupada ahora mismo. Vuelve a intentarlo en un momento.',

  // Logins, ownership, accounts
  'Please login or register': 'Por favor, inicia sesión o regístrate',
  'This belongs to another customer.': 'Esto pertenece a otro cliente.',
  'Invalid Email or Password': 'Correo electrónico o contraseña no válidos',
  'Your account is not activated yet. Open the link in the activation mail we sent you, or ask us to send it again.':
    'Tu cuenta aún no está activada. Abre el enlace del correo de activación que te enviamos o pídenos que te lo enviemos de nuevo.',
  'Too many attempts for this email. Please wait a minute and try again.':
    'Demasiados intentos con este correo. Espera un minuto y vuelve a intentarlo.',
  'Too many failed logins for this email. Please try again in {seconds} s.':
    'Demasiados intentos fallidos con este correo. Vuelve a intentarlo dentro de {seconds} s.',
  'Registration is closed at the moment.': 'El registro está cerrado en este momento.',
  'Please accept our legal conditions': 'Por favor, acepta nuestras condiciones legales',
  'This password is too common. Choose another one.': 'Esta contraseña es demasiado común. Elige otra.',
  'This email is already registered. Log in, or reset your password.':
    'Este correo ya está registrado. Inicia sesión o restablece tu contraseña.',
  'This email is already registered.': 'Este correo ya está registrado.',
  'This email has an account. Log in to buy with it, or use another email.':
    'Este correo tiene una cuenta. Inicia sesión para comprar con él o usa otro correo.',
  'Log in to buy with this email, or use another one.':
    'Inicia sesión para comprar con este correo o usa otro.',
  'This email is used by another account.': 'Este correo ya lo usa otra cuenta.',
  'This link is not valid or has expired. Ask for a new one.':
    'Este enlace no es válido o ha caducado. Pide uno nuevo.',
  'This link is not valid.': 'Este enlace no es válido.',
  'Wrong password': 'Contraseña incorrecta',
  'Enter your current password to change your email.': 'Escribe tu contraseña actual para cambiar tu correo.',
  'Your account is already active. Log in with your email and password.':
    'Tu cuenta ya está activa. Entra con tu email y tu contraseña.',
  'This customer was not found.': 'No hemos encontrado este cliente.',
  'This card was not found among your saved cards.': 'Esta tarjeta no está entre tus tarjetas guardadas.',
  'There is no custom field {id}.': 'No existe el campo personalizado {id}.',
  'Choose yes or no.': 'Elige sí o no.',
  'Choose one of: {options}.': 'Elige una de estas opciones: {options}.',
  'Order not found': 'Pedido no encontrado',
  'Email not found': 'Correo no encontrado',
  'This mail is not in the demo mailbox.': 'Este correo no está en el buzón de demostración.',

  // Form fields (packages/contract/src/customers.ts, comms.ts, content.ts)
  Required: 'Obligatorio',
  'Field required': 'Campo obligatorio',
  'Write this on one line, without line breaks.': 'Escríbelo en una sola línea, sin saltos de línea.',
  'Enter a valid email address': 'Introduce un correo electrónico válido',
  'Minimum length is {n}': 'La longitud mínima es {n}',
  'At most {n} characters': 'Como máximo {n} caracteres',
  'This IBAN is not valid: check the digits': 'Este IBAN no es válido: revisa los dígitos',
  'A date as YYYY-MM-DD': 'Una fecha con el formato AAAA-MM-DD',
  'Not a real date': 'Esta fecha no existe',
  'Use a colour like #1a7f5a': 'Usa un color como #1a7f5a',
  'This text contains a control character, which is not allowed.':
    'Este texto contiene un carácter de control, que no se admite.',
  'This text contains a broken character (a lone UTF-16 surrogate).':
    'Este texto contiene un carácter roto (un sustituto UTF-16 suelto).',

  // Ids and numbers in paths and queries
  'The customer id is a whole number from 0.': 'El id de cliente es un número entero desde 0.',
  'The customer id is too large.': 'El id de cliente es demasiado grande.',
  'The id is a whole number from 1.': 'El id es un número entero desde 1.',
  'The id is a whole number from 0.': 'El id es un número entero desde 0.',
  'The custom field id is a whole number from 1.':
    'El id del campo personalizado es un número entero desde 1.',
  'The custom field id is too large.': 'El id del campo personalizado es demasiado grande.',
  'The id is too large.': 'El id es demasiado grande.',
  '{name} is a whole number from {n}.': '{name} es un número entero desde {n}.',
  '{name} is at most {n}.': '{name} es como máximo {n}.',
  '{name} is too large.': '{name} es demasiado grande.',
  'parentName is required.': 'parentName es obligatorio.',

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

  // Lists: gridStatus, startRow and endRow (packages/contract/src/grid.ts, shop.ts, blog.ts)
  'The gridStatus is not valid JSON.': 'El gridStatus no es un JSON válido.',
  'The gridStatus is at most {n} characters long.': 'El gridStatus tiene como máximo {n} caracteres.',
  'The gridStatus is a JSON object with sortModel and filterModel.':
    'El gridStatus es un objeto JSON con sortModel y filterModel.',
  'The gridStatus takes sortModel and filterModel only. Unknown: {keys}.':
    'El gridStatus solo lleva sortModel y filterModel. Desconocidos: {keys}.',
  'The sortModel is a list of { colId, sort }.': 'El sortModel es una lista de { colId, sort }.',
  'Each sort names its column in colId.': 'Cada orden indica su columna en colId.',
  'Each sort is "asc" or "desc".': 'Cada orden es "asc" o "desc".',
  'Each sort takes colId and sort only.': 'Cada orden solo lleva colId y sort.',
  'Sort by at most {n} columns.': 'Ordena como máximo por {n} columnas.',
  'Sort by each column once.': 'Ordena por cada columna una sola vez.',
  'Sorting by {column} {direction} is not offered; the sorts are {sorts}.':
    'No se puede ordenar por {column} {direction}; los órdenes posibles son {sorts}.',
  'The filterModel is an object keyed by column.': 'El filterModel es un objeto con una clave por columna.',
  'Unknown filter column {columns}; the filters are {filters}.':
    'Columna de filtro desconocida: {columns}; los filtros son {filters}.',
  'The filter on {column} has filterType "number".': 'El filtro de {column} tiene filterType "number".',
  'The filter on {column} has filterType "number" or "text".':
    'El filtro de {column} tiene filterType "number" o "text".',
  '{column} is filtered with type "equals" only.': '{column} solo se filtra con type "equals".',
  'The filter on {column} takes filterType, type and filter only.':
    'El filtro de {column} solo lleva filterType, type y filter.',
  'TextBlockType is 0 (Posts), 1 (Testimonials) or 2 (Teams), by value or by name.':
    'TextBlockType es 0 (Posts), 1 (Testimonials) o 2 (Teams), por valor o por nombre.',
  'ProductTypeId is filtered by a product type id.': 'ProductTypeId se filtra por un id de tipo de producto.',
  'The search has filterType "text".': 'La búsqueda tiene filterType "text".',
  'The search has type "contains".': 'La búsqueda tiene type "contains".',
  'The search text must be a string.': 'El texto de búsqueda debe ser una cadena de texto.',
  'The search text is at most {n} characters long.': 'El texto de búsqueda tiene como máximo {n} caracteres.',
  'The search looks in {columns} only.': 'La búsqueda solo mira en {columns}.',
  'The search takes filterType, type, filter and columns only.':
    'La búsqueda solo lleva filterType, type, filter y columns.',
  '{message} Unknown: {keys}.': '{message} Desconocidos: {keys}.',
  'Ask for at most {n} rows at a time.': 'Pide como máximo {n} filas cada vez.',
  'endRow must not be below startRow.': 'endRow no puede ser menor que startRow.',

  // Content and blog
  'Not settings defined!': '¡No hay ajustes definidos!',
  'Post {id} was not found.': 'No hemos encontrado la entrada {id}.',
  'Product {id} was not found.': 'No hemos encontrado el producto {id}.',
  // Dynamic forms (apps/server/src/features/forms, packages/contract/src/dynamic-forms.ts)
  'The form': 'El formulario',
  'The field is required': 'El campo es obligatorio',
  'Check the marked fields.': 'Revisa los campos marcados.',
  'There is no field {ids} in this form.': 'Este formulario no tiene el campo {ids}.',
  'A field was sent twice.': 'Se ha enviado un campo dos veces.',
  'This field takes no file.': 'Este campo no admite archivos.',
  'The email is not valid.': 'El email no es válido.',
  'The date is not valid.': 'La fecha no es válida.',
  'The value is not valid.': 'El valor no es válido.',
  'The value is not one of the options.': 'El valor no es ninguna de las opciones.',
  'Only images, PDF, Word, Excel and text files are accepted.':
    'Solo se aceptan imágenes y archivos PDF, Word, Excel y de texto.',
  'This kind of file is not accepted.': 'Este tipo de archivo no se acepta.',
  'A file is larger than {size} MB.': 'Un archivo ocupa más de {size} MB.',
  'Log in to send files with this form.': 'Inicia sesión para enviar archivos con este formulario.',
  'Log in to send a file.': 'Inicia sesión para enviar un archivo.',
  'Your files would take more than the {size} MB of space each customer has.':
    'Tus archivos ocuparían más de los {size} MB de espacio que tiene cada cliente.',
  'There is no space left for this file.': 'No queda espacio para este archivo.',
  'Too many files were sent from here today. Please try again tomorrow.':
    'Hoy se han enviado demasiados archivos desde aquí. Vuelve a intentarlo mañana.',
  'Too many files were sent from here today.': 'Hoy se han enviado demasiados archivos desde aquí.',
  'The form has too many parts.': 'El formulario tiene demasiadas partes.',
  'A field id is a whole number from 1.': 'El id de un campo es un número entero desde 1.',
  'The field id is too large.': 'El id del campo es demasiado grande.',
  'customerId is a whole number from 0.': 'customerId es un número entero desde 0.',
  'customerId is too large.': 'customerId es demasiado grande.',
  // Activities (apps/server/src/features/activities, packages/contract/src/activities.ts)
  'This activity was not found.': 'No hemos encontrado esta actividad.',
  'This sign-up was not found.': 'No hemos encontrado esta inscripción.',
  'This activity takes no sign-ups online.': 'Esta actividad no admite inscripciones en línea.',
  'You are already signed up to this activity.': 'Ya estás inscrito en esta actividad.',
  'There are no places left in this activity.': 'No quedan plazas en esta actividad.',
  'Fill in the sign-up form of this activity first.':
    'Rellena primero el formulario de inscripción de esta actividad.',
  'This sign-up is confirmed and cannot be removed from the cart.':
    'Esta inscripción está confirmada y no se puede quitar del carrito.',
  // Booking by place (apps/server/src/features/bookings/place-bookings.service.ts)
  'This session was not found.': 'No hemos encontrado esta sesión.',
  'This session has no such place map.': 'Esta sesión no tiene ese mapa de plazas.',
  'This waiting list entry was not found.': 'No hemos encontrado esta entrada de la lista de espera.',
  'This session has already started.': 'Esta sesión ya ha empezado.',
  'Choose your place on the map of this session.': 'Elige tu plaza en el mapa de esta sesión.',
  'This place is not one of the map of this session.': 'Esta plaza no es del mapa de esta sesión.',
  'This session has no map of places: book any place.':
    'Esta sesión no tiene mapa de plazas: reserva una plaza cualquiera.',
  'You already have a place in this session.': 'Ya tienes una plaza en esta sesión.',
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
}

const PLACEHOLDER = /\{(\w+)\}/g
const HAS_PLACEHOLDER = /\{\w+\}/

type Template = { names: string[]; pattern: RegExp; spanish: string; literal: number }

/** The keys with placeholders, the most specific (most fixed text) first. */
const TEMPLATES: Template[] = Object.entries(SPANISH)
  .filter(([english]) => HAS_PLACEHOLDER.test(english))
  .map(([english, spanish]) => {
    const names: string[] = []
    const source = english
      .split(PLACEHOLDER)
      .map((part, i) => {
        if (i % 2 === 1) {
          names.push(part)
          return '([\\s\\S]+?)'
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      })
      .join('')
    return {
      names,
      pattern: new RegExp(`^${source}$`),
      spanish,
      literal: english.replace(PLACEHOLDER, '').length,
    }
  })
  .sort((a, b) => b.literal - a.literal)

const own = (key: string): string | undefined => (Object.hasOwn(SPANISH, key) ? SPANISH[key] : undefined)

function fill(text: string, params: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => params[name] ?? whole)
}

/** The Spanish of an English message, or undefined when the catalogue has no entry for it. */
export function spanishOf(message: string, depth = 0): string | undefined {
  const exact = own(message)
  if (exact !== undefined) return exact
  for (const t of TEMPLATES) {
    const m = t.pattern.exec(message)
    if (!m) continue
    const params: Record<string, string> = {}
    t.names.forEach((name, i) => {
      const value = m[i + 1]!
      params[name] = (depth < 2 && spanishOf(value, depth + 1)) || value
    })
    return fill(t.spanish, params)
  }
  return undefined
}

/** A message in a language: Spanish from the catalogue, English (the source) otherwise. */
export function translateMessage(message: string, locale: Locale): string {
  if (locale !== 'es-ES') return message
  return spanishOf(message) ?? message
}

/**
 * Writes a message from one of the catalogue's templates, its params already in `locale`: the
 * summary of a validation failure around a field's message.
 */
export function say(locale: Locale, template: string, params: Record<string, string>): string {
  return fill(locale === 'es-ES' ? (own(template) ?? template) : template, params)
}

/**
 * The fields of the site's forms as the forms label them (apps/web/src/lib/i18n), by the name
 * they have in a request body: a summary names the field a customer sees, not the name a
 * developer gave it ("Password: Minimum length is 5", never 'Check the field "password"').
 */
const FIELD_LABELS: Record<string, Record<Locale, string>> = {
  name: { 'en-US': 'Name', 'es-ES': 'Nombre' },
  surname: { 'en-US': 'Surname', 'es-ES': 'Apellidos' },
  email: { 'en-US': 'Email', 'es-ES': 'Correo electrónico' },
  phone: { 'en-US': 'Phone', 'es-ES': 'Teléfono' },
  password: { 'en-US': 'Password', 'es-ES': 'Contraseña' },
  currentPassword: { 'en-US': 'Current password', 'es-ES': 'Contraseña actual' },
  plainPassword: { 'en-US': 'New Password', 'es-ES': 'Nueva contraseña' },
  plainOldPass: { 'en-US': 'Current password', 'es-ES': 'Contraseña actual' },
  plainNewPass: { 'en-US': 'New password', 'es-ES': 'Nueva contraseña' },
  gender: { 'en-US': 'Gender', 'es-ES': 'Sexo' },
  birthDate: { 'en-US': 'Birth date', 'es-ES': 'Fecha de nacimiento' },
  dni: { 'en-US': 'ID number (DNI)', 'es-ES': 'DNI' },
  addressLine1: { 'en-US': 'Address', 'es-ES': 'Dirección' },
  postalCode: { 'en-US': 'Postal code', 'es-ES': 'Código postal' },
  city: { 'en-US': 'City', 'es-ES': 'Ciudad' },
  town: { 'en-US': 'Province', 'es-ES': 'Provincia' },
  country: { 'en-US': 'Country', 'es-ES': 'País' },
  accountHolderName: { 'en-US': 'Account holder', 'es-ES': 'Titular de la cuenta' },
  iban: { 'en-US': 'IBAN', 'es-ES': 'IBAN' },
  question: { 'en-US': 'Question', 'es-ES': 'Pregunta' },
}

/** Every Spanish text of the catalogue (a test reads them for the voice they speak in). */
export const spanishCatalogue = (): readonly string[] => Object.values(SPANISH)

/** A field's message after the field's label, as a form's summary says it in either language. */
export const labelled = (label: string, message: string) => `${label}: ${message}`

/** A request body's field as the site's forms label it; undefined for a field no form shows. */
export function fieldLabel(field: string, locale: Locale): string | undefined {
  return Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field]![locale] : undefined
}

/**
 * The language of a request's error messages: the one its Accept-Language picks; English, the
 * API's own language, when it names none (decision 026).
 */
export function errorLocale(acceptLanguage: string | undefined): Locale {
  return acceptLanguage?.trim() ? pickLocale(acceptLanguage) : 'en-US'
}

/** A validation issue as the zod type provider hands it to the error handler. */
export type ValidationIssue = {
  keyword: string
  message?: string
  params?: Record<string, unknown>
}

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
}

/**
 * The Spanish of zod's own messages (schemas that give none of theirs, such as a bare `.max(100)`),
 * written from the issue's code and details.
 */
function zodIssueInSpanish(issue: ValidationIssue): string | undefined {
  const p = issue.params ?? {}
  const num = (v: unknown) => String(v)
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message ?? '')) return 'Obligatorio'
      return `Valor no válido: se esperaba ${TYPE_NAMES[String(p.expected)] ?? String(p.expected)}`
    case 'too_big': {
      const max = num(p.maximum)
      if (p.origin === 'string') return `Como máximo ${max} caracteres`
      if (p.origin === 'array' || p.origin === 'set')
        return `Como máximo ${max} ${max === '1' ? 'elemento' : 'elementos'}`
      return p.inclusive === false ? `Debe ser menor que ${max}` : `Como máximo ${max}`
    }
    case 'too_small': {
      const min = num(p.minimum)
      if (p.origin === 'string') return min === '1' ? 'Obligatorio' : `Como mínimo ${min} caracteres`
      if (p.origin === 'array' || p.origin === 'set')
        return min === '1' ? 'Añade al menos uno' : `Como mínimo ${min} elementos`
      return p.inclusive === false ? `Debe ser mayor que ${min}` : `Como mínimo ${min}`
    }
    case 'invalid_format':
      return p.format === 'email' ? 'Introduce un correo electrónico válido' : 'El formato no es válido'
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values.map((v) => JSON.stringify(v)) : []
      return values.length ? `Valor no válido: se esperaba ${values.join(' o ')}` : 'Valor no válido'
    }
    case 'unrecognized_keys': {
      const keys = Array.isArray(p.keys) ? p.keys.join(', ') : ''
      return `Campos desconocidos: ${keys}`
    }
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${num(p.divisor)}`
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'Valor no válido'
    default:
      return undefined
  }
}

/** The message of one validation issue in a language. */
export function issueMessage(issue: ValidationIssue, locale: Locale): string {
  const english = issue.message || 'Invalid value'
  if (locale !== 'es-ES') return english
  return spanishOf(english) ?? zodIssueInSpanish(issue) ?? english
}
