import type { StaffRole } from '@clubhouse/contract/server'
import type { App } from '../app.ts'

/** A Monday morning in Madrid: the clock the staff tests start from and move by hand. */
export const STAFF_TEST_START = Date.parse('2026-03-02T08:00:00Z')

/** What a client is answered for a refusal of a service: its status, code and message. */
export async function refusal(work: Promise<unknown>) {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e as { status?: number; code?: string; message?: string },
  )
  if (!err) throw new Error('expected a refusal, got an answer')
  return { status: err.status, code: err.code, message: err.message }
}

/** The token of a set-password link, as the person's browser reads it from the address. */
export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

/** A staff account with its password set through its link, ready to log in. */
export async function insertStaffMember(app: App, email: string, role: StaffRole, password: string) {
  const { account, link } = await app.services.staff.addAccount({ email, role, name: email.split('@')[0] })
  await app.services.staff.setPassword(tokenOf(link), password)
  return account
}

/** The headers of a new session of a staff member with no second factor, opened through the service. */
export async function staffSession(app: App, email: string, password: string) {
  const login = await app.services.staff.login({ email, password }, '127.0.0.1')
  if (!login.token) throw new Error(`${email} was asked for a code`)
  return { authorization: `Bearer ${login.token}` }
}
