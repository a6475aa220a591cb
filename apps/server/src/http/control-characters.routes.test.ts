import {
  allRoutes,
  CONTROL_CHARACTER_MESSAGE,
  ErrorBody,
  LONE_SURROGATE_MESSAGE,
  type RouteDef,
} from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../test/build-test-app.ts'
import { TextBlockType } from '@clubhouse/contract/server'
import { both } from '../test/account-fixtures.ts'
import { createTestProducts } from '../test/catalogue-fixtures.ts'
import { clearRateLimits, insertCustomer, loginAs, type LoggedIn } from '../test/customers.ts'
import { multipartBody } from '../test/multipart.ts'
import { insertStaffMember } from '../test/staff.ts'
import { expectTablesUnchanged, snapshotTables } from '../test/table-snapshot.ts'

/**
 * Every string field of every route, fed characters PostgreSQL refuses (NUL) or that no form sends,
 * answers 400 and stores nothing (decision 033). The request shapes come from walking each route's
 * zod schemas over a valid sample of its input, so a new field is fed without a line here; a new
 * route fails until it has a sample.
 */

const CHARACTERS = {
  NUL: '\u0000',
  SOH: '\u0001',
  ESC: '\u001b',
  DEL: '\u007f',
  NEL: '\u0085',
  'lone high surrogate': '\ud800',
  'lone low surrogate': '\udc00',
} as const
const isSurrogate = (c: string) => /\p{Cs}/u.test(c)

type RouteName = keyof typeof allRoutes
type Part = 'params' | 'query' | 'body'
type Sample = Partial<Record<Part, Record<string, unknown>>>
interface Ids {
  customer: number
  product: number
  post: number
  textField: number
}

const shopGridStatus = JSON.stringify({
  sortModel: [{ colId: 'GrossPrice', sort: 'asc' }],
  filterModel: {
    ProductTypeId: { filterType: 'number', type: 'equals', filter: 1 },
    search: { filterType: 'text', type: 'contains', filter: 'padel', columns: ['Name'] },
  },
})
const blogGridStatus = JSON.stringify({
  sortModel: [{ colId: 'Created', sort: 'desc' }],
  filterModel: {
    TextBlockType: { filterType: 'number', type: 'equals', filter: 0 },
    search: { filterType: 'text', type: 'contains', filter: 'torneo', columns: ['Title'] },
  },
})
const profile = (ids: Ids) => ({
  name: 'Probe',
  surname: 'Customer',
  email: 'probe@example.com',
  phone: '600000000',
  gender: 1,
  birthDate: '1990-05-17',
  addressLine1: 'Calle Mayor 1',
  postalCode: '28013',
  city: 'Madrid',
  town: 'Madrid',
  country: 'España',
  accountHolderName: 'Probe Customer',
  iban: 'ES91 2100 0418 4502 0005 1332',
  dni: '12345678Z',
  okRss: false,
  acceptConditions: true,
  customFieldValues: [{ identity: null, customFieldId: ids.textField, value: 'Ana' }],
})

const checkoutSample = (ids: Ids, customerId: number) => ({
  customerId,
  saleItems: [{ productId: ids.product, units: 1, stockParentName: 'Size', stockDetail: 'M' }],
  saleIds: [],
  paymentMethodId: null,
  promoCode: 'VERANO10',
  guid: 'cart-0001-probe',
  customer: {
    ...(customerId ? { id: customerId } : {}),
    name: 'Probe',
    surname: 'Customer',
    addressLine1: 'Calle Mayor 1',
    city: 'Madrid',
    town: 'Madrid',
    country: 'España',
    postalCode: '28013',
    email: 'probe.guest@example.com',
    phone: '600000000',
    password: 'a long probe password',
    password2: 'a long probe password',
    acceptConditions: true,
  },
})

