import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  allRoutes,
  CONTROL_CHARACTER_MESSAGE,
  CustomerId,
  CustomerSaveBody,
  IdParam,
  InfoRequestBody,
  LONE_SURROGATE_MESSAGE,
  LoginBody,
  refuseUnstorableText,
  type RouteDef,
  safeString,
  ShopListQuery,
  TextBlockPageQuery,
} from './index.ts'

const messagesOf = (r: { success: boolean; error?: z.ZodError }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? [])

/** C0 controls but tab, LF and CR; DEL; C1 controls. */
const REFUSED_CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => ![0x09, 0x0a, 0x0d].includes(c)),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((c) => String.fromCharCode(c))

describe('a string from a client', () => {
  const text = safeString().trim().min(1, 'Required')

  it('refuses every control character but tab, CR and LF, wherever it stands', () => {
    expect(REFUSED_CONTROLS).toHaveLength(29 + 33)
    for (const c of REFUSED_CONTROLS) {
      for (const value of [c, `a${c}`, `${c}a`, `a${c}b`]) {
        // The field's first message is the one a client is shown.
        expect(messagesOf(text.safeParse(value))[0], JSON.stringify(value)).toBe(CONTROL_CHARACTER_MESSAGE)
      }
    }
  })

  it('refuses a control character that a trim would have removed', () => {
    // VT and FF are white space to String.prototype.trim: checked before the trim, they are refused.
    expect(messagesOf(text.safeParse('\u000bname\u000c'))).toEqual([CONTROL_CHARACTER_MESSAGE])
  })

  it('refuses a lone surrogate, high or low, and a pair written backwards', () => {
    for (const value of ['\ud800', 'a\udbff', '\udc00b', 'a\udfffb', '\ude00\ud83d']) {
      expect(messagesOf(text.safeParse(value)), JSON.stringify(value)).toEqual([LONE_SURROGATE_MESSAGE])
    }
  })

  it('keeps tab, line breaks and every real character', () => {
    for (const value of [
      'two\nlines',
      'windows\r\nlines',
      'a\ttab',
      'Ñandú café',
      '😀 emoji 👩‍👩‍👧',
      'no\u00a0break',
      'zero\u200bwidth',
      '中文',
    ]) {
      expect(text.safeParse(value)).toEqual({ success: true, data: value })
    }
  })

  it('refuses control characters in the fields the probe found answering 500', () => {
    const nul = 'a\u0000b'
    const fieldsOf = (r: { success: boolean; error?: z.ZodError }) =>
      r.success ? [] : (r.error?.issues.map((i) => i.path.join('.')) ?? [])
    expect(fieldsOf(InfoRequestBody.safeParse({ email: 'a@b.es', question: nul }))).toEqual(['question'])
    expect(fieldsOf(LoginBody.safeParse({ email: nul, password: 'secret' }))).toEqual(['email'])
    expect(
      fieldsOf(
        CustomerSaveBody.safeParse({
          name: 'Ana',
          surname: 'Ruiz',
          email: 'ana@example.com',
          phone: '600',
          city: nul,
          customFieldValues: [{ customFieldId: 1, value: nul }],
        }),
      ),
    ).toEqual(['city', 'customFieldValues.0.value'])
    const search = JSON.stringify({
      filterModel: { search: { filterType: 'text', type: 'contains', filter: nul } },
    })
    expect(fieldsOf(ShopListQuery.safeParse({ gridStatus: search }))).toEqual([
      'gridStatus.filterModel.search.filter',
    ])
    expect(fieldsOf(TextBlockPageQuery.safeParse({ gridStatus: search }))).toEqual([
      'gridStatus.filterModel.search.filter',
    ])
  })
})

