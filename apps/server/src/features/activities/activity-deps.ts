import type { Units } from '../../db/units.ts'
import type { FormsService } from '../forms/forms.service.ts'
import type { CustomerLimits } from '../holds/customer-limits.ts'
import type { Holds } from '../holds/holds.ts'
import type { SaleHooks } from '../sales/sale-hooks.ts'
import type { SalesService } from '../sales/sales.service.ts'

/** What the activities are made with (services.ts). */
export interface ActivitiesDeps {
  units: Units
  sales: SalesService
  /** An activity's sign-up form, and whether a customer has sent it. */
  forms: Pick<FormsService, 'findFormId' | 'hasSent'>
  /** Where paying a sign-up's sale confirms it (the checkout pays). */
  saleHooks?: SaleHooks
  /** Where the holds of sign-ups are registered (decision 072). */
  holds: Holds
  /** What one customer may hold and sign up to free (decision 074). */
  limits: CustomerLimits
  /** The clock of holds and of what has ended (tests move it). */
  clock: () => number
  holdMinutes: number
}