/** A valid input of every route. */
const SAMPLES: Record<RouteName, (ids: Ids) => Sample> = {
  mainSettings: () => ({}),
  template: () => ({}),
  legalSettings: () => ({}),
  infoRequest: () => ({ body: { email: 'visitor@example.com', question: 'Do you have\nindoor courts?' } }),
  shopList: () => ({ query: { startRow: '0', endRow: '30', gridStatus: shopGridStatus } }),
  shopListByCustomer: (ids) => ({
    query: { customerId: ids.customer, startRow: '0', endRow: '30', gridStatus: shopGridStatus },
  }),
  shopGet: (ids) => ({ params: { id: ids.product } }),
  shopGetByCustomer: (ids) => ({ params: { id: ids.product, customerId: ids.customer } }),
  popularProducts: () => ({}),
  trendingProducts: () => ({}),
  textBlocksByPage: () => ({ query: { startRow: '0', endRow: '6', gridStatus: blogGridStatus } }),
  textBlocksList: () => ({
    query: { startRow: '0', endRow: '15', lookup: 'true', gridstatus: blogGridStatus },
  }),
  postWithUser: (ids) => ({ query: { id: ids.post } }),
  postsWithUsers: () => ({ query: { count: '3', popular: 'true' } }),
  fileUploads: () => ({ query: { parentName: 'CZConfig', parentId: '1', category: 'CzGallery' } }),
  banners: () => ({}),
  login: () => ({ body: { email: 'probe@example.com', password: 'Probe-Pass-1' } }),
  logout: () => ({}),
  register: (ids) => ({
    body: {
      name: 'New',
      surname: 'Customer',
      email: 'new@example.com',
      password: 'Fresh-Pass-9',
      phone: '600000001',
      okRss: true,
      acceptConditions: true,
      customFieldValues: profile(ids).customFieldValues,
    },
  }),
  activate: () => ({ body: { token: 'a'.repeat(64) } }),
  confirmEmail: () => ({ body: { token: 'a'.repeat(64) } }),
  resendActivation: () => ({ body: { email: 'probe@example.com' } }),
  resetPasswordRequest: () => ({ body: { email: 'probe@example.com' } }),
  resetPassword: () => ({ body: { token: 'a'.repeat(64), plainPassword: 'Fresh-Pass-9' } }),
  changePassword: (ids) => ({
    body: { customerId: ids.customer, plainOldPass: 'Probe-Pass-1', plainNewPass: 'Fresh-Pass-9' },
  }),
  getCustomer: (ids) => ({ params: { id: ids.customer } }),
  saveCustomer: (ids) => ({ params: { id: ids.customer }, body: profile(ids) }),
  saveCustomerJson: (ids) => ({ body: { id: ids.customer, ...profile(ids) } }),
  cardTokens: (ids) => ({ params: { customerId: ids.customer } }),
  deleteCardToken: (ids) => ({ params: { customerId: ids.customer, methodId: 1 } }),
  customerOrders: (ids) => ({ params: { customerId: ids.customer } }),
  customerOrder: (ids) => ({ params: { customerId: ids.customer, saleId: 1 } }),
  customerVouchers: (ids) => ({ params: { customerId: ids.customer } }),
  customerComms: (ids) => ({ params: { customerId: ids.customer } }),
  customerEmail: (ids) => ({ params: { id: 1, customerId: ids.customer } }),
  demoMailbox: () => ({}),
  demoMail: () => ({ params: { id: 1 } }),
  bookingTypesList: () => ({}),
  filters: () => ({}),
  filtersOfType: () => ({ params: { bookingTypeId: 1 } }),
  list: (ids) => ({
    body: { date: '2030-01-07', bookingTypeId: 1, customerId: ids.customer, resourceTypeId: 1 },
  }),
  dateAvailability: (ids) => ({
    body: {
      date: '2030-01-07 10:00',
      customerId: ids.customer,
      bookingTypeResourceId: 2,
      bookingTypeId: 1,
      duration: 90,
    },
  }),
  loadPrice: (ids) => ({
    body: {
      startDate: '2030-01-07 10:00',
      bookingTypeId: 1,
      duration: 90,
      customerId: ids.customer,
      resourceId: 1,
    },
  }),
  prebook: (ids) => ({
    body: {
      booking: {
        customerId: ids.customer,
        bookingTypeId: 1,
        bookingTypeName: 'Padel',
        isValidated: false,
        sendCommunications: false,
        origin: 0,
        bookingByPlace: false,
      },
      customerIsParticipant: true,
      blocks: [
        {
          duration: 90,
          resourceId: 1,
          resourceName: 'Court 1',
          startDate: '2030-01-07 10:00',
          sstart: '10:00',
          noOnline: false,
          customerId: ids.customer,
        },
      ],
      isMultiple: false,
    },
  }),
  customerBookings: (ids) => ({ params: { customerId: ids.customer } }),
  cancel: (ids) => ({ params: { bookingId: 1, customerId: ids.customer } }),
  byPlaceList: (ids) => ({
    body: { date: '2030-01-07', bookingTypeId: 1, customerId: ids.customer, resourceTypeId: 1 },
  }),
  byPlacePrebook: (ids) => ({ params: { customerId: ids.customer, bookingId: 1 } }),
  byPlacePrebookPlace: (ids) => ({ params: { customerId: ids.customer, bookingId: 1, placeId: 1 } }),
  bookingTemplateInfo: () => ({ params: { templateId: 1, bookingId: 1 } }),
  waitlistJoin: (ids) => ({ params: { customerId: ids.customer, bookingId: 1 } }),
  waitlistLeave: (ids) => ({ params: { customerId: ids.customer, entryId: 1 } }),
  waitlist: (ids) => ({ params: { customerId: ids.customer } }),
  confirmHold: (ids) => ({ params: { bookingId: 1, customerId: ids.customer } }),
  checkStock: (ids) => ({
    body: {
      customerId: ids.customer,
      saleItemsDto: [{ productId: ids.product, units: 1, stockParentName: 'Size', stockDetail: 'M' }],
    },
  }),
  pendingSales: (ids) => ({ params: { customerId: ids.customer } }),
  checkoutInfo: (ids) => ({ body: { customerId: 0, saleItems: [{ productId: ids.product, units: 1 }] } }),
  checkoutInfoByCustomer: (ids) => ({
    body: { customerId: ids.customer, saleItems: [{ productId: ids.product, units: 1 }] },
  }),
  promoValidate: (ids) => ({
    body: { customerId: ids.customer, code: 'VERANO10', saleItems: [{ productId: ids.product, units: 1 }] },
  }),
  checkout: (ids) => ({ body: checkoutSample(ids, 0) }),
  checkoutCustomer: (ids) => ({ body: checkoutSample(ids, ids.customer) }),
  formDef: () => ({ params: { parentName: 'Activity', parentId: 1 } }),
  save: (ids) => ({
    body: {
      parentId: 1,
      parentName: 'Activity',
      okRss: false,
      acceptConditions: true,
      customerId: ids.customer,
      fields: [{ id: 1, name: 'nickname', value: 'Ana' }],
    },
  }),
  citiesList: () => ({ query: { startRow: '0', endRow: '50' } }),
  activitiesList: () => ({}),
  activity: () => ({ params: { id: 1 } }),
  activityForCustomer: (ids) => ({ params: { id: 1, customerId: ids.customer } }),
  inscription: (ids) => ({ body: { customerId: ids.customer, id: 1 } }),
  inscriptionCancel: (ids) => ({ params: { inscriptionId: 1, customerId: ids.customer } }),
  staffLogin: () => ({ body: { email: 'probe.owner@example.com', password: 'Probe-Owner-Pass-1' } }),
  staffLoginSecondStep: () => ({ body: { challenge: 'a'.repeat(64), code: '123456' } }),
  staffLogout: () => ({}),
  staffMe: () => ({}),
  staffSetPassword: () => ({ body: { token: 'a'.repeat(64), password: 'a long probe password' } }),
  staffSecondFactorStart: () => ({}),
  staffSecondFactorConfirm: () => ({ body: { code: '123456' } }),
  staffAccounts: () => ({}),
  staffAddAccount: () => ({ body: { email: 'probe.desk@example.com', role: 'desk', name: 'Probe Desk' } }),
  staffDisableAccount: () => ({ params: { id: 1 } }),
  staffResetSecondFactor: () => ({ params: { id: 1 } }),
  staffChangeRole: () => ({ params: { id: 1 }, body: { role: 'owner' } }),
  staffEnableAccount: () => ({ params: { id: 1 } }),
  staffNewPasswordLink: () => ({ params: { id: 1 } }),
  staffSchedule: () => ({ query: { date: '2030-01-07', resourceTypeId: '1' } }),
  staffBlockAdd: () => ({
    body: {
      resourceId: 1,
      date: '2030-01-08',
      startMinute: 600,
      endMinute: 660,
      note: 'Tournament\nfinals',
      repeatWeeklyUntil: '2030-01-22',
    },
  }),
  staffBlocks: () => ({ query: { resourceId: 1, from: '2030-01-07', to: '2030-01-13' } }),
  staffBlockRelease: () => ({ params: { id: 1 }, query: { series: 'true' } }),
  staffAudit: () => ({ query: { page: 1, staffId: 1, action: 'block.add' } }),
  staffBookingTypes: () => ({}),
  staffCustomerSearch: () => ({ query: { q: 'Laura' } }),
  staffTakings: () => ({ query: { date: '2030-01-07' } }),
  staffCancelBooking: () => ({ params: { id: 1 }, body: { refund: 'original' } }),
  staffMoveBooking: () => ({ params: { id: 1 }, body: { start: '2030-01-08 11:00', resourceId: 1 } }),
  staffBook: () => ({
    body: {
      bookingTypeId: 1,
      resourceIds: [1],
      start: '2030-01-08 10:00',
      durationMinutes: 60,
      customer: { walkIn: { name: 'Walk In', phone: '600 000 000' } },
      manualPrice: { priceCents: 500, reason: 'A regular' },
      payment: 'cash',
    },
  }),
  staffSessionRoster: () => ({ params: { id: 1 } }),
  staffSessionAttendance: () => ({ params: { id: 1 }, body: { bookingId: 1, attendance: 'came' } }),
  staffSessionAddParticipant: () => ({ params: { id: 1 }, body: { customerId: 1, placeId: 1 } }),
  staffCustomer: () => ({ params: { id: 1 } }),
  staffCustomerEdit: () => ({
    params: { id: 1 },
    body: { name: 'Laura', surname: 'Gómez', phone: '611 22 33 44', email: 'laura.probe@example.com' },
  }),
  staffCustomerDebt: () => ({
    params: { id: 1 },
    body: {
      concept: 'Cafetería',
      lines: [{ concept: 'Café', quantity: 2, unitPriceCents: 150, taxPercent: 10 }],
    },
  }),
  staffCustomerVoucher: () => ({
    params: { id: 1 },
    body: { kind: 'sessions', description: 'Bono 10', amount: 10, concept: 'Compra', bookingTypeIds: [1] },
  }),
  staffVoucherTopUp: () => ({ params: { id: 1 }, body: { amount: 500, concept: 'Recarga' } }),
  staffCustomerResendActivation: () => ({ params: { id: 1 } }),
  staffCustomerDisable: () => ({ params: { id: 1 } }),
  staffCustomerEnable: () => ({ params: { id: 1 } }),
  staffOrders: () => ({ query: { state: 'paid', from: '2030-01-01', to: '2030-01-31', page: '1' } }),
  staffOrder: () => ({ params: { id: 1 } }),
  staffOrderShip: () => ({ params: { id: 1 } }),
  staffOrderRefund: () => ({ params: { id: 1 }, body: { amountCents: 500, reason: 'Artículo dañado' } }),
}

