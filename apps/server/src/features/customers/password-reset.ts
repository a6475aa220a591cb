import { eq, sql } from 'drizzle-orm'
import { paths, type LinkSent } from '@clubhouse/contract/server'
import type { AuthCustomer } from '../../http/auth.ts'
import { AppError } from '../../http/errors.ts'
import { invalidLink, refuseCommon, wrongPassword, type CustomersContext } from './customers-context.ts'
import { customers, TokenKind } from './customers.tables.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

/** What a new password ends: the customer's sessions and reset links. */
const ENDED_BY_A_NEW_PASSWORD = [TokenKind.Session, TokenKind.Reset]

/** Passwords forgotten (the reset link) and changed (knowing the current one). */
export function createPasswordReset(ctx: CustomersContext) {
  const { db, units, mailer, tokens } = ctx

  /**
   * Mails a reset link (1 hour, once) when the email has an account. The answer comes first and says
   * the same either way; the work follows it (decision 040).
   */
  function requestPasswordReset(email: string): Promise<LinkSent> {
    return ctx.offerLink('reset', email, sendReset)
  }

  /** Mails a reset link to the account of `email`, if it has one. */
  function sendReset(email: string) {
    return ctx.writeToAccountOf(email, async (customer, names) => {
      const { token } = await tokens.issue(customer.id, TokenKind.Reset)
      await mailer.queue(ctx.mailFor(names, 'reset', customer, ctx.linkTo(paths.resetPassword.to(token))))
    })
  }

  /**
   * Sets a new password with a reset token. Every session and every other reset link of the
   * customer stops working; an account not activated yet is activated (the mailbox is proven).
   */
  async function resetPassword(token: string, plainPassword: string) {
    refuseCommon('plainPassword', plainPassword)
    const passwordHash = await hashPassword(plainPassword)
    const names = await ctx.centreNames()
    await units.run(async () => {
      const used = await tokens.consume(token, TokenKind.Reset)
      if (used === undefined) throw invalidLink()
      const now = ctx.now()
      const [customer] = await db
        .update(customers)
        .set({
          passwordHash,
          activatedAt: sql`coalesce(${customers.activatedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(customers.id, used.customerId))
        .returning()
      await tokens.revoke(used.customerId, ENDED_BY_A_NEW_PASSWORD)
      await mailer.queue(ctx.mailFor(names, 'passwordChanged', customer!, ctx.linkTo('/')))
    })
  }

  /** Changes the password knowing the current one; the customer's other sessions end. */
  async function changePassword(who: AuthCustomer, oldPassword: string, newPassword: string) {
    const [customer] = await db.select().from(customers).where(eq(customers.id, who.id)).limit(1)
    if (!customer) throw new AppError('unauthorized', 'Please login or register')
    if (!(await verifyPassword(oldPassword, customer.passwordHash))) {
      throw wrongPassword('plainOldPass')
    }
    refuseCommon('plainNewPass', newPassword)
    const passwordHash = await hashPassword(newPassword)
    const names = await ctx.centreNames()
    await units.run(async () => {
      await db.update(customers).set({ passwordHash, updatedAt: ctx.now() }).where(eq(customers.id, who.id))
      await tokens.revoke(who.id, ENDED_BY_A_NEW_PASSWORD, { except: who.tokenId })
      await mailer.queue(ctx.mailFor(names, 'passwordChanged', customer, ctx.linkTo('/')))
    })
  }

  return { requestPasswordReset, resetPassword, changePassword }
}
