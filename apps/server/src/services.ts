import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { writingForAnyone } from './db/writers.ts'
import { createActivitiesService } from './features/activities/activities.service.ts'
import { createSignUpCounts } from './features/activities/sign-up-counts.ts'
import { createBookingCounts } from './features/bookings/booking-counts.ts'
import { createAccountService } from './features/account/account.service.ts'
import { createBookingsService } from './features/bookings/bookings.service.ts'
import { createPlaceBookingsService } from './features/bookings/place-bookings.service.ts'
import { createCheckoutService } from './features/checkout/checkout.service.ts'
import { createBlogService } from './features/blog/blog.service.ts'
import { createCommsService } from './features/comms/comms.service.ts'
import { createDemoMailboxService } from './features/comms/demo-mailbox.service.ts'
import { createMailer } from './features/comms/mailer.ts'
import { createCustomerLimits } from './features/holds/customer-limits.ts'
import { createHolds } from './features/holds/holds.ts'
import { createContentService } from './features/content/content.service.ts'
import { createCustomersService } from './features/customers/customers.service.ts'
import { createFormsService } from './features/forms/forms.service.ts'
import { createHomeService } from './features/home/home.service.ts'
import { createLateRefundMailer } from './features/payments/payments-mails.ts'
import { createPaymentsService } from './features/payments/payments.service.ts'
import { paymentSetup } from './features/payments/providers/index.ts'
import { createSaleHooks } from './features/sales/sale-hooks.ts'
import { createSalesService } from './features/sales/sales.service.ts'
import { createShopService } from './features/shop/shop.service.ts'
import { createStaffBookings } from './features/staff/staff-bookings.ts'
import { createStaffTakings } from './features/staff/staff-takings.ts'
import { createStaffBlocks } from './features/staff/staff-blocks.ts'
import { createStaffCustomers } from './features/staff/staff-customers.ts'
import { createStaffOrders } from './features/staff/staff-orders.ts'
import { createStaffRoster } from './features/staff/staff-roster.ts'
import { createStaffService } from './features/staff/staff.service.ts'
import { createVouchersService } from './features/vouchers/vouchers.service.ts'
import { createBackground } from './lib/background.ts'

/**
 * The services of every feature, wired once: the one place that knows which service needs which.
 * Each reads and writes through the ambient `db`, so a call made inside a unit of work joins it
 * whichever feature it belongs to (decision 027).
 */
