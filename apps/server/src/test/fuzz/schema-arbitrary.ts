import fc from 'fast-check'
import { WHOLE_NUMBER_TEXT } from '@clubhouse/contract/server'
import { z } from 'zod'

/**
 * Values a route's schema accepts, as fast-check arbitraries, built from the JSON Schema of the
 * schema's input (`z.toJSONSchema(…, { io: 'input' })`): what a client may send, before transforms.
 * Refinements a JSON Schema cannot say (`superRefine`, a range that runs backwards) are not known
 * here, so a "valid" value is refused now and then: that is still a request the API must answer.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON Schema is plain JSON here */
export type Json = Record<string, any>

export interface SchemaContext {
  /** The ids a valid request uses: the world's own mostly, so requests reach real rows. */
  ids: fc.Arbitrary<number>
  /** `$defs` of the document being walked. */
  defs: Json
}

/** The JSON Schema of a zod schema's input; what zod cannot represent reads as "anything". */
export function inputJsonSchema(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json
}

/** The contract's ids (`wholeNumber`): a JSON integer or its digits as text. */
export function isWholeNumberSchema(schema: Json): boolean {
  const options: Json[] | undefined = schema.anyOf
  return (
    Array.isArray(options) &&
    options.length === 2 &&
    options.some((o) => o.type === 'integer') &&
    options.some((o) => o.type === 'string' && o.pattern === WHOLE_NUMBER_TEXT.source)
  )
}

const MAX_DEPTH = 6
/** Valid strings stay short: long ones are the hostile generator's business. */
const VALID_STRING_MAX = 24
const VALID_ARRAY_EXTRA = 3

export function arbitraryOf(schema: Json, ctx: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null)
  if (typeof schema !== 'object' || schema === null) return fc.jsonValue({ maxDepth: 1 })
  if (schema.$ref) {
    const name = String(schema.$ref).replace(/^#\/\$defs\//, '')
    const target = ctx.defs[name]
    return target ? arbitraryOf(target, ctx, depth + 1) : fc.jsonValue({ maxDepth: 1 })
  }
  if (isWholeNumberSchema(schema)) {
    return fc.tuple(ctx.ids, fc.boolean()).map(([id, asText]) => (asText ? String(id) : id))
  }
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) {
      return fc.oneof(...(schema[key] as Json[]).map((s) => arbitraryOf(s, ctx, depth + 1)))
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return arbitraryOf(schema.allOf[0], ctx, depth + 1)
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type }, ctx, depth)))
  }
  switch (schema.type) {
    case 'object':
      return objectOf(schema, ctx, depth)
    case 'array':
      return arrayOf(schema, ctx, depth)
    case 'string':
      return stringOf(schema)
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, schema.exclusiveMinimum + 1 || -Infinity, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, schema.exclusiveMaximum - 1 || Infinity, 1_000_000),
      })
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000),
        noNaN: true,
        noDefaultInfinity: true,
      })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
  }
  return fc.jsonValue({ maxDepth: 2 })
}

function objectOf(schema: Json, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties: Json = schema.properties ?? {}
  const keys = Object.keys(properties)
  if (keys.length === 0) {
    // A record (`z.record`): a few entries of its values.
    const values = schema.additionalProperties
    return typeof values === 'object'
      ? fc.dictionary(fc.string({ maxLength: 12 }), arbitraryOf(values, ctx, depth + 1), { maxKeys: 3 })
      : fc.constant({})
  }
  // A text named as an email is checked as one after a transform the JSON Schema cannot say.
  const model = Object.fromEntries(
    keys.map((k) => [
      k,
      /e-?mail$/i.test(k) && properties[k].type === 'string'
        ? fc.oneof(
            { arbitrary: arbitraryOf({ ...properties[k], format: 'email' }, ctx, depth + 1), weight: 4 },
            { arbitrary: arbitraryOf(properties[k], ctx, depth + 1), weight: 1 },
          )
        : arbitraryOf(properties[k], ctx, depth + 1),
    ]),
  )
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k: string) => k in model) })
}

function arrayOf(schema: Json, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.prefixItems)) {
    return fc.tuple(...(schema.prefixItems as Json[]).map((s) => arbitraryOf(s, ctx, depth + 1)))
  }
  const minLength = schema.minItems ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? Infinity, minLength + VALID_ARRAY_EXTRA))
  return fc.array(arbitraryOf(schema.items ?? {}, ctx, depth + 1), { minLength, maxLength })
}

const DATE = {
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2099-12-31T00:00:00Z'),
  noInvalidDate: true,
}

function stringOf(schema: Json): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? VALID_STRING_MAX, VALID_STRING_MAX))
  let text: fc.Arbitrary<string>
  if (schema.format === 'email') {
    // Plain addresses: the server's own check is stricter than RFC 5322's.
    text = fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/), fc.constantFrom('example.com', 'example.org'))
      .map(([local, domain]) => `${local}@${domain}`)
  } else if (schema.pattern) {
    const pattern = new RegExp(schema.pattern as string)
    text = datesMatching(pattern) ?? fc.stringMatching(pattern)
  } else if (schema.format === 'date-time') {
    text = fc.date(DATE).map((d) => d.toISOString())
  } else if (schema.format === 'date') {
    text = fc.date(DATE).map((d) => d.toISOString().slice(0, 10))
  } else if (schema.format === 'uuid') {
    text = fc.uuid()
  } else {
    return fc.string({ minLength, maxLength })
  }
  // A pattern's or format's text may still be over the schema's length: the request is then simply refused.
  return text
}

/**
 * Dates and times of a date pattern (`2030-01-10`, `2030-01-10 09:00`, `…T09:00:00`…): real ones, on
 * the half hour, in the fortnight from the worlds's clock (Monday 7 January 2030), so a booking's
 * request can be one the club takes. Undefined when the pattern is no date's.
 */
function datesMatching(pattern: RegExp): fc.Arbitrary<string> | undefined {
  const sample = '2030-01-10T09:30:00.000Z'
  const formats = [
    (iso: string) => iso.slice(0, 10),
    (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`,
    (iso: string) => iso.slice(0, 16),
    (iso: string) => iso.slice(0, 19),
    (iso: string) => iso,
  ].filter((format) => pattern.test(format(sample)))
  if (formats.length === 0) return undefined
  const start = Date.parse('2030-01-06T00:00:00.000Z')
  return fc
    .tuple(fc.integer({ min: 0, max: 14 * 48 }), fc.constantFrom(...formats))
    .map(([halfHours, format]) => format(new Date(start + halfHours * 30 * 60_000).toISOString()))
}
