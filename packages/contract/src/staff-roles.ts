// A module of its own, zod-free: the routes' contract (http.ts) names a route's role, and staff.ts
// declares its routes with http.ts.

/**
 * The roles, from the lowest to the highest:
 * - `desk`: the schedule, bookings, sessions, customers and their debts;
 * - `manager`: what the desk does, and orders, refunds, vouchers and reports;
 * - `owner`: everything, the staff accounts and the audit too.
 */
export const StaffRole = ['desk', 'manager', 'owner'] as const
export type StaffRole = (typeof StaffRole)[number]

/** Whether `role` reaches `needed` on the ladder (an owner does what a manager and the desk do). */
export function roleReaches(role: StaffRole, needed: StaffRole): boolean {
  return StaffRole.indexOf(role) >= StaffRole.indexOf(needed)
}