describe('an id', () => {
  const REFUSED_TEXT = ['1e0', '0x1', ' 1', '1 ', '1.0', '', '+1', '-1', '01', '1_000', '１', '1\u0000']
  const REFUSED_JSON: unknown[] = [true, false, null, [1], { id: 1 }, 1.5, -1, Number.NaN, Infinity]

  it('reads decimal digits, in a path or query as in a body', () => {
    expect(IdParam.parse('1')).toBe(1)
    expect(IdParam.parse('2147483647')).toBe(2147483647)
    expect(CustomerId.parse('0')).toBe(0)
  })

  it('reads a JSON integer in a body', () => {
    expect(IdParam.parse(42)).toBe(42)
    expect(CustomerId.parse(0)).toBe(0)
  })

  it('refuses every other way of writing a number, with the id message', () => {
    for (const value of [...REFUSED_TEXT, ...REFUSED_JSON]) {
      expect(messagesOf(IdParam.safeParse(value))[0], JSON.stringify(value)).toBe(
        'The id is a whole number from 1.',
      )
    }
    expect(messagesOf(IdParam.safeParse('0'))).toEqual(['The id is a whole number from 1.'])
  })

  it('refuses an id beyond the database integer', () => {
    for (const value of ['2147483648', 2147483648, '99999999999999999999']) {
      expect(messagesOf(IdParam.safeParse(value))).toEqual(['The id is too large.'])
    }
  })

  it('reads startRow and endRow the same way', () => {
    expect(ShopListQuery.safeParse({ startRow: '30', endRow: '60' }).success).toBe(true)
    for (const startRow of ['1e1', '0x1', ' 3', '3.0', '']) {
      expect(messagesOf(ShopListQuery.safeParse({ startRow })), startRow).toEqual([
        'startRow is a whole number from 0.',
      ])
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Every route, read from its schemas

type Def = Record<string, unknown> & { type: string }
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def

/** The string and number schemas a client's input reaches, each with where it stands. */
function leaves(schema: unknown, where: string, out: { where: string; schema: unknown; def: Def }[] = []) {
  const def = defOf(schema)
  const inner = (s: unknown, w = where) => leaves(s, w, out)
  switch (def.type) {
    case 'string':
    case 'number':
      out.push({ where, schema, def })
      break
    case 'object':
      for (const [key, s] of Object.entries(def.shape as Record<string, unknown>)) inner(s, `${where}.${key}`)
      break
    case 'array':
      inner(def.element, `${where}[]`)
      break
    case 'union':
      for (const s of def.options as unknown[]) inner(s)
      break
    case 'record':
      inner(def.keyType, `${where}{key}`)
      inner(def.valueType, `${where}{}`)
      break
    case 'pipe': {
      inner(def.in)
      // The out side of a pipe sees what its in side made: a string checked already (`Email`'s
      // z.email()) needs no second look; what a transform made (gridStatus's JSON) does.
      if (defOf(unwrap(def.in)).type !== 'string') inner(def.out)
      break
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      inner(def.innerType)
      break
    case 'intersection':
      inner(def.left)
      inner(def.right)
      break
    case 'lazy':
      inner((def.getter as () => unknown)())
      break
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
    case 'undefined':
    case 'transform':
    case 'unknown':
      break
    default:
      throw new Error(`${where}: the walk does not know zod's ${def.type} yet`)
  }
  return out
}

function unwrap(schema: unknown): unknown {
  const def = defOf(schema)
  return ['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)
    ? unwrap(def.innerType)
    : schema
}

const inputLeaves = (Object.entries(allRoutes) as [string, RouteDef][]).flatMap(([name, route]) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = route[part]
    return schema ? leaves(schema, `${name} ${part}`) : []
  }),
)

describe('the inputs of every route', () => {
  it('are found by the walk', () => {
    const where = inputLeaves.map((l) => l.where)
    for (const known of [
      'login body.email',
      'register body.customFieldValues[].value',
      'shopList query.gridStatus',
      'shopList query.gridStatus.filterModel.search.filter',
      'textBlocksList query.gridstatus.sortModel[].colId',
      'fileUploads query.parentName',
      'getCustomer params.id',
    ]) {
      expect(where).toContain(known)
    }
  })

  it('use safeString for every string a client sends', () => {
    const bare = inputLeaves
      .filter((l) => l.def.type === 'string')
      .filter((l) => !(l.def.checks as unknown[] | undefined)?.includes(refuseUnstorableText))
      .map((l) => l.where)
    expect(bare).toEqual([])
  })

  it('coerce no number: ids and counts are read by wholeNumber', () => {
    const coerced = inputLeaves.filter((l) => l.def.type === 'number' && l.def.coerce).map((l) => l.where)
    expect(coerced).toEqual([])
  })
})
