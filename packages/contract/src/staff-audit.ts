/**
 * The staff audit (issue 23, item 9): every write a staff member makes through the desk, who made
 * it, when, what, and the thing as it stood before and after. Written in the unit of work of the
 * change itself, so a change undone leaves no row; read by owners only.
 */
import { z } from 'zod'
import { IdSchema, oneLineString, wholeNumber } from './fields.ts'
import { defineRoute, okPage } from './http.ts'

/** Rows per page of the audit, newest first. */
export const STAFF_AUDIT_PAGE_SIZE = 50

/** The page asked for of a list the staff read a page at a time (the audit, the orders): from 1. */
export const StaffPageNumber = wholeNumber({
  min: 1,
  max: 1_000_000,
  invalid: 'page is a whole number from 1.',
  tooLarge: 'page is at most 1000000.',
}).default(1)

export const StaffAuditQuery = z.object({
  page: StaffPageNumber,
  staffId: IdSchema({
    min: 1,
    invalid: 'staffId is a whole number from 1.',
    tooLarge: 'staffId is too large.',
  }).optional(),
  action: oneLineString()
    .max(64, 'At most 64 characters')
    .optional()
    .meta({ description: "Only rows of this action, as written: 'block.add', 'account.disable'." }),
})

/** One write of the staff. */
export const StaffAuditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601 instant. */
  at: z.string(),
  /** Who made it; null for a change made from the command line (`npm run staff`). */
  staff: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  /** What was done: `block.add`, `block.remove`, `account.add`, `account.disable`… */
  action: z.string(),
  /** What it was done to: `resource:3`, `staff:5`. */
  subject: z.string(),
  /** The thing as it stood before (null: it did not exist) and after (null: it is gone). */
  before: z.unknown(),
  after: z.unknown(),
})
export type StaffAuditEntry = z.infer<typeof StaffAuditEntry>

export const staffAuditRoutes = {
  staffAudit: defineRoute({
    method: 'GET',
    path: '/api/staff/audit',
    summary: "The staff's writes, newest first, 50 a page; by one staff member or one action if asked",
    tags: ['staff'],
    query: StaffAuditQuery,
    response: okPage(StaffAuditEntry),
    auth: 'staff',
    staffRole: 'owner',
  }),
}
