import fc from 'fast-check'

/**
 * What a hostile client sends in place of a value: wrong types, any Unicode (NUL, lone surrogates,
 * direction marks), negative, fractional and huge numbers, huge strings and arrays, deep nesting.
 */

/** Texts that meet the parsers' corners: numbers that are not, paths, markup, prototypes. */
const AWKWARD_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\u202E\u0301',
  '\uFEFF1',
  '\uFFFF',
  '𝕏😀',
  '0',
  '-0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '01',
  '9'.repeat(40),
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '%',
  '2030-02-30 25:61',
  'CustomRegisterForm',
] as const

/** Numbers a JSON body may carry that no id, count or price takes. */
const AWKWARD_NUMBERS = [
  -1,
  -0,
  0,
  0.5,
  -1.5,
  1e-7,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
]

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...AWKWARD_TEXTS), weight: 3 },
  // Any UTF-16 code units: lone surrogates and control characters included.
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 10 }).map((s) => `${s}\u0000${s}`), weight: 1 },
  // Huge: over every field's limit, some over the body limit once encoded.
  {
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '\u0000', '\uD83D', '😀'), fc.integer({ min: 1_000, max: 400_000 }))
      .map(([unit, n]) => unit.repeat(n)),
    weight: 1,
  },
)

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...AWKWARD_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
)

/** Arrays nested `depth` deep: `[[[…]]]`. */
const nested = (depth: number): unknown => {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 4 },
  { arbitrary: fc.constantFrom(null, true, false), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 4 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom<unknown>(1, 'a', null, {}))
      // Items of their own, so a later mutation of one is not a mutation of all.
      .map(([n, item]) => Array.from({ length: n }, () => structuredClone(item))),
    weight: 1,
  },
  { arbitrary: fc.integer({ min: 100, max: 1_500 }).map(nested), weight: 1 },
  // Own keys named as the prototype's, as JSON.parse makes them.
  {
    arbitrary: fc
      .constant(null)
      .map(() => JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":1}}')),
    weight: 1,
  },
)

/** A key no schema names, to add beside the real ones. */
export const strangerKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'ok', 'id', 'admin', 'customerId', '', '\u0000', '\uD800'),
  fc.string({ unit: 'binary', maxLength: 12 }),
)

/** The gridStatus a hostile client sends: JSON of any shape, grid-like JSON with unknown columns, not JSON. */
export const hostileGridStatus: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc
    .record({
      sortModel: fc.array(
        fc.record({ colId: fc.oneof(fc.string(), hostileString), sort: fc.oneof(fc.string(), hostileValue) }),
        { maxLength: 4 },
      ),
      filterModel: fc.dictionary(
        fc.oneof(fc.constantFrom('search', 'ProductTypeId', 'Created', 'Name'), fc.string()),
        fc.oneof(
          fc.record({
            filterType: fc.oneof(fc.constantFrom('text', 'number', 'date', 'set'), hostileString),
            type: fc.oneof(fc.constantFrom('equals', 'contains', 'inRange', 'lessThan'), hostileString),
            filter: hostileValue,
            filterTo: hostileValue,
            columns: fc.array(fc.string(), { maxLength: 3 }),
          }),
          hostileValue,
        ),
        { maxKeys: 3 },
      ),
    })
    .map((status) => JSON.stringify(status)),
  hostileString,
  fc.constantFrom(
    '{',
    '{"sortModel":',
    '[1,2',
    '"x"',
    'null',
    '1',
    '{"sortModel":null}',
    '{"filterModel":[]}',
  ),
)

// ---------------------------------------------------------------------------------------------
// Where a hostile value goes

type Path = (string | number)[]

/** Every path to a value inside `value` (objects and arrays walked), the root `[]` first. */
export function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path)
  if (out.length > 200) return out
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out))
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out)
  }
  return out
}

const clone = <T>(value: T): T => structuredClone(value)

/** `value` with what is at `path` replaced (`replace`), removed (`remove`) or a key added (`add`). */
export function mutateAt(
  value: unknown,
  path: Path,
  how: { kind: 'replace'; with: unknown } | { kind: 'remove' } | { kind: 'add'; key: string; with: unknown },
): unknown {
  if (path.length === 0) {
    if (how.kind === 'replace') return how.with
    if (how.kind === 'add' && value && typeof value === 'object' && !Array.isArray(value)) {
      return defineKey(clone(value) as Record<string, unknown>, how.key, how.with)
    }
    return how.kind === 'remove' ? undefined : value
  }
  const copy = clone(value) as Record<string | number, unknown>
  let parent: Record<string | number, unknown> = copy
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (how.kind === 'replace') parent[last] = how.with
  else if (how.kind === 'remove') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1)
    else delete parent[last]
  } else {
    const target = parent[last]
    if (target && typeof target === 'object' && !Array.isArray(target)) {
      defineKey(target as Record<string, unknown>, how.key, how.with)
    } else parent[last] = how.with
  }
  return copy
}

/** Sets a key as JSON would carry it: `__proto__` too becomes an own key, not the prototype. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  return target
}

// ---------------------------------------------------------------------------------------------
// Text into an address

/**
 * Percent-encodes text for a path segment or a query value, lone surrogates included (as the bytes
 * CESU-8 would give them, which are not UTF-8: the server must refuse them, not fail on them).
 */
export function encodePart(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    const isHigh = unit >= 0xd800 && unit <= 0xdbff
    const isLow = unit >= 0xdc00 && unit <= 0xdfff
    if (isHigh && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(text.slice(i, i + 2))
        i++
        continue
      }
    }
    if (isHigh || isLow) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('')
    } else out += encodeURIComponent(text[i]!)
  }
  return out
}

/** A value of a path or a query as text: strings as they are, the rest as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value) ?? ''
}
