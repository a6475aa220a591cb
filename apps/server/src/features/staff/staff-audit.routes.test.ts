import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffAuditEntry } from '@clubhouse/contract/server'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { insertStaffMember, STAFF_TEST_START, staffSession } from '../../test/staff.ts'

/**
 * The audit of the staff's writes: each write leaves one row in its own unit of work (none for a
 * refused or undone one), with who, when, what, and the thing before and after; owners read it,
 * newest first, a page at a time.
 */

const PASSWORD = 'Long-Staff-Pass-26'

describe.each(testDatabaseKinds())('the staff audit on %s', (kind) => {
  let t: TestApp
  let clock = STAFF_TEST_START
  let owner: { authorization: string }
  let ownerId: number
  let deskId: number

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock })
    ownerId = (await insertStaffMember(t.app, 'owner@example.com', 'owner', PASSWORD)).id
    deskId = (await insertStaffMember(t.app, 'desk@example.com', 'desk', PASSWORD)).id
    await insertStaffMember(t.app, 'manager@example.com', 'manager', PASSWORD)
    owner = await staffSession(t.app, 'owner@example.com', PASSWORD)
  })
  afterAll(() => t.close())

  async function audit(query = '', headers = owner) {
    const res = await t.app.inject({ method: 'GET', url: `/api/staff/audit${query}`, headers })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { data: StaffAuditEntry[]; totalCount: number }
  }
  const post = (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: owner })

  it("records an owner's creating and disabling of an account, with before and after, newest first", async () => {
    clock += 60_000
    const created = await post('/api/staff/accounts', {
      email: 'new@example.com',
      role: 'desk',
      name: 'Nía 🎾',
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().model.account.id as number
    const addedAt = new Date(clock).toISOString()
    clock += 60_000
    expect((await post(`/api/staff/accounts/${id}/disable`)).statusCode).toBe(200)
    const disabledAt = new Date(clock).toISOString()

    const { data } = await audit(`?staffId=${ownerId}`)
    const staff = { id: ownerId, email: 'owner@example.com', name: 'owner' }
    expect(data.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        at: disabledAt,
        staff,
        action: 'account.disable',
        subject: `staff:${id}`,
        before: { email: 'new@example.com', name: 'Nía 🎾', role: 'desk', disabledAt: null },
        after: { email: 'new@example.com', name: 'Nía 🎾', role: 'desk', disabledAt },
      },
      {
        id: expect.any(Number),
        at: addedAt,
        staff,
        action: 'account.add',
        subject: `staff:${id}`,
        before: null,
        after: { email: 'new@example.com', name: 'Nía 🎾', role: 'desk', disabledAt: null },
      },
    ])

    // Disabled again, the account does not change: nothing to record.
    const { totalCount } = await audit()
    clock += 60_000
    expect((await post(`/api/staff/accounts/${id}/disable`)).statusCode).toBe(200)
    expect((await audit()).totalCount).toBe(totalCount)
  })

  it('writes no row for a refused write, nor for one whose unit is undone', async () => {
    const { totalCount } = await audit()
    const taken = await post('/api/staff/accounts', { email: 'desk@example.com', role: 'owner' })
    expect(taken.statusCode).toBe(409)
    const { units, staff } = t.app.services
    await expect(
      units.run(async () => {
        await staff.recordAudit({
          staffId: ownerId,
          action: 'test.undone',
          subject: 'x:1',
          before: null,
          after: 1,
        })
        throw new Error('undone')
      }),
    ).rejects.toThrow('undone')
    // Outside a unit there is no change for the row to commit with: refused, as a defect.
    await expect(
      staff.recordAudit({ staffId: ownerId, action: 'test.apart', subject: 'x:1', before: null, after: 1 }),
    ).rejects.toThrow(/unit of work/)
    expect((await audit()).totalCount).toBe(totalCount)
  })

  it('names no staff member for a change made from the command line', async () => {
    const { account } = await t.app.services.staff.addAccount({ email: 'cli@example.com', role: 'manager' })
    const [row] = (await audit('?action=account.add')).data
    expect(row).toMatchObject({
      staff: null,
      subject: `staff:${account.id}`,
      after: { email: 'cli@example.com' },
    })
  })

  it('pages the audit 50 rows at a time, newest first, by staff member or action', async () => {
    const { units, staff } = t.app.services
    for (let i = 1; i <= 60; i++) {
      clock += 1000
      await units.run(() =>
        staff.recordAudit({
          staffId: i % 3 === 0 ? deskId : ownerId,
          action: 'test.step',
          subject: `step:${i}`,
          before: { i: i - 1 },
          after: { i },
        }),
      )
    }
    const first = await audit('?action=test.step')
    expect(first.totalCount).toBe(60)
    expect(first.data.map((r) => r.subject)).toEqual(Array.from({ length: 50 }, (_, k) => `step:${60 - k}`))
    const second = await audit('?action=test.step&page=2')
    expect(second.data.map((r) => r.subject)).toEqual(Array.from({ length: 10 }, (_, k) => `step:${10 - k}`))
    expect((await audit('?action=test.step&page=3')).data).toEqual([])

    const ofDesk = await audit(`?action=test.step&staffId=${deskId}`)
    expect(ofDesk.totalCount).toBe(20)
    expect(ofDesk.data.every((r) => r.staff?.email === 'desk@example.com')).toBe(true)
    expect((await audit('?action=test.nothing')).totalCount).toBe(0)
    expect((await audit()).totalCount).toBeGreaterThan(60)
  })

  it('opens the audit to owners alone, and reads its query strictly', async () => {
    for (const email of ['desk@example.com', 'manager@example.com']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/staff/audit',
        headers: await staffSession(t.app, email, PASSWORD),
      })
      expect(res.statusCode, email).toBe(403)
      expect(res.json()).toMatchObject({ ok: false, code: 'forbidden' })
    }
    for (const query of [
      '?page=0',
      '?page=1e1',
      '?staffId=abc',
      '?action=block%00add',
      `?action=${'a'.repeat(65)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/staff/audit${query}`, headers: owner })
      expect(res.statusCode, query).toBe(400)
      expect(res.json(), query).toMatchObject({ ok: false, code: 'validation' })
    }
  })
})
