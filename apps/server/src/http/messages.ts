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

  // Logins, ownership, accounts
  'Please login or register': 'Por favor, inicia sesión o regístrate',
  'This belongs to another customer.': 'Esto pertenece a otro cliente.',
  'Invalid Email or Password': 'Correo electrónico o contraseña no válidos',
  'Your account is not activated yet. Open the link in the activation mail we sent you, or ask us to send it again.':
    'Tu cuenta aún no está activada. Abre el enlace del correo de activación que te enviamos o pídenos que te lo enviemos de nuevo.',
  'Too many attempts for this email. Please wait a minute and try again.':
    'Demasiados intentos con este correo. Espera un minuto y vuelve a intentarlo.',
  'Registration is closed at the moment.': 'El registro está cerrado en este momento.',
  'Please accept our legal conditions': 'Por favor, acepta nuestras condiciones legales',
  'This password is too common. Choose another one.': 'Esta contraseña es demasiado común. Elige otra.',
  'This email is already registered. Log in, or reset your password.':
    'Este correo ya está registrado. Inicia sesión o restablece tu contraseña.',
  'This email is already registered.': 'Este correo ya está registrado.',
  'This email is used by another account.': 'Este correo ya lo usa otra cuenta.',
  'This link is not valid or has expired. Ask for a new one.':
    'Este enlace no es válido o ha caducado. Pide uno nuevo.',
  'This link is not valid.': 'Este enlace no es válido.',
  'Wrong password': 'Contraseña incorrecta',
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
  'Enter a valid email address': 'Introduce un correo electrónico válido',
  'Minimum length is {n}': 'La longitud mínima es {n}',
  'At most {n} characters': 'Como máximo {n} caracteres',
  'This IBAN is not valid: check the digits': 'Este IBAN no es válido: revisa los dígitos',
  'A date as YYYY-MM-DD': 'Una fecha con el formato AAAA-MM-DD',
  'Not a real date': 'Esta fecha no existe',
  'Use a colour like #1a7f5a': 'Usa un color como #1a7f5a',

  // Ids and numbers in paths and queries
  'The customer id is a whole number from 0.': 'El id de cliente es un número entero desde 0.',
  'The customer id is too large.': 'El id de cliente es demasiado grande.',
  'The id is a whole number from 1.': 'El id es un número entero desde 1.',
  'The id is too large.': 'El id es demasiado grande.',
  '{name} is a whole number from {n}.': '{name} es un número entero desde {n}.',
  '{name} is at most {n}.': '{name} es como máximo {n}.',
  '{name} is too large.': '{name} es demasiado grande.',
  'parentName is required.': 'parentName es obligatorio.',

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
