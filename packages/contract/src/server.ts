// The contract as the server reads it: the site's API and the staff's (issue 23), whose routes and
// schemas no page of the site loads (the web imports the entry, index.ts, which leaves them out).
import { allRoutes as siteRoutes } from './index.ts'
import { staffAuditRoutes } from './staff-audit.ts'
import { staffBlockRoutes } from './staff-blocks.ts'
import { staffCustomerRoutes } from './staff-customers.ts'
import { staffDeskRoutes } from './staff-desk.ts'
import { staffMoveRoutes } from './staff-move.ts'
import { staffOrderRoutes } from './staff-orders.ts'
import { staffScheduleRoutes } from './staff-schedule.ts'
import { staffSessionRoutes } from './staff-sessions.ts'
import { staffTakingsRoutes } from './staff-takings.ts'
import { staffRoutes } from './staff.ts'

export * from './index.ts'
export * from './staff.ts'
export * from './staff-audit.ts'
export * from './staff-blocks.ts'
export * from './staff-customers.ts'
export * from './staff-desk.ts'
export * from './staff-move.ts'
export * from './staff-orders.ts'
export * from './staff-schedule.ts'
export * from './staff-sessions.ts'
export * from './staff-takings.ts'

/** Every route of the API, the staff's included, for the server's registration and the OpenAPI document. */
export const allRoutes = {
  ...siteRoutes,
  ...staffRoutes,
  ...staffScheduleRoutes,
  ...staffBlockRoutes,
  ...staffAuditRoutes,
  ...staffDeskRoutes,
  ...staffMoveRoutes,
  ...staffSessionRoutes,
  ...staffTakingsRoutes,
  ...staffCustomerRoutes,
  ...staffOrderRoutes,
}
