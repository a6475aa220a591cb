// First: zod's settings must be in place before any schema below is built.
import './zod-config.ts'

export * from './http.ts'
export * from './error-code-docs.ts'
export * from './fields.ts'
export * from './enums.ts'
export * from './content.ts'
export * from './comms.ts'
export * from './constants.ts'
export * from './grid.ts'
export * from './shop.ts'
export * from './blog.ts'
export * from './home.ts'
export * from './customers.ts'
export * from './account.ts'
export * from './demo-mailbox.ts'
export * from './bookings.ts'
export * from './bookings-by-place.ts'
export * from './checkout.ts'
export * from './activities.ts'
export * from './dynamic-forms.ts'
export * from './payments-netpay.ts'

import { contentRoutes } from './content.ts'
import { commsRoutes } from './comms.ts'
import { productRoutes, shopRoutes } from './shop.ts'
import { blogRoutes } from './blog.ts'
import { homeRoutes } from './home.ts'
import { customerRoutes } from './customers.ts'
import { accountRoutes } from './account.ts'
import { demoMailboxRoutes } from './demo-mailbox.ts'
import { bookingRoutes } from './bookings.ts'
import { placeBookingRoutes } from './bookings-by-place.ts'
import { checkoutRoutes } from './checkout.ts'
import { activityRoutes } from './activities.ts'
import { dynamicFormRoutes } from './dynamic-forms.ts'

/**
 * Every route of the site's API. The server's entry (server.ts) adds the staff's, which the web's
 * pages never load.
 */
export const allRoutes = {
  ...contentRoutes,
  ...commsRoutes,
  ...shopRoutes,
  ...productRoutes,
  ...blogRoutes,
  ...homeRoutes,
  ...customerRoutes,
  ...accountRoutes,
  ...demoMailboxRoutes,
  ...bookingRoutes,
  ...placeBookingRoutes,
  ...checkoutRoutes,
  ...activityRoutes,
  ...dynamicFormRoutes,
}
export * from './payments.ts'
