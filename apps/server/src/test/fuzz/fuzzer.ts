import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import type { z } from 'zod'
import {
  AuthErrorCode,
  CommonErrorCode,
  ErrorBody,
  RateLimitErrorCode,
  errorCodesOf,
  readWholeNumber,
  statusesOf,
  type RouteDef,
} from '@clubhouse/contract/server'
import { clearRateLimits } from '../customers.ts'
import { changedTables, fingerprintTables } from '../table-snapshot.ts'
import {
  asText,
  encodePart,
  hostileGridStatus,
  hostileString,
  hostileValue,
  mutateAt,
  pathsOf,
  strangerKey,
} from './hostile.ts'
import { arbitraryOf, inputJsonSchema, type Json } from './schema-arbitrary.ts'
import { fingerprintCustomer, keepSessions, type FuzzWorld } from './world.ts'

/**
 * Requests for one route of the contract, valid and hostile, sent as a visitor, as the owner of the
 * world's data and as another customer using the owner's ids, and the checks every answer must
 * pass (decision 090):
 * - a 2xx, or a 4xx in the error shape with a code the route declares under a status the API
 *   document gives that route; never a 5xx, a 3xx, or no answer within `ANSWER_WITHIN_MS`;
 * - a refusal (4xx) leaves every table as it was (the counters of the rate limiter aside);
 * - no answer to anyone but the owner carries the owner's email, name, order number or token, and
 *   no request of theirs changes the owner's rows;
 * - a customer route named with the owner's id, asked by anyone else, is refused: 401, 403 or 404,
 *   or a refusal of the request's shape (400, 413, 414, 415) or of its rate (429).
 */

/** No answer in this time is a hang; generous, for a loaded two-core machine. */
export const ANSWER_WITHIN_MS = 15_000

export type Who = 'visitor' | 'owner' | 'other'
/** Whose id goes where the route names its customer: the owner's, the asker's own, 0 or the generated one. */
export type OwnerAs = 'owner' | 'self' | 'zero' | 'generated'
type Part = 'params' | 'query' | 'body'
type Encoding =
  | 'json'
  | 'json-patch'
  | 'urlencoded'
  | 'multipart'
  | 'text'
  | 'xml'
  | 'none'
  | 'garbage-json'
  | 'garbage-multipart'
type AuthHeader = 'own' | 'none' | 'malformed' | 'unknown-token'

type Mutation =
  | { kind: 'replace'; part: Part; at: number; with: unknown }
  | { kind: 'remove'; part: Part; at: number }
  | { kind: 'add'; part: Part; at: number; key: string; with: unknown }
  | { kind: 'repeat-query'; at: number }

export interface FuzzCase {
  route: string
  who: Who
  ownerAs: OwnerAs
  auth: AuthHeader
  language: string
  params: Record<string, unknown>
  query: unknown
  body: unknown
  mutations: Mutation[]
  encoding: Encoding
  /** A Content-Encoding on the body, most often none: encodings the server takes, and others. */
  contentEncoding: string | undefined
  garbage: Uint8Array
  files: { filename: string; content: Uint8Array; contentType: string }[]
}

export interface RouteUnderTest {
  key: string
  def: RouteDef
  schemas: Partial<Record<Part, Json>>
  /** The JSON Schema of the object a `gridStatus` parameter carries, when the route takes one. */
  gridStatus?: Json
  /** The statuses the API document gives this route's operation. */
  documented: Set<number>
}

/** Every route of the contract, with its input schemas and the statuses the document gives it. */
export function routesUnderTest(routes: Record<string, RouteDef>, document: Json): RouteUnderTest[] {
  return Object.entries(routes).map(([key, def]) => {
    const op = document.paths?.[def.path.replace(/:(\w+)/g, '{$1}')]?.[def.method.toLowerCase()]
    if (!op) throw new Error(`${def.method} ${def.path} is not in the API document`)
    const schemas: Partial<Record<Part, Json>> = {}
    for (const part of ['params', 'query', 'body'] as const) {
      if (def[part]) schemas[part] = inputJsonSchema(def[part])
    }
    const grid = gridStatusSchemaOf(def.query)
    return {
      key,
      def,
      schemas,
      ...(grid ? { gridStatus: inputJsonSchema(grid) } : {}),
      documented: new Set(Object.keys(op.responses ?? {}).map(Number)),
    }
  })
}

