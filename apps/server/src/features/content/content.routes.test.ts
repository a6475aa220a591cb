import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { saveTestSettings, TEST_LEGAL_SETTINGS, TEST_MAIN_SETTINGS } from '../../test/settings-fixtures.ts'

// Field lists as spec 1 §1, §3 and §7 name them.
const MAIN_SETTINGS_FIELDS = [
  'name',
  'description',
  'phone',
  'email',
  'openHours',
  'address',
  'facebook',
  'instagram',
  'twitter',
  'buttonColor',
  'footerColor',
  'fontFamily',
  'gallery',
  'followUsDescription',
  'currencySymbol',
  'decimalSeparator',
  'timeZone',
  'culture',
  'mainlogo',
  'dateFormat',
  'uploads',
  'registerOn',
  'customRegisterForm',
  'headerImage',
  'hasShop',
]
const TEMPLATE_FIELDS = [
  'mainTrandingProductImage',
  'mainTrandingProductText',
  ...[1, 2, 3, 4].flatMap((n) => [`number${n}`, `textNumbers${n}`]),
  ...[1, 2, 3].flatMap((n) =>
    ['image', 'textColor', 'textSlideInLeft', 'textSlideInUp', 'textSmall', 'textButton', 'urlButton'].map(
      (f) => `${f}${n}`,
    ),
  ),
]
const LEGAL_FIELDS = ['generalConditions', 'wayver', 'privacyPolicyFull', 'cookiesPolicy']

describe.each(testDatabaseKinds())('settings routes on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
  })
  afterAll(() => t.close())

  it("answers every main settings field of the spec, filled in with the centre's own", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/czconfigs/main-settings' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.ok).toBe(true)
    for (const field of MAIN_SETTINGS_FIELDS) {
      expect(body.data, field).toHaveProperty(field)
      if (typeof body.data[field] === 'string') expect(body.data[field], field).not.toBe('')
    }
    expect(body.data).toMatchObject({
      name: TEST_MAIN_SETTINGS.name,
      description: TEST_MAIN_SETTINGS.description['es-ES'],
      currencySymbol: '€',
      timeZone: 'Europe/Madrid',
      registerOn: true,
      hasShop: true,
    })
    expect(body.data.buttonColor).toMatch(/^#[0-9a-f]{3,6}$/i)
  })

  it('answers the home template with counters and the hero slider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/czconfigs/template' })
    expect(res.statusCode).toBe(200)
    const { ok, data } = res.json()
    expect(ok).toBe(true)
    for (const field of TEMPLATE_FIELDS) expect(data, field).toHaveProperty(field)
    expect(typeof data.number1).toBe('number')
  })

  it('answers the four legal texts as the centre wrote them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/czconfigs/legal-settings' })
    expect(res.statusCode).toBe(200)
    const { ok, data } = res.json()
    expect(ok).toBe(true)
    for (const field of LEGAL_FIELDS) {
      expect(data[field], field).toBe(TEST_LEGAL_SETTINGS[field as keyof typeof TEST_LEGAL_SETTINGS]['es-ES'])
    }
  })

  it('answers the centre texts in the language the client asks for', async () => {
    const es = await t.app.inject({
      method: 'GET',
      url: '/api/czconfigs/legal-settings',
      headers: { 'accept-language': 'es-ES' },
    })
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/czconfigs/legal-settings',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    })
    const none = await t.app.inject({ method: 'GET', url: '/api/czconfigs/legal-settings' })
    expect(en.json().data.cookiesPolicy).not.toBe(es.json().data.cookiesPolicy)
    expect(none.json().data.cookiesPolicy).toBe(es.json().data.cookiesPolicy)
    expect(en.headers.vary).toMatch(/accept-language/i)
  })

  it('sends an ETag and answers 304 when the client already has the settings', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/czconfigs/main-settings' })
    const etag = first.headers.etag as string
    expect(etag).toBeTruthy()
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/czconfigs/main-settings',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('answers changed settings with a new ETag once they are saved', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/czconfigs/main-settings' })
    await t.app.services.content.saveSettings('main', { ...TEST_MAIN_SETTINGS, phone: '+34 900 000 000' })
    const after = await t.app.inject({ method: 'GET', url: '/api/czconfigs/main-settings' })
    expect(after.json().data.phone).toBe('+34 900 000 000')
    expect(after.headers.etag).not.toBe(before.headers.etag)
    await t.app.services.content.saveSettings('main', TEST_MAIN_SETTINGS)
  })

  it('strips scripts and event handlers from legal HTML when it is stored', async () => {
    const evil =
      '<h2>Cookies</h2><p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>'
    await t.app.services.content.saveSettings('legal', {
      ...TEST_LEGAL_SETTINGS,
      cookiesPolicy: { 'es-ES': evil, 'en-US': evil },
    })
    const res = await t.app.inject({ method: 'GET', url: '/api/czconfigs/legal-settings' })
    const html: string = res.json().data.cookiesPolicy
    expect(html).toContain('<h2>Cookies</h2>')
    expect(html).not.toMatch(/script|onclick|javascript:/i)
    await t.app.services.content.saveSettings('legal', TEST_LEGAL_SETTINGS)
  })
})

describe('settings routes without settings', () => {
  it('answer 404 with an errorMsg when the centre has no settings yet', async () => {
    const t = await buildTestApp('pglite')
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/czconfigs/main-settings' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ ok: false, code: 'not_found', errorMsg: 'Not settings defined!' })
    } finally {
      await t.close()
    }
  })
})
