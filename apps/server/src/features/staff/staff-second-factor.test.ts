import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAILURES_BEFORE_WAIT } from '../customers/login-guard.ts'
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_TTL_MINUTES, type StaffRole } from '@clubhouse/contract/server'
import { insertStaffMember, refusal, STAFF_TEST_START } from '../../test/staff.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { createStaffService } from './staff.service.ts'
import { fromBase32, totp } from './totp.ts'

describe.each(testDatabaseKinds())('the second factor of staff accounts on %s', (kind) => {
  let t: TestApp
  let clock = STAFF_TEST_START
  let addresses = 0
  const newAddress = () => `198.51.100.${++addresses}`
  const staff = () => t.app.services.staff
  /** The code an authenticator app shows now for `secret`. */
  const codeOf = (secret: string, at = clock) => totp(fromBase32(secret)!, at)

  /** An account with its password set; `enrolled` gives it a second factor too. */
  const member = (email: string, role: StaffRole) =>
    insertStaffMember(t.app, email, role, 'Long-Staff-Pass-26')
  async function enrolled(email: string, role: StaffRole = 'manager') {
    const account = await member(email, role)
    const { secret } = await staff().startEnrolment(account.id)
    const { recoveryCodes } = await staff().confirmEnrolment(account.id, codeOf(secret))
    // The next code is of a later step: the one confirming was taken.
    clock += 30_000
    return { account, secret, recoveryCodes }
  }
  /** The challenge of a login whose password is right. */
  async function challengeOf(email: string, address = newAddress()) {
    const answer = await staff().login({ email, password: 'Long-Staff-Pass-26' }, address)
    if (!answer.codeNeeded) throw new Error(`${email} was not asked for a code`)
    return answer.codeNeeded.challenge
  }
  const secondStep = (challenge: string, code: string, address = newAddress()) =>
    staff().loginSecondStep({ challenge, code }, address)

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock })
  })
  afterAll(() => t.close())

  it('enrols an authenticator app: a secret and its otpauth address, confirmed by a first right code, then ten recovery codes', async () => {
    const ana = await member('ana@centre.example', 'owner')
    const { secret, uri } = await staff().startEnrolment(ana.id)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toBe(
      `otpauth://totp/Clubhouse:ana%40centre.example?secret=${secret}&issuer=Clubhouse&algorithm=SHA1&digits=6&period=30`,
    )
    const wrong = codeOf(secret, clock + 120_000)
    expect(await refusal(staff().confirmEnrolment(ana.id, wrong))).toMatchObject({ status: 401 })
    // Not enrolled by a wrong code: the password alone still logs in.
    const before = await staff().login(
      { email: 'ana@centre.example', password: 'Long-Staff-Pass-26' },
      newAddress(),
    )
    expect(before.session?.hasSecondFactor).toBe(false)

    const { recoveryCodes } = await staff().confirmEnrolment(ana.id, codeOf(secret))
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT)
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/)
    expect(await refusal(staff().startEnrolment(ana.id))).toMatchObject({ status: 409 })
  })

  it('asks an enrolled account for a code after its password, and opens the session with a right one', async () => {
    const { secret } = await enrolled('berta@centre.example')
    const challenge = await challengeOf('berta@centre.example')
    expect(challenge).toMatch(/^[0-9a-f]{64}$/)
    // The challenge is no session.
    expect(await staff().sessionOfToken(challenge)).toBeUndefined()
    const { token, session } = await secondStep(challenge, codeOf(secret))
    expect(session).toMatchObject({ email: 'berta@centre.example', role: 'manager', hasSecondFactor: true })
    expect(await staff().sessionOfToken(token)).toMatchObject({ email: 'berta@centre.example' })
    // A challenge answered once answers no more.
    expect(await refusal(secondStep(challenge, codeOf(secret)))).toMatchObject({ status: 401 })
  })

  it('takes a code once, and no code of an earlier step', async () => {
    const { secret } = await enrolled('carla@centre.example')
    const code = codeOf(secret)
    await secondStep(await challengeOf('carla@centre.example'), code)
    expect(await refusal(secondStep(await challengeOf('carla@centre.example'), code))).toMatchObject({
      status: 401,
      message: 'This code is not right.',
    })
    // The code of the step before is still within the window, but older than the one taken.
    expect(
      await refusal(secondStep(await challengeOf('carla@centre.example'), codeOf(secret, clock - 30_000))),
    ).toMatchObject({ status: 401 })
    clock += 30_000
    await expect(
      secondStep(await challengeOf('carla@centre.example'), codeOf(secret)),
    ).resolves.toMatchObject({
      session: { email: 'carla@centre.example' },
    })
  })

  it('takes each recovery code once, however it is typed', async () => {
    const { recoveryCodes } = await enrolled('dora@centre.example')
    const [first, second] = recoveryCodes
    await expect(secondStep(await challengeOf('dora@centre.example'), first!)).resolves.toMatchObject({
      session: { email: 'dora@centre.example' },
    })
    expect(await refusal(secondStep(await challengeOf('dora@centre.example'), first!))).toMatchObject({
      status: 401,
    })
    const typed = ` ${second!.replace('-', '').toLowerCase()} `
    await expect(secondStep(await challengeOf('dora@centre.example'), typed)).resolves.toMatchObject({
      session: { email: 'dora@centre.example' },
    })
  })

  it('ends a challenge after five minutes, and slows an address guessing codes as it would guessing passwords', async () => {
    const { secret } = await enrolled('elena@centre.example')
    const late = await challengeOf('elena@centre.example')
    clock += SECOND_FACTOR_TTL_MINUTES * 60_000
    expect(await refusal(secondStep(late, codeOf(secret)))).toMatchObject({ status: 401 })

    const challenge = await challengeOf('elena@centre.example')
    const wrong = codeOf(secret, clock + 600_000)
    for (let i = 0; i < FAILURES_BEFORE_WAIT; i++) {
      expect(await refusal(secondStep(challenge, wrong))).toMatchObject({ status: 401 })
    }
    expect(await refusal(secondStep(challenge, codeOf(secret)))).toMatchObject({
      status: 429,
      code: 'rate_limited',
    })
  })

  it('makes owners and managers enrol before anything else in production, and leaves the desk and other sites free', async () => {
    const production = createStaffService(t.app.database.db, {
      units: t.app.database.units,
      clock: () => clock,
      publicUrl: 'http://test.local',
      production: true,
      issuer: async () => 'Clubhouse',
    })
    const roles: StaffRole[] = ['owner', 'manager', 'desk']
    for (const role of roles) await member(`${role}-prod@centre.example`, role)
    const signIn = async (service: typeof production, role: StaffRole) => {
      const answer = await service.login(
        { email: `${role}-prod@centre.example`, password: 'Long-Staff-Pass-26' },
        newAddress(),
      )
      return { token: answer.token!, session: answer.session! }
    }
    const mustEnrol = async (service: typeof production) => {
      const answers = await Promise.all(
        roles.map(async (r) => [r, (await signIn(service, r)).session.mustEnrol]),
      )
      return Object.fromEntries(answers)
    }
    expect(await mustEnrol(production)).toEqual({ owner: true, manager: true, desk: false })
    expect(await mustEnrol(staff())).toEqual({ owner: false, manager: false, desk: false })

    const manager = await signIn(production, 'manager')
    const { secret } = await production.startEnrolment(manager.session.staffId)
    await production.confirmEnrolment(manager.session.staffId, codeOf(secret))
    // Enrolled, the session it enrolled from may do what its role does.
    expect(await production.sessionOfToken(manager.token)).toMatchObject({
      mustEnrol: false,
      hasSecondFactor: true,
    })
  })
})