/** Routes whose body only comes as multipart/form-data. */
const MULTIPART: readonly RouteName[] = ['save']

// ---------------------------------------------------------------------------------------------
// Where the strings are

type Key = string | number
/** A string field of one part of a request; `inJson` when it lies inside a JSON text (gridStatus). */
interface Spot {
  part: Part
  path: Key[]
  inJson?: { path: Key[] }
  /** A number written as text (an id, a row): refused with its own message, not the text one. */
  isNumber: boolean
}

type Def = Record<string, unknown> & { type: string }
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']
const unwrap = (schema: unknown): unknown =>
  WRAPPERS.includes(defOf(schema).type) ? unwrap(defOf(schema).innerType) : schema

/** The string fields `schema` reads, following `value` (a valid input) into arrays and JSON texts. */
function findSpots(
  schema: unknown,
  value: unknown,
  path: Key[],
  at: (path: Key[], isNumber: boolean) => Spot,
  out: Spot[],
) {
  const def = defOf(schema)
  if (WRAPPERS.includes(def.type)) return findSpots(def.innerType, value, path, at, out)
  switch (def.type) {
    case 'string':
      out.push(at(path, false))
      return
    case 'object':
      for (const [key, s] of Object.entries(def.shape as Record<string, unknown>)) {
        findSpots(s, (value as Record<string, unknown> | undefined)?.[key], [...path, key], at, out)
      }
      return
    case 'array':
      if (Array.isArray(value) && value.length > 0) findSpots(def.element, value[0], [...path, 0], at, out)
      return
    case 'union': {
      const options = (def.options as unknown[]).map((o) => defOf(unwrap(o)).type)
      if (options.includes('string')) out.push(at(path, options.includes('number')))
      for (const o of def.options as unknown[])
        if (defOf(unwrap(o)).type !== 'string') findSpots(o, value, path, at, out)
      return
    }
    case 'pipe': {
      findSpots(def.in, value, path, at, out)
      // A string that carries JSON (gridStatus): the strings inside are fed too.
      if (typeof value === 'string' && value.startsWith('{')) {
        findSpots(
          def.out,
          JSON.parse(value),
          [],
          (inner, isNumber) => ({ ...at(path, isNumber), inJson: { path: inner } }),
          out,
        )
      }
      return
    }
    default:
      return
  }
}

