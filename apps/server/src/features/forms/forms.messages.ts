import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const formsMessages: Messages = {
  // Registration forms
  'You are logged in already: this form opens a new account.':
    'Ya has iniciado sesión: este formulario abre una cuenta nueva.',

  // Dynamic forms (forms.service.ts, packages/contract/src/dynamic-forms.ts)
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
}
