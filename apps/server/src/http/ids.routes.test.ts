import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../test/build-test-app.ts'
import { TextBlockType } from '@clubhouse/contract/server'
import { both } from '../test/account-fixtures.ts'
import { createTestProducts } from '../test/catalogue-fixtures.ts'
import { clearRateLimits, customerRow, insertCustomer, loginAs, type LoggedIn } from '../test/customers.ts'
import { expectTablesUnchanged, snapshotTables } from '../test/table-snapshot.ts'

/**
 * Ways of writing a number that a lax reading (Number(), z.coerce) takes for the id `id`, and the
 * contract does not (decision 033): only decimal digits in paths and queries, a JSON integer or the
 * same digits in bodies.
 */
const textForms = (id: number) => [
  `${id}e0`,
  `0x${id.toString(16)}`,
  ` ${id}`,
  `${id} `,
  `${id}.0`,
  `+${id}`,
  `0${id}`,
  '',
]
const bodyForms = (id: number): unknown[] => [...textForms(id), true, [id], { id }, null]

describe.each(testDatabaseKinds())('ids on %s', (kind) => {
  let t: TestApp
  let me: LoggedIn
  let productId: number
  let postId: number
  beforeAll(async () => {
    t = await buildTestApp(kind)
    const { services } = t.app
    productId = (await createTestProducts(services)).racket
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
    postId = post!
    await services.customers.createCustomFields([
      { name: 'club', label: both('Club', 'Club'), fieldType: 0, pickListValues: both('', ''), position: 1 },
    ])
    await insertCustomer(t.app, { email: 'ids@example.com', password: 'Ids-Pass-1' })
    me = await loginAs(t.app, 'ids@example.com', 'Ids-Pass-1')
  })
  afterAll(() => t.close())

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })
  const expectRefused = (res: { statusCode: number; json: () => unknown }, field: string, what: string) => {
    expect(res.statusCode, what).toBe(400)
    expect(res.json(), what).toMatchObject({
      ok: false,
      code: 'validation',
      errors: { [field]: expect.any(String) },
    })
  }

  it('reads ids written in digits, in paths, queries and bodies', async () => {
    expect((await get(`/api/shop/get/${productId}`)).statusCode).toBe(200)
    expect((await get(`/api/cztextblocks/get-with-user?id=${postId}`)).statusCode).toBe(200)
    expect((await get(`/api/publiccustomers/${me.id}`, me.headers)).statusCode).toBe(200)
    expect((await get(`/api/shop/list-by-customer?customerId=${me.id}`, me.headers)).statusCode).toBe(200)
  })

  it('refuses a path id written any other way with 400', async () => {
    for (const form of textForms(productId)) {
      const res = await get(`/api/shop/get/${encodeURIComponent(form)}`)
      expectRefused(res, 'id', `/api/shop/get/${form}`)
      expect(res.json<{ errors: Record<string, string> }>().errors.id).toBe(
        'The id is a whole number from 1.',
      )
    }
  })

  it("refuses the customer's own id written any other way, even with the customer's token", async () => {
    for (const form of textForms(me.id)) {
      expectRefused(await get(`/api/publiccustomers/${encodeURIComponent(form)}`, me.headers), 'id', form)
      expectRefused(
        await get(`/api/shop/customer-orders/${encodeURIComponent(form)}`, me.headers),
        'customerId',
        form,
      )
    }
  })

  it('refuses a customer id that is no id with 400 before asking for a token', async () => {
    // Read as Number(), `1e0` was customer 1 and answered 401 for want of a token.
    for (const form of ['1e0', '0x1', '1.0']) {
      expectRefused(await get(`/api/publiccustomers/${form}`), 'id', form)
    }
  })

  it('refuses a query id written any other way with 400', async () => {
    for (const form of textForms(postId)) {
      expectRefused(await get(`/api/cztextblocks/get-with-user?id=${encodeURIComponent(form)}`), 'id', form)
    }
    for (const form of textForms(me.id)) {
      const url = `/api/shop/list-by-customer?customerId=${encodeURIComponent(form)}`
      expectRefused(await get(url, me.headers), 'customerId', form)
    }
    // A repeated parameter is a list, not an id.
    expectRefused(await get(`/api/cztextblocks/get-with-user?id=${postId}&id=${postId}`), 'id', 'twice')
  })

  describe('in a body', () => {
    const profile = (over: Record<string, unknown>) => ({
      name: 'Ids',
      surname: 'Customer',
      email: 'ids@example.com',
      phone: '600000000',
      ...over,
    })
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/publiccustomers/put-json', headers: me.headers, payload })

    it('reads a JSON integer, and the same digits as text as a url-encoded body sends them', async () => {
      expect((await put(profile({ id: me.id, name: 'Json' }))).statusCode).toBe(200)
      expect((await put(profile({ id: String(me.id), name: 'Text' }))).statusCode).toBe(200)
      expect((await customerRow(t.app, me.id))?.name).toBe('Text')
      const form = await t.app.inject({
        method: 'PUT',
        url: '/api/publiccustomers/put-json',
        // The spec's client may send a body url-encoded: every value is text there.
        headers: { ...me.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...profile({ name: 'Form' }), id: String(me.id) }).toString(),
      })
      expect(form.statusCode).toBe(200)
      expect((await customerRow(t.app, me.id))?.name).toBe('Form')
    })

    it('refuses a body id written any other way with 400 and changes nothing', async () => {
      const before = await snapshotTables(t.app)
      for (const form of bodyForms(me.id)) {
        expectRefused(await put(profile({ id: form, name: 'Changed' })), 'id', JSON.stringify(form))
      }
      const profileRes = await get(`/api/publiccustomers/${me.id}`, me.headers)
      const fieldId = profileRes.json<{ data: { customFields: { customFieldId: number }[] } }>().data
        .customFields[0]!.customFieldId
      for (const form of bodyForms(fieldId)) {
        const res = await put(
          profile({ id: me.id, name: 'Changed', customFieldValues: [{ customFieldId: form, value: 'x' }] }),
        )
        expectRefused(res, 'customFieldValues.0.customFieldId', JSON.stringify(form))
      }
      for (const form of bodyForms(me.id)) {
        await clearRateLimits(t.app)
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/publiccustomers/reset-password-by-old-json',
          headers: me.headers,
          payload: { customerId: form, plainOldPass: 'Ids-Pass-1', plainNewPass: 'Other-Pass-2' },
        })
        expectRefused(res, 'customerId', JSON.stringify(form))
      }
      await expectTablesUnchanged(t.app, before)
    })
  })
})
