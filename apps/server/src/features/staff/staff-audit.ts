import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import { STAFF_AUDIT_PAGE_SIZE } from '@clubhouse/contract/server'
import { inUnit } from '../../db/units.ts'
import type { StaffContext } from './staff-context.ts'
import { staffAccounts, staffAudit } from './staff.tables.ts'

/** One write of the staff, as it is recorded. */
export interface AuditEntry {
  /** Who made it; null for the command line (`npm run staff`), which has no staff session. */
  staffId: number | null
  /** What was done, `<thing>.<verb>`: `block.add`, `block.remove`, `account.add`, `account.disable`. */
  action: string
  /** What it was done to, `<kind>:<id>`: `resource:3`, `staff:5`. */
  subject: string
  /** The thing as it stood before (null: it did not exist) and after (null: it is gone); JSON. */
  before: unknown
  after: unknown
}

/** A row of the audit as an owner reads it. */
export interface AuditRow extends Omit<AuditEntry, 'staffId'> {
  id: number
  at: Date
  staff: { id: number; email: string; name: string } | null
}

/**
 * The audit of the staff's writes (issue 23, item 9). `recordAudit` writes in the caller's unit of
 * work, through the ambient `db` (decision 027), so the row commits with the change it records or
 * not at all; called outside a unit it throws, since a row written apart could outlive an undone
 * change or be missing from a done one.
 */
export function createStaffAudit(ctx: Pick<StaffContext, 'db' | 'clock'>) {
  const { db, clock } = ctx

  async function recordAudit(entry: AuditEntry): Promise<void> {
    if (!inUnit())
      throw new Error(`the audit of ${entry.action} is written in the unit of work of its change`)
    await db.insert(staffAudit).values({
      staffId: entry.staffId,
      at: new Date(clock()),
      action: entry.action,
      subject: entry.subject,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
  }

  /** A page of the audit, newest first, of one staff member or one action when asked; and how many rows match. */
  async function auditPage(query: {
    page: number
    staffId?: number | undefined
    action?: string | undefined
  }): Promise<{ rows: AuditRow[]; totalCount: number }> {
    const where: SQL[] = []
    if (query.staffId !== undefined) where.push(eq(staffAudit.staffId, query.staffId))
    if (query.action !== undefined) where.push(eq(staffAudit.action, query.action))
    const condition = where.length ? and(...where) : undefined
    const rows = await db
      .select({
        id: staffAudit.id,
        at: staffAudit.at,
        action: staffAudit.action,
        subject: staffAudit.subject,
        before: staffAudit.before,
        after: staffAudit.after,
        staffId: staffAudit.staffId,
        email: staffAccounts.email,
        name: staffAccounts.name,
      })
      .from(staffAudit)
      .leftJoin(staffAccounts, eq(staffAccounts.id, staffAudit.staffId))
      .where(condition)
      .orderBy(desc(staffAudit.at), desc(staffAudit.id))
      .limit(STAFF_AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * STAFF_AUDIT_PAGE_SIZE)
    const [total] = await db.select({ n: count() }).from(staffAudit).where(condition)
    return {
      rows: rows.map(({ staffId, email, name, ...row }) => ({
        ...row,
        staff: staffId === null ? null : { id: staffId, email: email ?? '', name: name ?? '' },
      })),
      totalCount: Number(total?.n ?? 0),
    }
  }

  return { recordAudit, auditPage }
}

export type StaffAudit = ReturnType<typeof createStaffAudit>
