import { isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  STAFF_PASSWORD_LINK_TTL_HOURS,
  STAFF_SESSION_IDLE_HOURS,
  type StaffRole,
} from '@clubhouse/contract/server'
import { sweepSpentRows } from '../../db/housekeeping.ts'
import { insertStaffMember, refusal, STAFF_TEST_START, tokenOf } from '../../test/staff.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { SCRYPT_PARAMS, setPasswordCostForTests } from '../customers/passwords.ts'
import { FAILURES_BEFORE_WAIT } from '../customers/login-guard.ts'
import { staffTokens } from './staff.tables.ts'

const HOUR = 3_600_000
describe.each(testDatabaseKinds())('staff accounts and sessions on %s', (kind) => {
  let t: TestApp
  let clock = STAFF_TEST_START
  let addresses = 0
  /** A client address no request came from yet. */
  const newAddress = () => `203.0.113.${++addresses}`
  const staff = () => t.app.services.staff

  /** An account with its password set, ready to log in. */
  const member = (email: string, role: StaffRole, password = 'Long-Staff-Pass-26') =>
    insertStaffMember(t.app, email, role, password)
  /** A login with email and password alone (no second factor): its session, or its refusal. */
  async function login(email: string, password: string, address = newAddress()) {
    const answer = await staff().login({ email, password }, address)
    if (answer.codeNeeded) throw new Error(`${email} was asked for a code`)
    return answer
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock })
  })
  afterAll(() => t.close())

  it('creates an account whose link sets its password once, and then logs it in with its role', async () => {
    const { account, link, expiresAt } = await staff().addAccount({
      email: '  Ana@Centre.example ',
      role: 'manager',
      name: 'Ana',
    })
    expect(account).toMatchObject({
      email: 'ana@centre.example',
      role: 'manager',
      name: 'Ana',
      hasPassword: false,
    })
    expect(link).toMatch(/^http:\/\/test\.local\/staff\/set-password\?token=[0-9a-f]{64}$/)
    expect(expiresAt.getTime()).toBe(clock + STAFF_PASSWORD_LINK_TTL_HOURS * HOUR)

    expect(await staff().setPassword(tokenOf(link), 'Ana-Manages-2026')).toEqual({
      email: 'ana@centre.example',
    })
    expect(await refusal(staff().setPassword(tokenOf(link), 'Another-Pass-2026'))).toMatchObject({
      status: 400,
      code: 'invalid_token',
    })

    const { token, session } = await login('ANA@centre.example', 'Ana-Manages-2026')
    expect(session).toMatchObject({ email: 'ana@centre.example', role: 'manager', name: 'Ana' })
    expect(await staff().sessionOfToken(token)).toMatchObject({ staffId: account.id, role: 'manager' })
    expect((await staff().listAccounts()).find((a) => a.id === account.id)).toMatchObject({
      hasPassword: true,
    })
  })

  it('refuses a set-password link once its 24 hours are over', async () => {
    const { link } = await staff().addAccount({ email: 'late@centre.example', role: 'desk' })
    clock += STAFF_PASSWORD_LINK_TTL_HOURS * HOUR
    expect(await refusal(staff().setPassword(tokenOf(link), 'Too-Late-Pass-26'))).toMatchObject({
      status: 400,
      code: 'invalid_token',
    })
    expect(await refusal(staff().setPassword('not-a-token', 'Too-Late-Pass-26'))).toMatchObject({
      status: 400,
    })
  })

  it('refuses a second account with an email already on the staff, whatever its case, and a role not on the ladder', async () => {
    await staff().addAccount({ email: 'twice@centre.example', role: 'desk' })
    expect(await refusal(staff().addAccount({ email: 'TWICE@centre.example', role: 'owner' }))).toMatchObject(
      {
        status: 409,
        code: 'email_taken',
        message: 'This email already has a staff account.',
      },
    )
    expect(
      await refusal(staff().addAccount({ email: 'boss@centre.example', role: 'admin' as StaffRole })),
    ).toMatchObject({ status: 400, code: 'validation' })
    expect(await refusal(staff().addAccount({ email: 'not an email', role: 'desk' }))).toMatchObject({
      status: 400,
      code: 'validation',
    })
    expect((await staff().listAccounts()).map((a) => a.email)).not.toContain('boss@centre.example')
  })

  it('refuses passwords shorter than ten characters and the most common ones, and keeps the link working', async () => {
    const { link } = await staff().addAccount({ email: 'weak@centre.example', role: 'desk' })
    expect(await refusal(staff().setPassword(tokenOf(link), 'Short-1'))).toMatchObject({
      status: 400,
      message: 'Check the field "password": Minimum length is 10',
    })
    expect(await refusal(staff().setPassword(tokenOf(link), 'QwertyUiop'))).toMatchObject({
      status: 400,
      message: 'This password is too common. Choose another one.',
    })
    expect(await staff().setPassword(tokenOf(link), 'Strong-Enough-26')).toEqual({
      email: 'weak@centre.example',
    })
  })

  it('answers an unknown email, a wrong password, an account with no password yet and a disabled one alike', async () => {
    await member('rosa@centre.example', 'desk', 'Rosa-Desk-Pass-26')
    await staff().addAccount({ email: 'new@centre.example', role: 'desk' })
    const gone = await member('gone@centre.example', 'desk', 'Gone-Desk-Pass-26')
    await staff().disableAccount(gone.id)
    const answers = [
      await refusal(login('nobody@centre.example', 'Rosa-Desk-Pass-26')),
      await refusal(login('rosa@centre.example', 'Not-Her-Pass-26')),
      await refusal(login('new@centre.example', 'Any-Pass-At-All')),
      await refusal(login('gone@centre.example', 'Gone-Desk-Pass-26')),
    ]
    expect(answers).toEqual(
      Array(4).fill({ status: 401, code: 'invalid_credentials', message: 'Invalid email or password.' }),
    )
    await expect(login('rosa@centre.example', 'Rosa-Desk-Pass-26')).resolves.toMatchObject({
      session: { role: 'desk' },
    })
  })

  it('ends a session after 12 hours without a request, and keeps one that is used within them', async () => {
    await member('idle@centre.example', 'desk', 'Idle-Desk-Pass-26')
    const { token } = await login('idle@centre.example', 'Idle-Desk-Pass-26')
    clock += (STAFF_SESSION_IDLE_HOURS - 1) * HOUR
    expect(await staff().sessionOfToken(token)).toMatchObject({ email: 'idle@centre.example' })
    // Used 11 hours ago, it still holds 11 hours after its start plus 11 more.
    clock += (STAFF_SESSION_IDLE_HOURS - 1) * HOUR
    const kept = await staff().sessionOfToken(token)
    expect(kept?.expiresAt.getTime()).toBe(clock + STAFF_SESSION_IDLE_HOURS * HOUR)
    clock += STAFF_SESSION_IDLE_HOURS * HOUR
    expect(await staff().sessionOfToken(token)).toBeUndefined()
  })

  it("ends a disabled account's sessions at once, and a logged-out session", async () => {
    const desk = await member('leaving@centre.example', 'desk', 'Leaving-Pass-26')
    const first = await login('leaving@centre.example', 'Leaving-Pass-26')
    const second = await login('leaving@centre.example', 'Leaving-Pass-26')
    await staff().logout(first.token)
    expect(await staff().sessionOfToken(first.token)).toBeUndefined()
    expect(await staff().sessionOfToken(second.token)).toMatchObject({ email: 'leaving@centre.example' })

    const disabled = await staff().disableAccount(desk.id)
    expect(disabled.disabledAt?.getTime()).toBe(clock)
    expect(await staff().sessionOfToken(second.token)).toBeUndefined()
    expect(await refusal(staff().disableAccount(999_999))).toMatchObject({ status: 404 })
  })

  it('makes a stranger wait after a few failures of one email, but not the address it logged in from', async () => {
    await member('target@centre.example', 'owner', 'Target-Owner-26')
    const home = newAddress()
    await login('target@centre.example', 'Target-Owner-26', home)
    for (let i = 0; i < FAILURES_BEFORE_WAIT; i++) {
      expect(await refusal(login('target@centre.example', 'Guessing-Pass-26'))).toMatchObject({ status: 401 })
    }
    const slowed = await refusal(login('target@centre.example', 'Target-Owner-26'))
    expect(slowed).toMatchObject({ status: 429, code: 'rate_limited' })
    await expect(login('target@centre.example', 'Target-Owner-26', home)).resolves.toMatchObject({
      session: { role: 'owner' },
    })
  })

  it("counts staff failures apart from customers': a customer's failed logins of the same email slow no staff login", async () => {
    await member('both@centre.example', 'desk', 'Both-Desk-Pass-26')
    for (let i = 0; i < FAILURES_BEFORE_WAIT + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/cauth',
        payload: { email: 'both@centre.example', password: 'Guessing-Pass-26' },
        remoteAddress: newAddress(),
      })
      expect(res.statusCode).not.toBe(200)
    }
    await expect(login('both@centre.example', 'Both-Desk-Pass-26')).resolves.toMatchObject({
      session: { role: 'desk' },
    })
  })

  it('has the hourly sweep remove staff tokens a day after they ended, and keep working sessions', async () => {
    await member('sweep@centre.example', 'desk', 'Sweep-Desk-Pass-26')
    const ended = await login('sweep@centre.example', 'Sweep-Desk-Pass-26')
    await staff().logout(ended.token)
    clock += 2 * 24 * HOUR
    const live = await login('sweep@centre.example', 'Sweep-Desk-Pass-26')
    const removed = await sweepSpentRows(t.app.database.db, clock)
    expect(removed.tokens).toBeGreaterThan(0)
    const stillThere = await t.app.database.db.select().from(staffTokens).where(isNotNull(staffTokens.usedAt))
    expect(stillThere).toEqual([])
    expect(await staff().sessionOfToken(live.token)).toMatchObject({ email: 'sweep@centre.example' })
  })

  describe('at the real password cost', () => {
    beforeAll(() => setPasswordCostForTests(SCRYPT_PARAMS))
    afterAll(() => setPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 }))

    it('takes about as long to refuse an unknown email as a wrong password', async () => {
      await member('timed@centre.example', 'desk', 'Timed-Desk-Pass-26')
      const timed = async (email: string) => {
        const started = performance.now()
        await refusal(login(email, 'Wrong-Guess-Pass-26'))
        return performance.now() - started
      }
      const known: number[] = []
      const unknown: number[] = []
      // Interleaved, so a busy moment of the machine weighs on both alike.
      for (let i = 0; i < 3; i++) {
        known.push(await timed('timed@centre.example'))
        unknown.push(await timed(`stranger-${i}@centre.example`))
      }
      const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[1]!
      const ratio = median(unknown) / median(known)
      expect(ratio).toBeGreaterThan(0.5)
      expect(ratio).toBeLessThan(2)
    })
  })
})
