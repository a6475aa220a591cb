import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  staffRoutes,
  type StaffAccountShown,
  type StaffLoginModel,
  type StaffMe,
} from '@clubhouse/contract/server'
import { bearerToken, type AuthStaff } from '../../http/auth.ts'
import { addRoute } from '../../http/route.ts'
import type { StaffAccount, StaffLogin, StaffService } from './staff.service.ts'

/** The staff member checked by the route's role rule (addRoute); present on every 'staff' route. */
function staffOf(req: FastifyRequest): AuthStaff {
  if (!req.staff) throw new Error('a staff route ran without its role check')
  return req.staff
}

const meOf = (s: AuthStaff): StaffMe => ({
  id: s.staffId,
  email: s.email,
  name: s.name,
  role: s.role,
  mustEnrol: s.mustEnrol,
})

/** A login's outcome as the client reads it: a session, or the challenge of its second step. */
function loginModel(login: StaffLogin): StaffLoginModel {
  if (login.codeNeeded) {
    return {
      step: 'code',
      challenge: login.codeNeeded.challenge,
      expiresAt: login.codeNeeded.expiresAt.toISOString(),
    }
  }
  return {
    step: 'session',
    token: login.token,
    expiresAt: login.session.expiresAt.toISOString(),
    account: meOf(login.session),
  }
}

const shownAccount = (a: StaffAccount): StaffAccountShown => ({
  ...a,
  disabledAt: a.disabledAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
})

/**
 * The staff's API (issue 23): their login in one or two steps, their session and second factor, and
 * the owners' management of accounts. Who may call each route is the contract's word, checked once
 * by addRoute; the handlers only act.
 */
export const staffFeature: FastifyPluginAsync<{ staff: StaffService }> = async (app, { staff }) => {
  // The client's address as the configured proxies name it, never a header anyone can write (decision 034).
  addRoute(app, staffRoutes.staffLogin, async (req) => ({
    ok: true as const,
    model: loginModel(await staff.login(req.body, req.ip)),
  }))

  addRoute(app, staffRoutes.staffLoginSecondStep, async (req) => ({
    ok: true as const,
    model: loginModel(await staff.loginSecondStep(req.body, req.ip)),
  }))

  addRoute(app, staffRoutes.staffLogout, async (req) => {
    staffOf(req)
    await staff.logout(bearerToken(req) ?? '')
    return { ok: true as const }
  })

  addRoute(app, staffRoutes.staffMe, (req) => ({ ok: true as const, data: meOf(staffOf(req)) }))

  addRoute(app, staffRoutes.staffSetPassword, async (req) => ({
    ok: true as const,
    model: await staff.setPassword(req.body.token, req.body.password),
  }))

  addRoute(app, staffRoutes.staffSecondFactorStart, async (req) => ({
    ok: true as const,
    model: await staff.startEnrolment(staffOf(req).staffId),
  }))

  addRoute(app, staffRoutes.staffSecondFactorConfirm, async (req) => ({
    ok: true as const,
    model: await staff.confirmEnrolment(staffOf(req).staffId, req.body.code),
  }))

  addRoute(app, staffRoutes.staffAccounts, async () => ({
    ok: true as const,
    data: (await staff.listAccounts()).map(shownAccount),
  }))

  addRoute(app, staffRoutes.staffAddAccount, async (req) => {
    const { account, link, expiresAt } = await staff.addAccount(req.body, staffOf(req).staffId)
    return {
      ok: true as const,
      model: { account: shownAccount(account), link, expiresAt: expiresAt.toISOString() },
    }
  })

  addRoute(app, staffRoutes.staffDisableAccount, async (req) => ({
    ok: true as const,
    data: shownAccount(await staff.disableAccount(req.params.id, staffOf(req).staffId)),
  }))

  addRoute(app, staffRoutes.staffChangeRole, async (req) => ({
    ok: true as const,
    data: shownAccount(await staff.changeRole(req.params.id, req.body.role, staffOf(req).staffId)),
  }))

  addRoute(app, staffRoutes.staffEnableAccount, async (req) => ({
    ok: true as const,
    data: shownAccount(await staff.enableAccount(req.params.id, staffOf(req).staffId)),
  }))

  addRoute(app, staffRoutes.staffNewPasswordLink, async (req) => {
    const { link, expiresAt } = await staff.newPasswordLink(req.params.id, staffOf(req).staffId)
    return { ok: true as const, model: { link, expiresAt: expiresAt.toISOString() } }
  })

  addRoute(app, staffRoutes.staffResetSecondFactor, async (req) => ({
    ok: true as const,
    data: shownAccount(await staff.resetSecondFactor(req.params.id, staffOf(req).staffId)),
  }))
}
