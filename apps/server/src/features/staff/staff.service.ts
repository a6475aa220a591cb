import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { createStaffAccounts } from './staff-accounts.ts'
import { createStaffSessions } from './staff-sessions.ts'
import { createStaffTokens } from './staff-tokens.ts'

export type { StaffAccount } from './staff-accounts.ts'
export type { StaffSession } from './staff-sessions.ts'

/**
 * The staff feature (issue 23): the centre's own accounts, apart from the customers', each with a
 * role (desk < manager < owner), their logins and their sessions. It reads and writes only its own
 * tables.
 */
export function createStaffService(db: Db, deps: { units: Units; clock: () => number; publicUrl: string }) {
  const ctx = { db, ...deps }
  const tokens = createStaffTokens(ctx)
  return { ...createStaffAccounts(ctx, tokens), ...createStaffSessions(ctx, tokens) }
}

export type StaffService = ReturnType<typeof createStaffService>
