import type { Locale } from '@clubhouse/contract/server'
import { pickLocale } from '../lib/localised.ts'

/** The Spanish of messages, by their English text. */
export type Messages = Readonly<Record<string, string>>

/**
 * The API's error messages in Spanish (decision 026). The code writes every message in English, which
 * stays the source text and the key here; the error handler answers `errorMsg` and `errors` in the
 * request's language through this catalogue. `{name}` in a key stands for any text (a number, an id,
 * a list of names); it is carried over to the Spanish text, itself translated when the catalogue
 * knows it (the message inside "Check the field …", the part of the request).
 *
 * Here are the messages answered by more than one feature, by the HTTP layer and the database
 * layer, and by the contract's shared schemas (fields, ids, lists). A feature's own messages live
 * beside it (`features/<feature>/<feature>.messages.ts`) and join the catalogue by `addMessages`
 * (decision 103). A test collects every message the server and the contract can send and fails on
 * one missing, and on one a feature answers that is worded outside its own file and this one.
 */
const SHARED: Messages = {
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

  // Sales and vouchers, answered by the checkout too
  'There is no product {ids}.': 'No existe el producto {ids}.',
  'This voucher does not have enough balance left.': 'A este bono no le queda saldo suficiente.',

  // Answers their route's contract does not document (strictErrorCodes, apps/server/src/http/errors.ts)
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

  // Logins and ownership (apps/server/src/http/auth.ts), and what several features ask of an account
  'Please login or register': 'Por favor, inicia sesión o regístrate',
  'Log in with your staff account.': 'Inicia sesión con tu cuenta de personal.',
  'Your role does not allow this.': 'Tu rol no permite hacer esto.',
  'Set up your second factor first.': 'Configura antes tu segundo factor.',
  'This belongs to another customer.': 'Esto pertenece a otro cliente.',
  'Please accept our legal conditions': 'Por favor, acepta nuestras condiciones legales',

  // Form fields (packages/contract/src/customers.ts, comms.ts, content.ts)
  Required: 'Obligatorio',
  'Field required': 'Campo obligatorio',
  'Write this on one line, without line breaks.': 'Escríbelo en una sola línea, sin saltos de línea.',
  'Enter a valid email address': 'Introduce un correo electrónico válido',
  'At most {n} characters': 'Como máximo {n} caracteres',
  'A date as YYYY-MM-DD': 'Una fecha con el formato AAAA-MM-DD',
  'Not a real date': 'Esta fecha no existe',
  'This text contains a control character, which is not allowed.':
    'Este texto contiene un carácter de control, que no se admite.',
  'This text contains a broken character (a lone UTF-16 surrogate).':
    'Este texto contiene un carácter roto (un sustituto UTF-16 suelto).',

  // Ids and numbers in paths and queries
  'The id is a whole number from 1.': 'El id es un número entero desde 1.',
  'The id is too large.': 'El id es demasiado grande.',
  '{name} is a whole number from {n}.': '{name} es un número entero desde {n}.',
  '{name} is at most {n}.': '{name} es como máximo {n}.',
  '{name} is too large.': '{name} es demasiado grande.',

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
  '{column} is filtered with type "equals" only.': '{column} solo se filtra con type "equals".',
  'The filter on {column} takes filterType, type and filter only.':
    'El filtro de {column} solo lleva filterType, type y filter.',
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

  // Ids of customers in the forms' and the shop's queries
  'customerId is a whole number from 0.': 'customerId es un número entero desde 0.',
  'customerId is too large.': 'customerId es demasiado grande.',
}

const PLACEHOLDER = /\{(\w+)\}/g
const HAS_PLACEHOLDER = /\{\w+\}/

type Template = { names: string[]; pattern: RegExp; spanish: string; literal: number }

/** The whole catalogue: the shared messages and those the features added. */
const SPANISH: Record<string, string> = { ...SHARED }

/**
 * Adds a feature's messages to the catalogue. Adding the same again changes nothing; an English text
 * two features word differently in Spanish is a defect, refused here.
 */
export function addMessages(...catalogues: Messages[]) {
  for (const catalogue of catalogues) {
    for (const [english, spanish] of Object.entries(catalogue)) {
      if (Object.hasOwn(SPANISH, english) && SPANISH[english] !== spanish) {
        throw new Error(`"${english}" is worded twice in Spanish: "${SPANISH[english]}" and "${spanish}"`)
      }
      SPANISH[english] = spanish
    }
  }
  catalogue = catalogueOf(SPANISH)
}

/** The keys with placeholders, the most specific (most fixed text) first. */
const templatesOf = (catalogue: Messages): Template[] =>
  Object.entries(catalogue)
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

function fill(text: string, params: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => params[name] ?? whole)
}

/** How a catalogue reads a message: its Spanish, or undefined when the catalogue has no entry for it. */
function catalogueOf(spanish: Messages): (message: string) => string | undefined {
  const templates = templatesOf(spanish)
  const read = (message: string, depth: number): string | undefined => {
    if (Object.hasOwn(spanish, message)) return spanish[message]
    for (const t of templates) {
      const m = t.pattern.exec(message)
      if (!m) continue
      const params: Record<string, string> = {}
      t.names.forEach((name, i) => {
        const value = m[i + 1]!
        params[name] = (depth < 2 && read(value, depth + 1)) || value
      })
      return fill(t.spanish, params)
    }
    return undefined
  }
  return (message) => read(message, 0)
}

let catalogue = catalogueOf(SPANISH)

const own = (key: string): string | undefined => (Object.hasOwn(SPANISH, key) ? SPANISH[key] : undefined)

/** The Spanish of an English message, or undefined when the catalogue has no entry for it. */
export function spanishOf(message: string): string | undefined {
  return catalogue(message)
}

/**
 * The Spanish of a message as the shared messages and only these catalogues word it: what a
 * feature's own file and the shared ones say, without the other features'.
 */
export function spanishWith(...catalogues: Messages[]): (message: string) => string | undefined {
  return catalogueOf(Object.assign({}, SHARED, ...catalogues))
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
