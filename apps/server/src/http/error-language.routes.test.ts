import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../test/build-test-app.ts'
import { anOrderAndAVoucher, createTestCustomers } from '../test/account-fixtures.ts'
import { createTestProducts } from '../test/catalogue-fixtures.ts'
import { clearRateLimits, loginAs } from '../test/customers.ts'
import { expectTablesUnchanged, snapshotTables } from '../test/table-snapshot.ts'

const SPANISH = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' }
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' }
const CUSTOMER = { email: 'elena@example.com', password: 'Elena-Pass-2026' }

const registration = (over: Record<string, unknown> = {}) => ({
  name: 'Ana',
  surname: 'López',
  email: 'ana.lopez@example.com',
  password: 'Ana-Pass-2026',
  phone: '600123123',
  okRss: true,
  acceptConditions: true,
  ...over,
})

describe.each(testDatabaseKinds())('error messages in the language of the request on %s', (kind) => {
  let t: TestApp
  const post = (url: string, payload: object, headers: Record<string, string>, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) })
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    t = await buildTestApp(kind)
    const { towel } = await createTestProducts(t.app.services)
    await createTestCustomers(t.app.services, [{ ...CUSTOMER, ...anOrderAndAVoucher('T-2026-00001', towel) }])
  })
  afterAll(() => t.close())
  beforeEach(() => clearRateLimits(t.app))

  it('refuses a login in Spanish, and in English for an English request', async () => {
    const body = { email: CUSTOMER.email, password: 'not-her-password' }
    const es = await post('/api/publiccustomers/cauth', body, SPANISH)
    expect(es.statusCode).toBe(401)
    expect(es.json()).toMatchObject({
      ok: false,
      code: 'invalid_credentials',
      errorMsg: 'Correo electrónico o contraseña no válidos',
    })
    const en = await post('/api/publiccustomers/cauth', body, ENGLISH)
    expect(en.json()).toMatchObject({ code: 'invalid_credentials', errorMsg: 'Invalid Email or Password' })
  })

  it('answers English to a request that names no language', async () => {
    const res = await post('/api/publiccustomers/cauth', { email: CUSTOMER.email, password: 'nope-nope' }, {})
    expect(res.json().errorMsg).toBe('Invalid Email or Password')
  })

  it('says a too short password in Spanish, naming the field as the form labels it, and on its field', async () => {
    const es = await post('/api/publiccustomers/register', registration({ password: 'abc' }), SPANISH)
    expect(es.statusCode).toBe(400)
    expect(es.json()).toMatchObject({
      code: 'validation',
      errorMsg: 'Contraseña: La longitud mínima es 5',
      errors: { password: 'La longitud mínima es 5' },
    })
    const en = await post('/api/publiccustomers/register', registration({ password: 'abc' }), ENGLISH)
    expect(en.json()).toMatchObject({
      errorMsg: 'Password: Minimum length is 5',
      errors: { password: 'Minimum length is 5' },
    })
  })

  it('says every field of a registration in Spanish: required, too long, not an email', async () => {
    const res = await post(
      '/api/publiccustomers/register',
      registration({ name: '', surname: 'x'.repeat(101), email: 'no-at-sign' }),
      SPANISH,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toMatchObject({
      name: 'Campo obligatorio',
      surname: 'Como máximo 100 caracteres',
      email: 'Introduce un correo electrónico válido',
    })
  })

  it('says a too common password in Spanish', async () => {
    const es = await post('/api/publiccustomers/register', registration({ password: 'password' }), SPANISH)
    expect(es.statusCode).toBe(400)
    expect(es.json()).toMatchObject({
      code: 'validation',
      errorMsg: 'Esta contraseña es demasiado común. Elige otra.',
      errors: { password: 'Esta contraseña es demasiado común. Elige otra.' },
    })
    const en = await post('/api/publiccustomers/register', registration({ password: 'password' }), ENGLISH)
    expect(en.json().errors).toEqual({ password: 'This password is too common. Choose another one.' })
  })

  it('says an IBAN with a wrong checksum in Spanish on the profile save, and saves nothing', async () => {
    const me = await loginAs(t.app, CUSTOMER.email, CUSTOMER.password)
    const before = await snapshotTables(t.app)
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/publiccustomers/${me.id}`,
      headers: { ...me.headers, ...SPANISH },
      payload: {
        name: 'Otra',
        surname: 'Martín García',
        email: CUSTOMER.email,
        phone: '600111222',
        iban: 'ES91 2100 0418 4502 0005 1333',
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'validation',
      errorMsg: 'IBAN: Este IBAN no es válido: revisa los dígitos',
      errors: { iban: 'Este IBAN no es válido: revisa los dígitos' },
    })
    await expectTablesUnchanged(t.app, before)
  })

  it('says the rate limits in Spanish: per email and per address', async () => {
    const login = (ip: string, email: string) =>
      post('/api/publiccustomers/cauth', { email, password: 'nope-nope' }, SPANISH, ip)
    for (let i = 0; i < 10; i++) await login(`10.1.0.${i + 1}`, CUSTOMER.email)
    const perEmail = await login('10.1.1.1', CUSTOMER.email)
    expect(perEmail.statusCode).toBe(429)
    expect(perEmail.json()).toMatchObject({
      code: 'rate_limited',
      errorMsg: 'Demasiados intentos fallidos con este correo. Vuelve a intentarlo dentro de 1 s.',
    })

    await clearRateLimits(t.app)
    for (let i = 0; i < 10; i++) await login('10.2.2.2', `nobody${i}@example.com`)
    const perAddress = await login('10.2.2.2', 'nobody-else@example.com')
    expect(perAddress.statusCode).toBe(429)
    expect(perAddress.json()).toMatchObject({
      code: 'rate_limited',
      errorMsg: 'Demasiadas solicitudes. Espera un minuto y vuelve a intentarlo.',
    })
    const english = await post(
      '/api/publiccustomers/cauth',
      { email: 'nobody-else@example.com', password: 'nope-nope' },
      ENGLISH,
      '10.2.2.2',
    )
    expect(english.json().errorMsg).toBe('Too many requests. Please wait a minute and try again.')
  })

  it('says an order that is not there in Spanish', async () => {
    const me = await loginAs(t.app, CUSTOMER.email, CUSTOMER.password)
    const es = await get(`/api/shop/customer-orders/${me.id}/987654`, { ...me.headers, ...SPANISH })
    expect(es.statusCode).toBe(404)
    expect(es.json()).toEqual({ ok: false, code: 'not_found', errorMsg: 'Pedido no encontrado' })
    const en = await get(`/api/shop/customer-orders/${me.id}/987654`, { ...me.headers, ...ENGLISH })
    expect(en.json().errorMsg).toBe('Order not found')
  })

  it('says the login needed and the other customer in Spanish', async () => {
    const me = await loginAs(t.app, CUSTOMER.email, CUSTOMER.password)
    const none = await get(`/api/shop/customer-orders/${me.id}`, SPANISH)
    expect(none.statusCode).toBe(401)
    expect(none.json().errorMsg).toBe('Por favor, inicia sesión o regístrate')
    const other = await get(`/api/shop/customer-orders/${me.id + 1}`, { ...me.headers, ...SPANISH })
    expect(other.statusCode).toBe(403)
    expect(other.json().errorMsg).toBe('Esto pertenece a otro cliente.')
  })

  it("says a bad gridStatus of the shop list in Spanish, naming the query's field", async () => {
    const bad = (gridStatus: string, headers: Record<string, string>) =>
      get(`/api/shop/list?startRow=0&endRow=12&gridStatus=${encodeURIComponent(gridStatus)}`, headers)
    const es = await bad('{not json', SPANISH)
    expect(es.statusCode).toBe(400)
    expect(es.json()).toMatchObject({
      code: 'validation',
      errorMsg: 'Revisa el campo "gridStatus" en la consulta: El gridStatus no es un JSON válido.',
      errors: { gridStatus: 'El gridStatus no es un JSON válido.' },
    })
    const en = await bad('{not json', ENGLISH)
    expect(en.json().errorMsg).toBe(
      'Check the field "gridStatus" in querystring: The gridStatus is not valid JSON.',
    )
    const unknownSort = await bad(JSON.stringify({ sortModel: [{ colId: 'Colour', sort: 'asc' }] }), SPANISH)
    expect(unknownSort.statusCode).toBe(400)
    expect(unknownSort.json().errorMsg).toMatch(
      /^Revisa el campo "gridStatus\.sortModel\.0" en la consulta: No se puede ordenar por Colour asc; los órdenes posibles son /,
    )
  })

  it('says a route that is not there and a body that is not JSON in Spanish', async () => {
    const nothing = await get('/api/no-such-thing', SPANISH)
    expect(nothing.statusCode).toBe(404)
    expect(nothing.json().errorMsg).toBe('No hay nada en GET /api/no-such-thing.')
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/publiccustomers/cauth',
      payload: '{"email":',
      headers: { ...SPANISH, 'content-type': 'application/json' },
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({
      code: 'bad_json',
      errorMsg: 'El cuerpo de la petición no es un JSON válido.',
    })
  })
})
