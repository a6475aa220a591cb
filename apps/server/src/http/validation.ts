import type { FastifySchemaCompiler } from 'fastify'
import type { FastifySchemaValidationError } from 'fastify/types/schema.js'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'

/** Distinct query strings remembered per route; the oldest is forgotten first. */
export const MEMO_ENTRIES_PER_ROUTE = 256
/** Query strings longer than this are checked every time (a real list query is a few hundred characters). */
const MEMO_MAX_KEY_LENGTH = 4096

type ValidationResult = { value: unknown } | { error: Error | FastifySchemaValidationError[] }

/** Freezes a parsed value, so one request cannot change what the next one is handed. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/** A key for a parsed query string, or undefined when it holds anything but plain strings. */
function keyOf(query: unknown): string | undefined {
  if (!query || typeof query !== 'object') return ''
  let key = ''
  for (const name in query) {
    const v = (query as Record<string, unknown>)[name]
    if (typeof v !== 'string') return undefined
    key += `${name.length}:${name}=${v.length}:${v}`
    if (key.length > MEMO_MAX_KEY_LENGTH) return undefined
  }
  return key
}

/**
 * The zod validator compiler, remembering the parsed query strings of each route. Lists are asked
 * the same few queries over and over (the shop's first page in each sort), and parsing a gridStatus
 * (JSON, then its strict zod schema) was a tenth of the shop list's cost per request. Checking is
 * pure, so a query string that passed once passes again with the same value; only passes are
 * remembered, frozen. Bodies, params and headers are checked every time.
 */
export const memoizingValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route) as (data: unknown) => ValidationResult
  if (route.httpPart !== 'querystring') return validate
  const passed = new Map<string, ValidationResult>()
  return (data: unknown) => {
    const key = keyOf(data)
    if (key === undefined) return validate(data)
    const hit = passed.get(key)
    if (hit) return hit
    const result = validate(data)
    if ('value' in result) {
      deepFreeze(result.value)
      passed.set(key, result)
      if (passed.size > MEMO_ENTRIES_PER_ROUTE) passed.delete(passed.keys().next().value as string)
    }
    return result
  }
}