export function createServices(
  database: Pick<Database, 'db' | 'units'>,
  config: Config,
  log: FastifyBaseLogger,
  opts: { now?: () => number } = {},
) {
  const { db, units } = database
  const content = createContentService(db, { ttlMs: config.settingsTtlMs })
  const mail = createMailer(db, units, {
    smtpUrl: config.smtpUrl,
    log,
    ...(config.demoMailbox ? { demoMailboxUrl: `${config.publicUrl}/demo-mailbox` } : {}),
    logLinks: !config.production,
    timing: config.mailTiming,
    from: async () => {
      const name = await content
        .mainSettings('es-ES')
        .then((s) => s.name)
        .catch(() => 'Clubhouse')
      return `"${name.replace(/["\\]/g, '')}" <no-reply@${new URL(config.publicUrl).hostname}>`
    },
  })
  // Background work may write any customer's data after its request: every kept answer waits for it.
  const background = createBackground(log, { runAs: writingForAnyone })
  const shop = createShopService(db, { content, ttlMs: config.listsTtlMs })
  const comms = createCommsService(db)
  const sales = createSalesService(db, units, { shop })
  const saleHooks = createSaleHooks()
  const holds = createHolds({ units, sales, holdMinutes: config.holdMinutes })
  const limits = createCustomerLimits(db, {
    content,
    counts: [createBookingCounts(db), createSignUpCounts(db)],
  })
  const vouchers = createVouchersService(db, units)
  const customers = createCustomersService(db, {
    units,
    content,
    mailer: mail,
    background,
    publicUrl: config.publicUrl,
    clock: opts.now ?? Date.now,
  })
  const paymentsSetup = paymentSetup(config)
  const payments = createPaymentsService(db, {
    units,
    clock: opts.now ?? Date.now,
    log,
    providers: paymentsSetup.providers,
    windowMinutes: config.paymentWindowMinutes,
    publicUrl: config.publicUrl,
    cards: { find: customers.findCardToken, save: customers.saveCardToken },
    mailLateRefund: createLateRefundMailer({ mail, content, customers }),
  })
  const bookings = createBookingsService(db, {
    units,
    content,
    sales,
    vouchers,
    customers,
    shop,
    mail,
    log,
    clock: opts.now ?? Date.now,
    holdMinutes: config.holdMinutes,
    reminderHours: config.reminderHours,
    publicUrl: config.publicUrl,
    saleHooks,
    holds,
    limits,
    providerRefunds: payments,
  })
  const placeBookings = createPlaceBookingsService(db, {
    units,
    sales,
    vouchers,
    bookings,
    customers,
    saleHooks,
    holds,
    limits,
    clock: opts.now ?? Date.now,
    holdMinutes: config.holdMinutes,
  })
  const forms = createFormsService(db, {
    units,
    customers,
    dataDir: config.dataDir,
    register: customers.openAccountOrTell,
    clock: opts.now ?? Date.now,
    quotaBytes: config.formFilesQuotaBytes,
    log,
  })
  const staff = createStaffService(db, {
    units,
    clock: opts.now ?? Date.now,
    publicUrl: config.publicUrl,
    production: config.production,
    issuer: () =>
      content
        .mainSettings('es-ES')
        .then((s) => s.name)
        .catch(() => 'Clubhouse'),
  })
  return {
    payments,
    paymentsSetup,
    units,
    background,
    content,
    mail,
    sales,
    vouchers,
    comms,
    demoMailbox: createDemoMailboxService(db),
    customers,
    shop,
    blog: createBlogService(db, { ttlMs: config.listsTtlMs }),
    home: createHomeService(db, { ttlMs: config.listsTtlMs }),
    account: createAccountService({ content, sales, vouchers, comms }),
    bookings,
    placeBookings,
    checkout: createCheckoutService(db, {
      units,
      content,
      sales,
      vouchers,
      customers,
      shop,
      mail,
      saleHooks,
      holds,
      publicUrl: config.publicUrl,
      clock: opts.now ?? Date.now,
      payments,
      paymentBrowser: paymentsSetup.browser,
    }),
    forms,
    staff,
    // The desk's blocks: the bookings take the time, the staff's audit records it, in one unit.
    staffBlocks: createStaffBlocks({ units, bookings, audit: staff }),
    staffBookings: createStaffBookings({ units, bookings, customers, audit: staff }),
    staffTakings: createStaffTakings({
      bookings,
      content,
      payments,
      sales,
      vouchers,
      clock: opts.now ?? Date.now,
    }),
    // The desk's sessions: the bookings change the places, the staff's audit records it, in one unit.
    staffRoster: createStaffRoster({ units, bookings: placeBookings, audit: staff, accounts: staff }),
    // The desk's customers: each feature its part, the staff's audit records every write, in one unit.
    staffCustomers: createStaffCustomers({
      units,
      customers,
      bookings,
      sales,
      vouchers,
      audit: staff,
      clock: opts.now ?? Date.now,
    }),
    // The desk's orders: sales the order, payments the provider's money, the staff's audit, in one unit.
    staffOrders: createStaffOrders({
      units,
      sales,
      payments,
      vouchers,
      shop,
      customers,
      bookings,
      content,
      mail,
      audit: staff,
      publicUrl: config.publicUrl,
      clock: opts.now ?? Date.now,
    }),
    activities: createActivitiesService(db, {
      units,
      sales,
      forms,
      saleHooks,
      holds,
      limits,
      clock: opts.now ?? Date.now,
      holdMinutes: config.holdMinutes,
    }),
  }
}

export type Services = ReturnType<typeof createServices>