function spotsOf(route: RouteDef, sample: Sample): Spot[] {
  const spots: Spot[] = []
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = route[part]
    if (schema) findSpots(schema, sample[part], [], (path, isNumber) => ({ part, path, isNumber }), spots)
  }
  // A union's string and a pipe's out may name the same field twice.
  const seen = new Set<string>()
  return spots.filter((s) => {
    const key = JSON.stringify([s.part, s.path, s.inJson?.path])
    return !seen.has(key) && (seen.add(key), true)
  })
}

const fieldOf = (spot: Spot) => [...spot.path, ...(spot.inJson?.path ?? [])].join('.')

const withChar = (base: unknown, char: string) => {
  const text = base === undefined || base === null ? '' : String(base)
  return text ? `${text.slice(0, 1)}${char}${text.slice(1)}` : `a${char}`
}

function setAt(target: unknown, path: Key[], put: (old: unknown) => unknown): unknown {
  if (path.length === 0) return put(target)
  const [key, ...rest] = path as [Key, ...Key[]]
  const copy = (Array.isArray(target) ? [...target] : { ...(target as object) }) as Record<Key, unknown>
  copy[key] = setAt(copy[key], rest, put)
  return copy
}

/** The sample with `char` put into the field at `spot`. */
function feed(sample: Sample, spot: Spot, char: string): Sample {
  const part = setAt(sample[spot.part] ?? {}, spot.path, (old) =>
    spot.inJson
      ? JSON.stringify(setAt(JSON.parse(String(old)), spot.inJson.path, (inner) => withChar(inner, char)))
      : withChar(old, char),
  ) as Record<string, unknown>
  return { ...sample, [spot.part]: part }
}