/** The schema a query's `gridStatus` text is parsed into (the `out` of its pipe). */
function gridStatusSchemaOf(query: z.ZodType | undefined): z.ZodType | undefined {
  type Walk = {
    _zod?: { def?: { type?: string; out?: Walk; innerType?: Walk; shape?: Record<string, Walk> } }
  }
  let node = ((query as Walk | undefined)?._zod?.def?.shape ?? {}).gridStatus
  for (let i = 0; node && i < 10; i++) {
    const def = node._zod?.def
    if (def?.type === 'pipe') return def.out as unknown as z.ZodType
    node = def?.innerType
  }
  return undefined
}

const WHOS: Who[] = ['visitor', 'owner', 'other']
const LANGUAGES = ['en-US', 'es-ES', 'es', 'de-DE,de;q=0.9', '*', '', 'x\u0000;q=abc']

/** The requests of one route, from its schemas; `world` names the ids they use. */
export function caseArbitrary(route: RouteUnderTest, world: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const ids = fc.oneof(
    { arbitrary: fc.constantFrom(...world.publicIds), weight: 4 },
    { arbitrary: fc.constantFrom(...world.ownerIds), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 40 }), weight: 2 },
    { arbitrary: fc.constantFrom(0, 2_147_483_647, world.other.id), weight: 1 },
  )
  const ctx = (schema: Json) => ({ ids, defs: (schema.$defs as Json) ?? {} })
  const valid = (part: Part) => {
    const schema = route.schemas[part]
    return schema ? arbitraryOf(schema, ctx(schema)) : fc.constant(undefined)
  }
  let query = valid('query')
  if (route.gridStatus) {
    const schema = route.gridStatus
    const gridText = fc.oneof(
      arbitraryOf(schema, ctx(schema)).map((status) => JSON.stringify(status)),
      hostileGridStatus,
    )
    query = fc
      .tuple(query, fc.option(gridText, { nil: undefined }))
      .map(([q, grid]) => (grid === undefined ? q : { ...(q as object), gridStatus: grid }))
  }
  const parts = (['params', 'query', 'body'] as const).filter((p) => route.schemas[p])
  const mutation: fc.Arbitrary<Mutation> = parts.length
    ? fc.oneof(
        {
          arbitrary: fc.record({
            kind: fc.constant('replace' as const),
            part: fc.constantFrom(...parts),
            at: fc.nat(),
            with: hostileValue,
          }),
          weight: 5,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant('remove' as const),
            part: fc.constantFrom(...parts),
            at: fc.nat(),
          }),
          weight: 1,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant('add' as const),
            part: fc.constantFrom(...parts),
            at: fc.nat(),
            key: strangerKey,
            with: hostileValue,
          }),
          weight: 1,
        },
        { arbitrary: fc.record({ kind: fc.constant('repeat-query' as const), at: fc.nat() }), weight: 1 },
      )
    : fc.record({ kind: fc.constant('repeat-query' as const), at: fc.nat() })
  // An upload route says so in its summary ("… (multipart/form-data) …"), as the API document shows it.
  const isUpload = route.def.body !== undefined && /multipart/i.test(route.def.summary)
  const encodings: fc.Arbitrary<Encoding> = route.def.body
    ? fc.oneof(
        {
          arbitrary: isUpload
            ? fc.constant('multipart' as const)
            : fc.constantFrom('json' as const, 'json-patch' as const),
          weight: 8,
        },
        {
          arbitrary: fc.constantFrom<Encoding>(
            'urlencoded',
            'multipart',
            'json',
            'text',
            'xml',
            'none',
            'garbage-json',
            'garbage-multipart',
          ),
          weight: 3,
        },
      )
    : fc.oneof(
        { arbitrary: fc.constant('none' as const), weight: 8 },
        {
          arbitrary: fc.constantFrom<Encoding>('json', 'garbage-json', 'garbage-multipart', 'text'),
          weight: 1,
        },
      )
  const file = fc.record({
    filename: fc.oneof(
      fc.constantFrom('a.pdf', 'photo.jpg', '', '../../x.pdf', 'a\u0000.pdf'),
      hostileString,
    ),
    content: fc.oneof(
      fc.constant(new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n'))),
      fc.uint8Array({ maxLength: 2_000 }),
    ),
    contentType: fc.constantFrom(
      'application/pdf',
      'image/jpeg',
      'text/html',
      'application/octet-stream',
      '',
    ),
  })
  return fc
    .record({
      route: fc.constant(route.key),
      who: fc.constantFrom(...WHOS),
      ownerAs: fc.constantFrom<OwnerAs>('owner', 'owner', 'self', 'zero', 'generated'),
      auth: fc.oneof(
        { arbitrary: fc.constant('own' as const), weight: 8 },
        { arbitrary: fc.constantFrom<AuthHeader>('none', 'malformed', 'unknown-token'), weight: 1 },
      ),
      language: fc.constantFrom(...LANGUAGES),
      params: valid('params') as fc.Arbitrary<Record<string, unknown>>,
      query,
      body: valid('body'),
      mutations: fc.oneof(
        { arbitrary: fc.constant<Mutation[]>([]), weight: 2 },
        { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }), weight: 3 },
      ),
      encoding: encodings,
      contentEncoding: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 12 },
        {
          arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip, br', ''),
          weight: 1,
        },
      ),
      garbage: fc.uint8Array({ maxLength: 3_000 }),
      files: isUpload ? fc.array(file, { maxLength: 3 }) : fc.constant<FuzzCase['files']>([]),
    })
    .map((c) => withSummary(c, route, world))
}

