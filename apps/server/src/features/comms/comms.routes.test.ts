import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import { infoRequests } from './comms.tables.ts'

describe.each(testDatabaseKinds())('info request on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(kind)
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await t.app.database.db.delete(infoRequests)
    await t.app.database.db.execute('delete from rate_limits')
  })

  /** Sends a question from the client at `remoteAddress` (the socket's address; 127.0.0.1 unless told). */
  const send = (payload: unknown, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/publiccomms/info-request',
      payload: payload as object,
      ...(remoteAddress ? { remoteAddress } : {}),
    })
  const stored = () => t.app.database.db.select().from(infoRequests)

  it('stores the question with its email and time and answers ok', async () => {
    const res = await send({ email: ' ana@example.com ', question: 'Do you run junior padel classes?' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    const rows = await stored()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ email: 'ana@example.com', question: 'Do you run junior padel classes?' })
    expect(Date.now() - rows[0]!.createdAt.getTime()).toBeLessThan(60_000)
  })

  it('accepts the spec client content type application/json-patch+json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publiccomms/info-request',
      headers: { 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify({ email: 'ana@example.com', question: 'Opening hours in August?' }),
    })
    expect(res.statusCode).toBe(200)
    expect(await stored()).toHaveLength(1)
  })

  it.each([
    ['an empty email', { email: '', question: 'Hello?' }, 'email'],
    ['an empty question', { email: 'ana@example.com', question: '   ' }, 'question'],
    ['a malformed email', { email: 'ana-at-example', question: 'Hello?' }, 'email'],
    ['a missing question', { email: 'ana@example.com' }, 'question'],
    [
      'a question of 10,000 characters',
      { email: 'ana@example.com', question: 'x'.repeat(10_000) },
      'question',
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, payload, field) => {
    const before = await snapshotTables(t.app)
    const res = await send(payload)
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body).toMatchObject({ ok: false, code: 'validation' })
    expect(body.errorMsg).toEqual(expect.any(String))
    expect(body.errors).toHaveProperty(field)
    await expectTablesUnchanged(t.app, before)
  })

  it('refuses a malformed JSON body with 400 and stores nothing', async () => {
    const before = await snapshotTables(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publiccomms/info-request',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "ana@example.com", "question": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ ok: false, code: 'bad_json', errorMsg: expect.any(String) })
    await expectTablesUnchanged(t.app, before)
  })

  it('refuses an oversized body with 413 and stores nothing', async () => {
    const before = await snapshotTables(t.app)
    const res = await send({ email: 'ana@example.com', question: 'x'.repeat(2 * 1024 * 1024) })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ ok: false, code: 'payload_too_large' })
    await expectTablesUnchanged(t.app, before)
  })

  it('limits one client to 10 questions a minute', async () => {
    const client = '203.0.113.7'
    for (let i = 0; i < 10; i++) {
      expect((await send({ email: 'ana@example.com', question: `Question ${i}` }, client)).statusCode).toBe(
        200,
      )
    }
    const before = await snapshotTables(t.app)
    const limited = await send({ email: 'ana@example.com', question: 'One more' }, client)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ ok: false, code: 'rate_limited', errorMsg: expect.any(String) })
    expect(await stored()).toHaveLength(10)
    await expectTablesUnchanged(t.app, before)
    const other = await send({ email: 'bob@example.com', question: 'Me too' }, '203.0.113.8')
    expect(other.statusCode).toBe(200)
  })
})