/**
 * Text as a URL carries it: UTF-8, percent-encoded. A lone surrogate has no UTF-8; a client can
 * only send the bytes it would have (ED A0 80), which do not decode.
 */
function encodeText(text: string): string {
  let out = ''
  for (const ch of text) {
    if (isSurrogate(ch)) {
      const c = ch.charCodeAt(0)
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('')
    } else {
      out += encodeURIComponent(ch)
    }
  }
  return out
}

function urlOf(route: RouteDef, sample: Sample): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeText(String(sample.params?.[name])))
  const query = Object.entries(sample.query ?? {})
    .map(([k, v]) => `${k}=${encodeText(String(v))}`)
    .join('&')
  return query ? `${path}?${query}` : path
}

const ROUTES = Object.entries(allRoutes) as [RouteName, RouteDef][]

describe('the samples of the routes', () => {
  it('cover every route of the contract', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(allRoutes).sort())
  })

  it('are valid inputs, so a refusal comes from the character fed', () => {
    const ids: Ids = { customer: 7, product: 3, post: 2, textField: 5 }
    const asText = (o: Record<string, unknown> = {}) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]))
    for (const [name, route] of ROUTES) {
      const sample = SAMPLES[name](ids)
      if (route.params) expect(route.params.safeParse(asText(sample.params)).error, name).toBeUndefined()
      if (route.query) expect(route.query.safeParse(asText(sample.query)).error, name).toBeUndefined()
      if (route.body) expect(route.body.safeParse(sample.body).error, name).toBeUndefined()
    }
  })

  it('lead the walk to the strings of paths, queries, bodies, lists and gridStatus texts', () => {
    const ids: Ids = { customer: 7, product: 3, post: 2, textField: 5 }
    const fields = ROUTES.flatMap(([name, route]) =>
      spotsOf(route, SAMPLES[name](ids)).map((s) => `${name} ${s.part} ${fieldOf(s)}`),
    )
    for (const known of [
      'shopGet params id',
      'postWithUser query id',
      'login body email',
      'infoRequest body question',
      'register body customFieldValues.0.value',
      'saveCustomer body customFieldValues.0.customFieldId',
      'saveCustomerJson body dni',
      'shopList query gridStatus',
      'shopList query gridStatus.filterModel.search.filter',
      'textBlocksList query gridstatus.sortModel.0.colId',
      'fileUploads query parentName',
    ]) {
      expect(fields).toContain(known)
    }
  })
})