// ---------------------------------------------------------------------------------------------
// From a case to a request

interface Built {
  options: InjectOptions
  url: string
  /** The customer id the request names where the route reads its customer, if any. */
  ownerId: number | undefined
  summary: string
}

/** Prints a case as the request it makes (fast-check's counterexample), not as its parts. */
function withSummary(c: FuzzCase, route: RouteUnderTest, world: FuzzWorld): FuzzCase {
  return Object.assign(c, { [fc.toStringMethod]: () => buildRequest(c, route, world).summary })
}

function getAt(value: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      value,
    )
}

function setAt(value: unknown, dotted: string, to: unknown): unknown {
  const keys = dotted.split('.')
  const copy = structuredClone(value ?? {}) as Record<string, unknown>
  let node = copy
  for (const k of keys.slice(0, -1)) {
    if (!node[k] || typeof node[k] !== 'object') node[k] = {}
    node = node[k] as Record<string, unknown>
  }
  node[keys[keys.length - 1]!] = to
  return copy
}

function buildRequest(c: FuzzCase, route: RouteUnderTest, world: FuzzWorld): Built {
  const { def } = route
  const me = c.who === 'owner' ? world.owner : c.who === 'other' ? world.other : undefined
  const parts: Record<Part, unknown> = { params: c.params ?? {}, query: c.query, body: c.body }
  // The customer the request names: put in before the mutations, which may break it.
  const owner = def.owner
  if (owner && c.ownerAs !== 'generated') {
    const id = c.ownerAs === 'owner' ? world.owner.id : c.ownerAs === 'zero' ? 0 : (me?.id ?? 0)
    parts[owner.from] = setAt(parts[owner.from], owner.key, id)
  }
  const repeated: string[] = []
  for (const m of c.mutations) {
    if (m.kind === 'repeat-query') {
      const keys = Object.keys((parts.query as object | undefined) ?? {})
      if (keys.length) repeated.push(keys[m.at % keys.length]!)
      continue
    }
    const paths = pathsOf(parts[m.part])
    const path = paths[m.at % paths.length]!
    parts[m.part] =
      m.kind === 'replace'
        ? mutateAt(parts[m.part], path, { kind: 'replace', with: m.with })
        : m.kind === 'remove'
          ? mutateAt(parts[m.part], path, { kind: 'remove' })
          : mutateAt(parts[m.part], path, { kind: 'add', key: m.key, with: m.with })
  }
  const params = (parts.params && typeof parts.params === 'object' ? parts.params : {}) as Record<
    string,
    unknown
  >
  const path = def.path.replace(/:(\w+)/g, (_, name: string) =>
    name in params ? encodePart(asText(params[name])) : '',
  )
  let search = ''
  if (parts.query !== undefined) {
    if (parts.query && typeof parts.query === 'object' && !Array.isArray(parts.query)) {
      const pairs: string[] = []
      for (const [k, v] of Object.entries(parts.query)) {
        if (v === undefined) continue
        const pair = `${encodePart(k)}=${encodePart(asText(v))}`
        pairs.push(pair)
        if (repeated.includes(k)) pairs.push(pair)
      }
      search = pairs.join('&')
    } else search = encodePart(asText(parts.query))
  }
  const url = search ? `${path}?${search}` : path

  const headers: Record<string, string> = {}
  if (c.language) headers['accept-language'] = c.language
  if (me && c.auth === 'own') headers.authorization = me.session.headers.authorization
  if (c.auth === 'malformed') headers.authorization = 'Bearer'
  if (c.auth === 'unknown-token') headers.authorization = `Bearer ${randomBytes(32).toString('hex')}`
  let payload: string | Buffer | undefined
  const body = parts.body
  switch (c.encoding) {
    case 'json':
    case 'json-patch':
      headers['content-type'] = c.encoding === 'json' ? 'application/json' : 'application/json-patch+json'
      payload = JSON.stringify(body ?? null)
      break
    case 'urlencoded':
      headers['content-type'] = 'application/x-www-form-urlencoded'
      payload =
        body && typeof body === 'object'
          ? Object.entries(body)
              .map(([k, v]) => `${encodePart(k)}=${encodePart(asText(v))}`)
              .join('&')
          : encodePart(asText(body))
      break
    case 'multipart': {
      const form = multipartOf(body, c.files)
      headers['content-type'] = form.contentType
      payload = form.payload
      break
    }
    case 'text':
      headers['content-type'] = 'text/plain'
      payload = asText(body)
      break
    case 'xml':
      headers['content-type'] = 'application/xml'
      payload = `<body>${asText(body)}</body>`
      break
    case 'garbage-json':
      headers['content-type'] = 'application/json'
      payload = Buffer.from(c.garbage)
      break
    case 'garbage-multipart':
      headers['content-type'] =
        c.garbage.length % 3 === 0 ? 'multipart/form-data' : 'multipart/form-data; boundary=fuzz'
      payload = Buffer.concat([Buffer.from('--fuzz\r\n'), Buffer.from(c.garbage)])
      break
    case 'none':
      break
  }
  if (payload !== undefined && c.contentEncoding !== undefined)
    headers['content-encoding'] = c.contentEncoding
  const ownerValue = owner ? getAt(parts[owner.from], owner.key) : undefined
  const preview = (text: string) =>
    text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text
  const bodyText =
    payload === undefined ? '' : Buffer.isBuffer(payload) ? payload.toString('latin1') : payload
  return {
    options: { method: def.method, url, headers, ...(payload !== undefined ? { payload } : {}) },
    url,
    ownerId: owner ? readWholeNumber(ownerValue) : undefined,
    summary:
      `${def.method} ${preview(url)} as ${c.who} (auth ${c.auth}, ${c.encoding}` +
      `${headers['content-encoding'] !== undefined ? `, content-encoding "${headers['content-encoding']}"` : ''})` +
      (bodyText ? `\n  body: ${JSON.stringify(preview(bodyText))}` : ''),
  }
}

