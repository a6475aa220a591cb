import type { z } from 'zod'
import type { CartContentBody, CheckoutBody, CheckStockBody, PromoValidateBody } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import type { Localised } from '../../lib/localised.ts'
import type { Mailer } from '../comms/mailer.ts'
import type { ContentService } from '../content/content.service.ts'
import type { createCustomersService } from '../customers/customers.service.ts'
import type { Holds } from '../holds/holds.ts'
import type { SaleHooks } from '../sales/sale-hooks.ts'
import type { PaymentsService } from '../payments/payments.service.ts'
import type { PaymentBrowserConfig } from '../payments/providers/index.ts'
import type { SalesService } from '../sales/sales.service.ts'
import type { ShopService } from '../shop/shop.service.ts'
import type { VouchersService } from '../vouchers/vouchers.service.ts'
import { createPlacedOrders } from './placed-orders.ts'

export type CartInput = z.output<typeof CartContentBody>
export type CheckoutInput = z.output<typeof CheckoutBody>
export type StockInput = z.output<typeof CheckStockBody>
export type PromoInput = z.output<typeof PromoValidateBody>
type CustomersService = ReturnType<typeof createCustomersService>

// ---------------------------------------------------------------------------------------------
// The cart as the database says it is

export interface CartLine {
  productId: number
  productTypeId: number
  variant: { id: number; group: Localised; name: string; stock: number | null } | null
  name: Localised
  image: string
  unitPriceCents: number
  units: number
  taxPercent: number
  transportRequired: boolean
  stock: number | null
}

export interface CartSale {
  id: number
  saleNumber: string
  title: Localised
  totalCents: number
  paidCents: number
  holdExpiresAt: Date | null
  lines: Array<{ totalCents: number; taxPercent: number; name: Localised }>
  cancelUrl: string | null
  /** What a sessions or hours voucher would pay of it (sale-hooks.ts). */
  bookingTypeId: number | null
  minutes: number | null
  extrasCents: number
}

export interface Cart {
  lines: CartLine[]
  sales: CartSale[]
  transportRequired: boolean
}

export interface CheckoutDeps {
  units: Units
  content: ContentService
  sales: SalesService
  vouchers: VouchersService
  customers: CustomersService
  shop: ShopService
  mail: Mailer
  saleHooks: SaleHooks
  /** The holds of the cart's sales: kept for a payment's window, taken back by a late success. */
  holds: Holds
  publicUrl: string
  clock: () => number
  /** Payments through providers; without it only vouchers and totals of 0 are taken. */
  payments?: PaymentsService
  /** What the browser needs of the providers (public keys, sandbox scripts). */
  paymentBrowser?: PaymentBrowserConfig
}

/**
 * What the parts of the checkout share: the database and the units of work, the services it is
 * made with, the clock as a date, the placed orders (registered with the payments, which complete
 * them when a provider's payment settles) and what the browser needs of the providers.
 */
export function createCheckoutContext(db: Db, deps: CheckoutDeps) {
  const { units, saleHooks } = deps
  const now = () => new Date(deps.clock())
  const placedOrders = createPlacedOrders(db, deps)
  const browser = deps.paymentBrowser
  deps.payments?.registerOrders(placedOrders)
  return { db, deps, units, saleHooks, now, placedOrders, browser }
}

export type CheckoutContext = ReturnType<typeof createCheckoutContext>