describe.each(testDatabaseKinds())('control characters in every string field, on %s', (kind) => {
  let t: TestApp
  let me: LoggedIn
  /** An owner's staff session: the staff routes check it before they read their input. */
  let owner: { authorization: string }
  let ids: Ids

  beforeAll(async () => {
    t = await buildTestApp(kind)
    const { services } = t.app
    const product = (await createTestProducts(services)).racket
    const [post] = await services.blog.createTextBlocks([
      {
        textBlockType: TextBlockType.Posts,
        title: both('Entrada', 'Post'),
        smalText: both('', ''),
        text: both('<p>Texto</p>', '<p>Text</p>'),
        image: '',
        name: 'Autora',
      },
    ])
    const [textField] = await services.customers.createCustomFields([
      { name: 'club', label: both('Club', 'Club'), fieldType: 0, pickListValues: both('', ''), position: 1 },
    ])
    await insertCustomer(t.app, { email: 'probe@example.com', password: 'Probe-Pass-1' })
    me = await loginAs(t.app, 'probe@example.com', 'Probe-Pass-1')
    ids = { customer: me.id, product, post: post!, textField: textField! }
    await insertStaffMember(t.app, 'probe.owner@example.com', 'owner', 'Probe-Owner-Pass-1')
    const login = await services.staff.login(
      { email: 'probe.owner@example.com', password: 'Probe-Owner-Pass-1' },
      '127.0.0.1',
    )
    owner = { authorization: `Bearer ${login.token}` }
  })
  afterAll(() => t.close())

  // A refused read cannot have stored anything: only a refused write is shown to leave every table as it was.
  const isWrite = (name: RouteName) => !['GET', 'HEAD'].includes((allRoutes[name] as RouteDef).method)
  it.each(ROUTES.map(([name]) => [name, isWrite(name) ? ' and stores nothing' : ''] as const))(
    '%s refuses them with 400%s',
    async (name) => {
      const route = allRoutes[name] as RouteDef
      const sample = SAMPLES[name](ids)
      const before = isWrite(name) ? await snapshotTables(t.app) : undefined
      for (const spot of spotsOf(route, sample)) {
        for (const [label, char] of Object.entries(CHARACTERS)) {
          if (route.rateLimit) await clearRateLimits(t.app)
          const fed = feed(sample, spot, char)
          const multipart = MULTIPART.includes(name)
          // A multipart part is UTF-8 text, which has no lone surrogate.
          if (multipart && isSurrogate(char)) continue
          const form = multipart && fed.body ? multipartBody(fed.body) : undefined
          const res = await t.app.inject({
            method: route.method,
            url: urlOf(route, fed),
            headers: { ...(route.auth === 'staff' ? owner : me.headers), ...form?.headers },
            ...(form ? { payload: form.payload } : fed.body ? { payload: fed.body } : {}),
          })
          const what = `${route.method} ${route.path} ${spot.part} ${fieldOf(spot)} with ${label}`
          expect(res.statusCode, what).toBeLessThan(500)
          const inUrl = spot.part !== 'body' && !spot.inJson
          if (inUrl && isSurrogate(char)) {
            // No URL carries a lone surrogate: a path with its bytes does not decode, a query keeps
            // them as the text "%ED%A0%80". Either way nothing PostgreSQL refuses arrives.
            if (spot.part === 'params') expect(res.json(), what).toMatchObject({ ok: false, code: 'bad_url' })
            if (res.statusCode >= 400) expect(ErrorBody.safeParse(res.json()).error, what).toBeUndefined()
            continue
          }
          expect(res.statusCode, what).toBe(400)
          const answer = ErrorBody.parse(res.json())
          expect(answer.code, what).toBe('validation')
          // JSON escapes C0 controls and lone surrogates; DEL and NEL stand raw in the JSON text, whose
          // own check (the gridStatus field) refuses them first.
          const rawInJson = spot.inJson && JSON.stringify(char) === `"${char}"`
          const message = answer.errors?.[rawInJson ? spot.path.join('.') : fieldOf(spot)]
          expect(message, `${what}: ${JSON.stringify(answer.errors)}`).toBeDefined()
          if (!spot.isNumber) {
            expect(message, what).toBe(isSurrogate(char) ? LONE_SURROGATE_MESSAGE : CONTROL_CHARACTER_MESSAGE)
          }
        }
      }
      if (before) await expectTablesUnchanged(t.app, before, name)
    },
  )

  it('keeps tab and line breaks in a text', async () => {
    await clearRateLimits(t.app)
    const questions = async () => (await snapshotTables(t.app, ['info_requests'])).rows.info_requests!.length
    const before = await questions()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publiccomms/info-request',
      payload: { email: 'visitor@example.com', question: 'Two lines:\r\n\tindoor courts?' },
    })
    expect(res.statusCode).toBe(200)
    expect(await questions()).toBe(before + 1)
  })
})
