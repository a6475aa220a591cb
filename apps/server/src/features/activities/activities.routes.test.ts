import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  EditInputType,
  PaymentMethodId,
  type ActivityAnswer,
  type InscriptionAnswer,
} from '@clubhouse/contract/server'
import { both } from '../../test/account-fixtures.ts'
import { HOUR, MINUTE, T0, testClock } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { checkoutBody, moneyVoucher } from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { multipartBody } from '../../test/multipart.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'

/**
 * Every activity route as a client meets it, with the clock at Monday 7 January 2030: the open list,
 * one activity, the sign-up with each of its refusals, a paid sign-up's sale paid at checkout or
 * removed from the cart, and holds that run out.
 */

const EN = { 'accept-language': 'en-US' }
const DAY = 24 * HOUR
const SIGN_UP_TABLES = ['activities', 'activity_inscriptions', 'sales', 'sale_items']

describe.each(testDatabaseKinds())('activity routes on %s', (kind) => {
  const clock = testClock()
  let t: TestApp
  let ana: LoggedIn
  let ben: LoggedIn
  let cara: LoggedIn
  let dan: LoggedIn
  /** Free, asks its sign-up form. */
  let yoga: number
  /** 15 €, two places. */
  let camp: number
  let closed: number
  let ended: number

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now })
    const s = t.app.services
    ;[camp, yoga, closed, ended] = (await s.activities.createActivities([
      {
        name: both('Campus de pádel', 'Padel camp'),
        description: both('<p>Tres días</p>', '<p>Three days</p><script>x()</script>'),
        poster: 'test/camp.svg',
        startsAt: new Date(T0 + 2 * DAY),
        endsAt: new Date(T0 + 4 * DAY),
        priceCents: 1500,
        capacity: 2,
      },
      {
        name: both('Yoga al aire libre', 'Outdoor yoga'),
        description: both('<p>Gratis</p>', '<p>Free</p>'),
        startsAt: new Date(T0 + 5 * DAY),
        endsAt: new Date(T0 + 5 * DAY + 2 * HOUR),
      },
      {
        name: both('Torneo interno', 'Club tournament'),
        description: both('<p>En recepción</p>', '<p>At reception</p>'),
        startsAt: new Date(T0 + 3 * DAY),
        endsAt: new Date(T0 + 3 * DAY + 5 * HOUR),
        onlineSignUp: false,
      },
      {
        name: both('Clinic de invierno', 'Winter clinic'),
        description: both('<p>Pasado</p>', '<p>Past</p>'),
        startsAt: new Date(T0 - 3 * DAY),
        endsAt: new Date(T0 - 2 * DAY),
      },
    ])) as [number, number, number, number]
    await s.forms.createForm({
      parentName: 'Activity',
      parentId: yoga,
      legalChecks: false,
      fields: [
        { name: 'level', label: both('Nivel', 'Level'), inputType: EditInputType.Text, required: true },
      ],
    })
    ;[ana, ben, cara, dan] = (await insertLoggedInCustomers(t.app, 4, 'member')) as [
      LoggedIn,
      LoggedIn,
      LoggedIn,
      LoggedIn,
    ]
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await clearRateLimits(t.app)
  })

  const get = (url: string, who?: LoggedIn) =>
    t.app.inject({ method: 'GET', url, headers: { ...EN, ...who?.headers } })
  const post = (url: string, payload: unknown, who?: LoggedIn) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...EN, ...who?.headers } })
  const signUp = (who: LoggedIn, id: number) =>
    post('/api/publicactivities/inscription', { customerId: who.id, id }, who)
  const signedUp = async (who: LoggedIn, id: number) => {
    const res = await signUp(who, id)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<InscriptionAnswer>().model
  }
  const activity = async (id: number, who?: LoggedIn) => {
    const res = await get(`/api/publicactivities/${id}/${who?.id ?? 0}`, who)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<ActivityAnswer>()
  }
  const statusOf = async (table: 'activity_inscriptions' | 'sales', where: ReturnType<typeof sql>) => {
    const res = (await t.app.database.db.execute(
      sql`select status from ${sql.identifier(table)} where ${where}`,
    )) as unknown as { rows: Array<{ status: string }> }
    return res.rows.map((r) => r.status)
  }
  const inscriptionsOf = (who: LoggedIn, id: number) =>
    statusOf('activity_inscriptions', sql`customer_id = ${who.id} and activity_id = ${id} order by id`)

  /** Refused with `status` and `code`, leaving every table a sign-up writes as it was. */
  async function expectRefused(who: LoggedIn, id: number, status: number, code: string, errorMsg: string) {
    const before = await snapshotTables(t.app, SIGN_UP_TABLES)
    const res = await signUp(who, id)
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json()).toEqual({ ok: false, code, errorMsg })
    await expectTablesUnchanged(t.app, before)
  }

  it('lists the activities open to sign up, soonest first', async () => {
    const res = await get('/api/publicactivities/list')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      ok: true,
      model: [
        {
          id: camp,
          name: 'Padel camp',
          poster: '/uploads/test/camp.svg',
          start: new Date(T0 + 2 * DAY).toISOString(),
        },
        { id: yoga, name: 'Outdoor yoga', poster: '', start: new Date(T0 + 5 * DAY).toISOString() },
      ],
    })
    const es = await t.app.inject({
      method: 'GET',
      url: '/api/publicactivities/list',
      headers: { 'accept-language': 'es-ES' },
    })
    expect(es.json().model.map((a: { name: string }) => a.name)).toEqual([
      'Campus de pádel',
      'Yoga al aire libre',
    ])
  })

  it('shows one activity with its places, price, sanitised description and sign-up form', async () => {
    const res = await get(`/api/publicactivities/${camp}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      ok: true,
      model: {
        id: camp,
        name: 'Padel camp',
        poster: '/uploads/test/camp.svg',
        start: new Date(T0 + 2 * DAY).toISOString(),
        end: new Date(T0 + 4 * DAY).toISOString(),
        description: '<p>Three days</p>',
        onlineSignUp: true,
        price: 15,
        capacity: 2,
        placesLeft: 2,
      },
      hasCustomSignUp: false,
      alreadyIn: false,
      held: null,
    })
    const free = await activity(yoga)
    expect(free).toMatchObject({
      hasCustomSignUp: true,
      model: { price: 0, capacity: null, placesLeft: null },
    })
    expect((await activity(closed)).model.onlineSignUp).toBe(false)
    expect((await activity(ended)).model.onlineSignUp).toBe(false)
    const missing = await get('/api/publicactivities/9999')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({
      ok: false,
      code: 'not_found',
      errorMsg: 'This activity was not found.',
    })
    const bad = await get('/api/publicactivities/abc')
    expect(bad.statusCode).toBe(400)
  })

  it('refuses sign-ups to closed, ended and unknown activities, changing nothing', async () => {
    await expectRefused(ana, closed, 422, 'sign_up_closed', 'This activity takes no sign-ups online.')
    await expectRefused(ana, ended, 422, 'sign_up_closed', 'This activity takes no sign-ups online.')
    await expectRefused(ana, 9999, 404, 'not_found', 'This activity was not found.')
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/publicactivities/inscription',
      payload: { customerId: ana.id, id: closed },
      headers: { ...ana.headers, 'accept-language': 'es-ES' },
    })
    expect(spanish.json().errorMsg).toBe('Esta actividad no admite inscripciones en línea.')
    const anonymous = await post('/api/publicactivities/inscription', { customerId: ana.id, id: yoga })
    expect(anonymous.statusCode).toBe(401)
    const another = await post('/api/publicactivities/inscription', { customerId: ben.id, id: yoga }, ana)
    expect(another.statusCode).toBe(403)
  })

  it('asks for the sign-up form first, then signs up to a free activity at once, once', async () => {
    await expectRefused(ana, yoga, 422, 'form_required', 'Fill in the sign-up form of this activity first.')
    const form = multipartBody({
      parentId: yoga,
      parentName: 'Activity',
      okRss: false,
      acceptConditions: false,
      customerId: ana.id,
      fields: [{ id: await fieldId('level'), name: 'level', value: 'Beginner' }],
    })
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/dynamicforms/save',
      headers: { ...EN, ...ana.headers, ...form.headers },
      payload: form.payload,
    })
    expect(saved.statusCode, saved.body).toBe(200)

    expect(await signedUp(ana, yoga)).toBeNull()
    expect(await inscriptionsOf(ana, yoga)).toEqual(['confirmed'])
    expect((await activity(yoga, ana)).alreadyIn).toBe(true)
    expect((await activity(yoga, ben)).alreadyIn).toBe(false)
    await expectRefused(ana, yoga, 409, 'already_in', 'You are already signed up to this activity.')
  })

  async function fieldId(name: string) {
    const res = await get(`/api/dynamicforms/form-def/Activity/${yoga}`)
    return res
      .json<{ model: { fields: Array<{ id: number; name: string }> } }>()
      .model.fields.find((f) => f.name === name)!.id
  }

  it('holds a place of a paid activity with a sale the cart pays, until the activity is full', async () => {
    clock.set(T0)
    const held = await signedUp(ana, camp)
    expect(held).toMatchObject({
      title: 'Sign-up: Padel camp',
      pending: 15,
      paid: 0,
      ctk: null,
      description: 'Padel camp',
      holdExpiresAt: new Date(T0 + t.config.holdMinutes * MINUTE).toISOString(),
    })
    expect(held!.cancelUrl).toMatch(new RegExp(`^publicactivities/cancel/\\d+/${ana.id}$`))
    expect(await statusOf('sales', sql`id = ${held!.id}`)).toEqual(['pending'])
    const pending = await post(`/api/shop/pending-sales/${ana.id}`, undefined, ana)
    expect(pending.statusCode, pending.body).toBe(200)
    expect(pending.json().data).toEqual([
      expect.objectContaining({ id: held!.id, cancelUrl: held!.cancelUrl }),
    ])
    // Her place is held, not hers yet: her page says so, with the sale the cart pays.
    expect(await activity(camp, ana)).toMatchObject({
      alreadyIn: false,
      held: {
        id: held!.id,
        title: 'Sign-up: Padel camp',
        saleNumber: held!.saleNumber,
        pending: 15,
        paid: 0,
        cancelUrl: held!.cancelUrl,
        holdExpiresAt: held!.holdExpiresAt,
      },
      model: { placesLeft: 1 },
    })
    expect((await activity(camp, ben)).held).toBeNull()
    await expectRefused(ana, camp, 409, 'already_in', 'You are already signed up to this activity.')

    const bens = await signedUp(ben, camp)
    expect((await activity(camp)).model.placesLeft).toBe(0)
    await expectRefused(cara, camp, 409, 'activity_full', 'There are no places left in this activity.')

    // Ben removes his sale from the cart: the place is free again, his sale cancelled.
    const cancel = await post(`/api/${bens!.cancelUrl}`, undefined, ben)
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json()).toEqual({ ok: true, errorMsg: null })
    expect(await statusOf('sales', sql`id = ${bens!.id}`)).toEqual(['cancelled'])
    expect(await inscriptionsOf(ben, camp)).toEqual(['cancelled'])
    expect((await activity(camp)).model.placesLeft).toBe(1)
    const again = await post(`/api/${bens!.cancelUrl}`, undefined, ben)
    expect(again.statusCode).toBe(200)
    const notHis = await post(
      `/api/${bens!.cancelUrl!.replace(`/${ben.id}`, `/${cara.id}`)}`,
      undefined,
      cara,
    )
    expect(notHis.statusCode).toBe(404)

    // Ana pays hers at checkout with her money voucher: her sign-up is confirmed.
    const voucher = await moneyVoucher(t.app.services, ana.id, 5000)
    const paid = await post(
      '/api/shop/checkout-customer',
      checkoutBody(ana.id, {
        saleIds: [held!.id],
        paymentMethodId: PaymentMethodId.MoneyVoucher,
        voucherId: voucher,
      }),
      ana,
    )
    expect(paid.json().model, paid.body).toMatchObject({ completed: true, total: 15 })
    expect(await inscriptionsOf(ana, camp)).toEqual(['confirmed'])
    expect(await activity(camp, ana)).toMatchObject({ alreadyIn: true, held: null })
    const late = await post(`/api/${held!.cancelUrl}`, undefined, ana)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ ok: false, code: 'sale_not_payable' })
    expect(await inscriptionsOf(ana, camp)).toEqual(['confirmed'])
  })

  it('stops counting a hold that ran out, and releases it with its sale at the next sign-up', async () => {
    clock.set(T0)
    const caras = await signedUp(cara, camp)
    expect((await activity(camp)).model.placesLeft).toBe(0)
    await expectRefused(dan, camp, 409, 'activity_full', 'There are no places left in this activity.')

    clock.set(T0 + t.config.holdMinutes * MINUTE + MINUTE)
    expect(await activity(camp, cara)).toMatchObject({
      alreadyIn: false,
      held: null,
      model: { placesLeft: 1 },
    })
    const dans = await signedUp(dan, camp)
    expect(dans!.pending).toBe(15)
    expect(await inscriptionsOf(cara, camp)).toEqual(['expired'])
    expect(await statusOf('sales', sql`id = ${caras!.id}`)).toEqual(['cancelled'])
    // Cara may sign up again once a place is free; now there is none.
    await expectRefused(cara, camp, 409, 'activity_full', 'There are no places left in this activity.')
  })
})
