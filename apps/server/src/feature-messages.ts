import { addMessages, type Messages } from './http/messages.ts'
import { accountMessages } from './features/account/account.messages.ts'
import { activitiesMessages } from './features/activities/activities.messages.ts'
import { blogMessages } from './features/blog/blog.messages.ts'
import { bookingsMessages } from './features/bookings/bookings.messages.ts'
import { checkoutMessages } from './features/checkout/checkout.messages.ts'
import { commsMessages } from './features/comms/comms.messages.ts'
import { contentMessages } from './features/content/content.messages.ts'
import { customersMessages } from './features/customers/customers.messages.ts'
import { formsMessages } from './features/forms/forms.messages.ts'
import { holdsMessages } from './features/holds/holds.messages.ts'
import { homeMessages } from './features/home/home.messages.ts'
import { paymentsMessages } from './features/payments/payments.messages.ts'
import { salesMessages } from './features/sales/sales.messages.ts'
import { shopMessages } from './features/shop/shop.messages.ts'
import { staffMessages } from './features/staff/staff.messages.ts'
import { vouchersMessages } from './features/vouchers/vouchers.messages.ts'

/**
 * Every feature's own error wording (`features/<feature>/<feature>.messages.ts`, decision 103): the
 * HTTP layer knows no feature, so the app hands them to the catalogue of http/messages.ts.
 */
export const featureMessages: readonly Messages[] = [
  accountMessages,
  activitiesMessages,
  blogMessages,
  bookingsMessages,
  checkoutMessages,
  commsMessages,
  contentMessages,
  customersMessages,
  formsMessages,
  holdsMessages,
  homeMessages,
  paymentsMessages,
  salesMessages,
  shopMessages,
  staffMessages,
  vouchersMessages,
]

/** The whole catalogue of error messages: the shared ones and every feature's (idempotent). */
export function addFeatureMessages() {
  addMessages(...featureMessages)
}
