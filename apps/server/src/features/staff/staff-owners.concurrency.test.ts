import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'
import { startInstances } from '../../test/instances.ts'
import { insertStaffMember, STAFF_TEST_START, staffSession } from '../../test/staff.ts'

/**
 * Two owners disabling each other (or making each other managers) at the same moment, through two app instances on one PostgreSQL
 * database: each unit locks every owner's row before counting them, so one of the two wins and the
 * other reads 409 `last_owner`; the centre always keeps an owner who can log in.
 */

const PASSWORD = 'Long-Staff-Pass-26'
const ROUNDS = 6

describeOnPostgres('two owners disabling each other through two instances on PostgreSQL', () => {
  let apps: App[]
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: () => STAFF_TEST_START }))
  })
  afterAll(() => close())

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await apps[0]!.database.db.execute(query)) as unknown as { rows: T[] }).rows

  /** Two new owners, one signed in on each instance, and no other owner who can log in. */
  async function twoOwners(round: string) {
    const owners: { id: number; session: { authorization: string } }[] = []
    for (const [i, app] of apps.entries()) {
      const email = `owner${round}-${i}@example.com`
      const account = await insertStaffMember(app, email, 'owner', PASSWORD)
      owners.push({ ...account, session: await staffSession(app, email, PASSWORD) })
    }
    await rows(sql`update staff_accounts set disabled_at = now()
      where role = 'owner' and id not in (${owners[0]!.id}, ${owners[1]!.id})`)
    return owners
  }

  /** Both answers of a round: one done, one refused; and one owner left who can log in. */
  async function expectOneLeft(answers: { statusCode: number; body: string; json: () => unknown }[]) {
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409])
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'last_owner' })
    const working = await rows<{ n: number }>(
      sql`select count(*)::int as n from staff_accounts where role = 'owner' and disabled_at is null`,
    )
    expect(Number(working[0]!.n)).toBe(1)
  }

  it('leaves one of them, every time, when each disables the other', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const owners = await twoOwners(`a${round}`)
      const disable = (by: number, whom: number) =>
        apps[by]!.inject({
          method: 'POST',
          url: `/api/staff/accounts/${owners[whom]!.id}/disable`,
          headers: { ...owners[by]!.session, 'accept-language': 'en-US' },
        })
      await expectOneLeft(
        await Promise.all(round % 2 ? [disable(0, 1), disable(1, 0)] : [disable(1, 0), disable(0, 1)]),
      )
    }
  })

  it('leaves one of them, every time, when each disables themselves', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const owners = await twoOwners(`b${round}`)
      const leave = (i: number) =>
        apps[i]!.inject({
          method: 'POST',
          url: `/api/staff/accounts/${owners[i]!.id}/disable`,
          headers: { ...owners[i]!.session, 'accept-language': 'en-US' },
        })
      await expectOneLeft(await Promise.all(round % 2 ? [leave(0), leave(1)] : [leave(1), leave(0)]))
    }
  })

  it('leaves one of them, every time, when each makes the other a manager', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const owners = await twoOwners(`c${round}`)
      const demote = (by: number, whom: number) =>
        apps[by]!.inject({
          method: 'POST',
          url: `/api/staff/accounts/${owners[whom]!.id}/role`,
          payload: { role: 'manager' },
          headers: { ...owners[by]!.session, 'accept-language': 'en-US' },
        })
      await expectOneLeft(
        await Promise.all(round % 2 ? [demote(0, 1), demote(1, 0)] : [demote(1, 0), demote(0, 1)]),
      )
    }
  })
})
