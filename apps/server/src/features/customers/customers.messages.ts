import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const customersMessages: Messages = {
  // Logins and accounts
  'Invalid Email or Password': 'Correo electrónico o contraseña no válidos',
  'Your account is not activated yet. Open the link in the activation mail we sent you, or ask us to send it again.':
    'Tu cuenta aún no está activada. Abre el enlace del correo de activación que te enviamos o pídenos que te lo enviemos de nuevo.',
  'Too many attempts for this email. Please wait a minute and try again.':
    'Demasiados intentos con este correo. Espera un minuto y vuelve a intentarlo.',
  'Too many failed logins for this email. Please try again in {seconds} s.':
    'Demasiados intentos fallidos con este correo. Vuelve a intentarlo dentro de {seconds} s.',
  'Registration is closed at the moment.': 'El registro está cerrado en este momento.',
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

  // Profile fields (packages/contract/src/customers.ts)
  'Minimum length is {n}': 'La longitud mínima es {n}',
  'This IBAN is not valid: check the digits': 'Este IBAN no es válido: revisa los dígitos',

  // Ids of customers and custom fields (packages/contract/src/customers.ts)
  'The customer id is a whole number from 0.': 'El id de cliente es un número entero desde 0.',
  'The customer id is too large.': 'El id de cliente es demasiado grande.',
  'The id is a whole number from 0.': 'El id es un número entero desde 0.',
  'The custom field id is a whole number from 1.':
    'El id del campo personalizado es un número entero desde 1.',
  'The custom field id is too large.': 'El id del campo personalizado es demasiado grande.',
  // The desk's writes of an account (desk-accounts.ts)
  'This customer was taken at the desk and has no email to send it to.':
    'Este cliente se dio de alta en recepción y no tiene correo al que enviarlo.',
  'This account is already active.': 'Esta cuenta ya está activa.',
  'This account is disabled.': 'Esta cuenta está desactivada.',
}
