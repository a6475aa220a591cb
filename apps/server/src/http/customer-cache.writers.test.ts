import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { App } from '../app.ts'
import { createTestClub, prebookBody, testClock, type TestClub } from '../test/booking-fixtures.ts'
import { describeOnPostgres } from '../test/build-test-app.ts'
import { insertCustomer, insertLoggedInCustomers, type LoggedIn } from '../test/customers.ts'
import { buildTwoInstances, heardAll, type TwoInstances } from '../test/two-instances.ts'

const DAY = '2030-01-08'

/**
 * Read-your-writes per customer (decision 102): a write made for one customer's request makes only
 * that customer's kept session and answers wait until the instance has heard it; every other
 * customer is still answered from memory, without a statement to the database. A write whose
 * customer is not known (a fixture, the mailer) still makes everything wait. What the pool's
 * connections are sent is recorded (the listening connection's checks left out).
 */
describeOnPostgres('read-your-writes per customer, on two instances on PostgreSQL', () => {
  const clock = testClock()
  /** The listeners' clock moves a little at each reading: nothing they heard gets old during a test. */
  let ticks = 0
  const changesClock = () => (ticks += 0.001)
  let two: TwoInstances
  let a: App
  let b: App
  let club: TestClub
  let recording: string[] | undefined
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown

  beforeAll(async () => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const params = (this as unknown as { connectionParameters: { application_name?: string } })
        .connectionParameters
      if (recording && params.application_name !== 'clubhouse customer changes') {
        const q = args[0]
        recording.push(typeof q === 'string' ? q : (q as { text: string }).text)
      }
      return query.apply(this, args)
    } as typeof pg.Client.prototype.query
    two = await buildTwoInstances('postgres', { now: clock.now, changesClock })
    ;[a, b] = two.apps
    club = await createTestClub(a.services)
  })
  afterAll(async () => {
    await two?.close()
    pg.Client.prototype.query = query as typeof pg.Client.prototype.query
  })

  /** The statements the pool's connections are sent while `work` runs. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const statements: string[] = []
    recording = statements
    try {
      await work()
    } finally {
      recording = undefined
    }
    return statements
  }
  /** Resolves once `app` has heard every write it made, whoever made it. */
  async function heardOwnWrites(app: App) {
    while (app.database.changes.state() !== 'current') await new Promise((r) => setImmediate(r))
  }
  const profile = async (app: App, who: LoggedIn) => {
    const res = await app.inject({ url: `/api/publiccustomers/${who.id}`, headers: who.headers })
    expect(res.statusCode).toBe(200)
    return res.json<{ data: { name: string } }>().data.name
  }
  const rename = async (app: App, who: LoggedIn, email: string, name: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/publiccustomers/${who.id}`,
      headers: who.headers,
      payload: { name, surname: 'Customer', email, phone: '600000000' },
    })
    expect(res.statusCode).toBe(200)
  }

  it("answers a customer from memory right after another customer's prebook", async () => {
    const [ana, ben] = await insertLoggedInCustomers(a, 2, 'prebooker')
    await heardOwnWrites(a)
    await profile(a, ben!)
    expect(await statementsOf(() => profile(a, ben!))).toEqual([])

    const held = await a.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: ana!.headers,
      payload: prebookBody(ana!.id, club.padel, `${DAY} 10:00`, 60, [club.court1]),
    })
    expect(held.statusCode).toBe(200)
    // Ben's session and profile, kept, are untouched by Ana's write: no statement.
    expect(await statementsOf(() => profile(a, ben!))).toEqual([])
  })

  it('shows a customer what they just changed at once, and the others are still answered from memory', async () => {
    const [cleo, dani] = await insertLoggedInCustomers(a, 2, 'renamer')
    await heardOwnWrites(a)
    for (const who of [cleo!, dani!]) await profile(a, who)
    // The other instance keeps Cleo's profile too.
    expect(await profile(b, cleo!)).toBe('Racer 1')
    await rename(a, cleo!, 'renamer1@example.com', 'Cleopatra')
    // Right after it, another customer is still answered from memory: no statement.
    expect(await statementsOf(() => profile(a, dani!))).toEqual([])
    // The writer's own session and profile are read again: the new name at once.
    let seen = ''
    expect((await statementsOf(async () => (seen = await profile(a, cleo!)))).length).toBeGreaterThan(0)
    expect(seen).toBe('Cleopatra')
    // The other instance shows it as soon as it has heard of it.
    await heardAll(b, a)
    expect(await profile(b, cleo!)).toBe('Cleopatra')
  })

  it('makes every kept answer wait for a write whose customer is not known', async () => {
    const [eva] = await insertLoggedInCustomers(a, 1, 'bystander')
    await heardOwnWrites(a)
    await profile(a, eva!)
    expect(await statementsOf(() => profile(a, eva!))).toEqual([])
    // A fixture's write, made for no request: whose data it changed is not known.
    await insertCustomer(a, {
      email: 'someone-else@example.com',
      password: 'Someone-Pass-2026',
      name: 'Fede',
    })
    expect((await statementsOf(() => profile(a, eva!))).length).toBeGreaterThan(0)
  })
})
