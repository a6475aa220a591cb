import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { memoizingValidatorCompiler, MEMO_ENTRIES_PER_ROUTE } from './validation.ts'

const Query = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: z
    .string()
    .optional()
    .transform((text) => (text ? (JSON.parse(text) as unknown) : {}))
    .pipe(z.object({ sort: z.enum(['asc', 'desc']).default('asc') })),
})

type Result = { value?: unknown; error?: unknown }
const compile = (httpPart: string, schema: z.ZodType = Query) =>
  memoizingValidatorCompiler({ schema, method: 'GET', url: '/x', httpPart }) as (data: unknown) => Result

describe('the memoizing validator', () => {
  it('hands the same parsed, frozen query back for the same query string', () => {
    const validate = compile('querystring')
    const first = validate({ page: '2', status: '{"sort":"desc"}' })
    expect(first.value).toEqual({ page: 2, status: { sort: 'desc' } })
    const again = validate({ page: '2', status: '{"sort":"desc"}' })
    expect(again.value).toBe(first.value)
    expect(Object.isFrozen(first.value)).toBe(true)
    expect(Object.isFrozen((first.value as { status: object }).status)).toBe(true)
    expect(validate({ page: '3', status: '{"sort":"desc"}' }).value).toEqual({
      page: 3,
      status: { sort: 'desc' },
    })
    expect(validate({}).value).toEqual({ page: 1, status: { sort: 'asc' } })
  })

  it('checks a failing query string every time', () => {
    const validate = compile('querystring')
    for (let i = 0; i < 2; i++) {
      expect(validate({ page: '0' }).error).toBeTruthy()
      expect(validate({ status: '{"sort":"up"}' }).error).toBeTruthy()
    }
  })

  it('checks repeated parameters and bodies every time, and forgets the oldest query strings', () => {
    const validate = compile('querystring', z.object({ tag: z.array(z.string()) }))
    const tags = { tag: ['a', 'b'] }
    expect(validate(tags).value).toEqual(tags)
    expect(validate(tags).value).not.toBe(validate(tags).value)

    const body = compile('body', z.object({ name: z.string() }))
    expect(body({ name: 'a' }).value).not.toBe(body({ name: 'a' }).value)

    const pages = compile('querystring')
    const first = pages({ page: '1' }).value
    for (let i = 2; i <= MEMO_ENTRIES_PER_ROUTE + 1; i++) pages({ page: String(i) })
    expect(pages({ page: '1' }).value).not.toBe(first)
    expect(pages({ page: '1' }).value).toEqual(first)
  })
})
