import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { staffCustomerRoutes } from '@clubhouse/contract/server'
import type { AuthStaff } from '../../http/auth.ts'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { StaffCustomers } from './staff-customers.ts'

/** The staff member checked by the route's role rule (addRoute); present on every 'staff' route. */
function staffOf(req: FastifyRequest): AuthStaff {
  if (!req.staff) throw new Error('a staff route ran without its role check')
  return req.staff
}

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/**
 * The desk's customers (issue 23, item 7): the account and what the customer has, the change of
 * their details, a debt, a voucher or a top-up (the managers'), the activation mail again, the
 * account disabled and enabled again. Who may call each is the contract's word; every write is
 * audited in its unit.
 */
export const staffCustomersFeature: FastifyPluginAsync<{ customers: StaffCustomers }> = async (
  app,
  { customers },
) => {
  addRoute(app, staffCustomerRoutes.staffCustomer, async (req) => ({
    ok: true as const,
    model: await customers.customer(req.params.id, localeOf(req)),
  }))

  addRoute(app, staffCustomerRoutes.staffCustomerEdit, async (req) => ({
    ok: true as const,
    model: await customers.editCustomer(staffOf(req).staffId, req.params.id, req.body),
  }))

  addRoute(app, staffCustomerRoutes.staffCustomerDebt, async (req) => ({
    ok: true as const,
    model: await customers.addDebt(staffOf(req).staffId, req.params.id, req.body, localeOf(req)),
  }))

  addRoute(app, staffCustomerRoutes.staffCustomerVoucher, async (req) => ({
    ok: true as const,
    model: await customers.addVoucher(staffOf(req).staffId, req.params.id, req.body, localeOf(req)),
  }))

  addRoute(app, staffCustomerRoutes.staffVoucherTopUp, async (req) => ({
    ok: true as const,
    model: await customers.topUp(staffOf(req).staffId, req.params.id, req.body, localeOf(req)),
  }))

  addRoute(app, staffCustomerRoutes.staffCustomerResendActivation, async (req) => ({
    ok: true as const,
    model: await customers.resendActivation(staffOf(req).staffId, req.params.id),
  }))

  addRoute(app, staffCustomerRoutes.staffCustomerDisable, async (req) => ({
    ok: true as const,
    model: await customers.disable(staffOf(req).staffId, req.params.id),
  }))

  addRoute(app, staffCustomerRoutes.staffCustomerEnable, async (req) => ({
    ok: true as const,
    model: await customers.enable(staffOf(req).staffId, req.params.id),
  }))
}