/** A multipart/form-data body of a value: text parts by name, `fields[i].key` for a list, then the files. */
function multipartOf(body: unknown, files: FuzzCase['files']): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`
  const chunks: Buffer[] = []
  const text = (name: string, value: unknown) =>
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(value)}\r\n`,
      ),
    )
  const entries =
    body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [['value', body]]
  for (const [key, value] of entries as [string, unknown][]) {
    if (value === undefined) continue
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        if (item && typeof item === 'object' && !Array.isArray(item)) {
          for (const [member, v] of Object.entries(item)) {
            // The files go as file parts below; the rest as text.
            if (member !== 'file' && v !== undefined) text(`${key}[${i}].${member}`, v)
          }
        } else text(`${key}[${i}]`, item)
      })
    } else text(key, value)
  }
  files.forEach((f, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="fields[${i}].file"; filename="${f.filename.replace(/"/g, '')}"\r\n` +
          (f.contentType ? `Content-Type: ${f.contentType}\r\n` : '') +
          '\r\n',
      ),
      Buffer.from(f.content),
      Buffer.from('\r\n'),
    )
  })
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

// ---------------------------------------------------------------------------------------------
// Sending and checking

/** What was sent and answered, per route: the figures a long run prints. */
export interface FuzzStats {
  byRoute: Map<string, { requests: number; statuses: Map<number, number> }>
  requests: number
  startedAt: number
}

export function newStats(): FuzzStats {
  return { byRoute: new Map(), requests: 0, startedAt: Date.now() }
}

/** The codes that refuse a request's shape or rate, whoever it names. */
const SHAPE_CODES = new Set<string>([
  CommonErrorCode.validation,
  CommonErrorCode.badRequest,
  CommonErrorCode.badJson,
  CommonErrorCode.badUrl,
  CommonErrorCode.payloadTooLarge,
  CommonErrorCode.uriTooLong,
  CommonErrorCode.unsupportedMediaType,
  CommonErrorCode.notFound,
  AuthErrorCode.unauthorized,
  AuthErrorCode.forbidden,
  RateLimitErrorCode.rateLimited,
])

/** Routes whose success may end or change a session: both customers log in again after one. */
const SESSION_ROUTES = new Set([
  'logout',
  'changePassword',
  'saveCustomer',
  'saveCustomerJson',
  'confirmEmail',
  'resetPassword',
])

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s: ${what}`)), ms)
    }),
  ])
}

export class FuzzFailure extends Error {}

/**
 * A runner over one world: sends a case, checks its answer, keeps the tables' fingerprint between
 * requests (a success changes it; a refusal must not) and the figures.
 */
export function createRunner(world: FuzzWorld, routes: RouteUnderTest[], stats: FuzzStats = newStats()) {
  const byKey = new Map(routes.map((r) => [r.key, r]))
  let tables: Record<string, string> | undefined
  /** The owner's rows as they were after the owner's last success. */
  let ownerRows: string | undefined

  async function run(c: FuzzCase): Promise<void> {
    const route = byKey.get(c.route)!
    // Built as it is sent: the sessions may have changed since the case was generated.
    const request = buildRequest(c, route, world)
    const { app } = world
    tables ??= await fingerprintTables(app)
    if (c.who !== 'owner') ownerRows ??= await fingerprintCustomer(app, world.owner.id)
    const fail = (why: string, answer?: { statusCode: number; body: string }) => {
      const said = answer ? `\n  answered ${answer.statusCode}: ${answer.body.slice(0, 600)}` : ''
      throw new FuzzFailure(`${route.key}: ${why}\n  ${request.summary}${said}`)
    }
    let res
    try {
      res = await withTimeout(app.inject(request.options), ANSWER_WITHIN_MS, request.summary)
    } catch (err) {
      if (err instanceof Error && /no answer within/.test(err.message))
        throw new FuzzFailure(`${route.key}: ${err.message}`)
      // A request light-my-request cannot even write (a header it refuses) never reached the server.
      return
    }
    await app.services.background.settled()
    const status = res.statusCode
    const entry = stats.byRoute.get(route.key) ?? { requests: 0, statuses: new Map() }
    entry.requests++
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1)
    stats.byRoute.set(route.key, entry)
    stats.requests++

    const answer = { statusCode: status, body: res.body }
    if (status >= 500) fail(`answered ${status}`, answer)
    if (status < 200 || (status >= 300 && status < 400))
      fail(`answered ${status}, neither a 2xx nor a 4xx`, answer)
    if (c.who !== 'owner') {
      const leaked = world.markers.find((m) => res.body.includes(m))
      if (leaked) fail(`the answer to the ${c.who} carries the owner's "${leaked}"`, answer)
    }
    if (c.who !== 'owner' && ownerRows !== (await fingerprintCustomer(app, world.owner.id))) {
      fail(`the ${c.who}'s request changed the owner's rows`, answer)
    }
    const namesOwner =
      route.def.auth === 'customer' && request.ownerId === world.owner.id && c.who !== 'owner'
    if (status >= 400) {
      let parsed: ErrorBody
      try {
        parsed = ErrorBody.parse(res.json())
      } catch {
        return fail('a refusal not in the error shape { ok: false, errorMsg, code }', answer)
      }
      if (!errorCodesOf(route.def).has(parsed.code))
        fail(`code "${parsed.code}" is not one the route declares`, answer)
      if (!statusesOf(parsed.code, route.def).includes(status)) {
        fail(`code "${parsed.code}" answered under ${status}, not its documented status`, answer)
      }
      if (!route.documented.has(status))
        fail(`status ${status} is not in the API document for this route`, answer)
      if (namesOwner && !SHAPE_CODES.has(parsed.code)) {
        fail(
          `the owner's id, asked by the ${c.who}, answered "${parsed.code}" rather than 401, 403 or 404`,
          answer,
        )
      }
      const after = await fingerprintTables(app)
      const changed = changedTables(tables, after)
      tables = after
      if (changed.length) fail(`a refusal changed the table(s) ${changed.join(', ')}`, answer)
      if (status === 429) {
        await clearRateLimits(app)
      }
      return
    }
    if (namesOwner) fail(`the owner's id, asked by the ${c.who}, was answered ${status}`, answer)
    if (SESSION_ROUTES.has(route.key)) await keepSessions(world)
    tables = await fingerprintTables(app)
    ownerRows = undefined
  }

  return { run, stats }
}

/** The figures of a run: per route, the requests sent and the statuses seen. */
export function formatStats(stats: FuzzStats): string {
  const lines = [...stats.byRoute.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, { requests, statuses }]) => {
      const seen = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')
      return `  ${key.padEnd(24)} ${String(requests).padStart(6)}  ${seen}`
    })
  const seconds = (Date.now() - stats.startedAt) / 1000
  return [
    `${stats.requests} requests to ${stats.byRoute.size} routes in ${seconds.toFixed(0)} s`,
    `  ${'route'.padEnd(24)} ${'sent'.padStart(6)}  statuses`,
    ...lines,
  ].join('\n')
}
