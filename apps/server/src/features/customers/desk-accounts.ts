import { and, eq, ne } from 'drizzle-orm'
import { CustomerErrorCode, type LinkSent } from '@clubhouse/contract/server'
import { AppError } from '../../http/errors.ts'
import {
  CUSTOMERS_EMAIL_UNIQUE,
  customerNotFound,
  emailUsed,
  type CustomersContext,
} from './customers-context.ts'
import { customers, TokenKind } from './customers.tables.ts'
import { isWalkInEmail } from './desk-customers.ts'

/** A customer's account as the desk sees it: the contact details and the state of the account. */
export interface DeskAccount {
  id: number
  name: string
  surname: string
  /** Empty for a walk-in (its reserved address is never shown). */
  email: string
  phone: string
  walkIn: boolean
  activatedAt: Date | null
  disabledAt: Date | null
  createdAt: Date
}

/** What the desk may change of a customer's contact details; what is left out keeps its value. */
export interface DeskContactChange {
  name?: string | undefined
  surname?: string | undefined
  phone?: string | undefined
  email?: string | undefined
}

const walkInHasNoEmail = () =>
  new AppError('rule', 'This customer was taken at the desk and has no email to send it to.', {
    status: 422,
  })
const activatedAlready = () =>
  new AppError(CustomerErrorCode.alreadyActive, 'This account is already active.', { status: 409 })
const disabledAccount = () => new AppError('rule', 'This account is disabled.', { status: 422 })

const shown = (c: typeof customers.$inferSelect): DeskAccount => ({
  id: c.id,
  name: c.name,
  surname: c.surname,
  email: isWalkInEmail(c.email) ? '' : c.email,
  phone: c.phone,
  walkIn: isWalkInEmail(c.email),
  activatedAt: c.activatedAt,
  disabledAt: c.disabledAt,
  createdAt: c.createdAt,
})

/**
 * What the desk does to a customer's account (issue 23, item 7): read it, change the contact details
 * at once (a new email too: the customer is at the counter or on the phone), send the activation
 * mail again, and disable it. Each write joins the caller's unit of work, where the staff's audit
 * records it, and answers the account before and after.
 */
export function createDeskAccounts(
  ctx: CustomersContext,
  resendActivation: (email: string) => Promise<LinkSent>,
) {
  const { db, units, tokens } = ctx

  /** The row locked for the rest of the unit: two desk writes of one customer go one after the other. */
  async function lockedRow(customerId: number) {
    const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).for('update')
    if (!row) throw customerNotFound()
    return row
  }

  async function deskAccount(customerId: number): Promise<DeskAccount> {
    const [row] = await db.select().from(customers).where(eq(customers.id, customerId))
    if (!row) throw customerNotFound()
    return shown(row)
  }

  /**
   * Changes the contact details. An email another account has answers the site's 409 `email_taken`
   * (the unique index has the last word in a race); a walk-in given an email keeps no reserved
   * address. A new email ends the links of an email change the customer had asked for.
   */
  function changeContact(
    customerId: number,
    change: DeskContactChange,
  ): Promise<{ before: DeskAccount; after: DeskAccount }> {
    return units.run(
      async () => {
        const current = await lockedRow(customerId)
        const set: Partial<typeof customers.$inferInsert> = {}
        if (change.name !== undefined) set.name = change.name
        if (change.surname !== undefined) set.surname = change.surname
        if (change.phone !== undefined) set.phone = change.phone
        if (change.email !== undefined && change.email !== current.email) {
          const [other] = await db
            .select({ id: customers.id })
            .from(customers)
            .where(and(eq(customers.email, change.email), ne(customers.id, customerId)))
            .limit(1)
          if (other) throw emailUsed()
          set.email = change.email
          await tokens.revoke(customerId, [TokenKind.EmailChange])
        }
        if (Object.keys(set).length === 0) return { before: shown(current), after: shown(current) }
        const [saved] = await db
          .update(customers)
          .set({ ...set, updatedAt: ctx.now() })
          .where(eq(customers.id, customerId))
          .returning()
        return { before: shown(current), after: shown(saved!) }
      },
      { conflicts: { [CUSTOMERS_EMAIL_UNIQUE]: emailUsed } },
    )
  }

  /**
   * Sends the activation mail again, as the site's "send it again" does (at most once within its
   * minutes; the earlier link stops working). Refused for a walk-in, an active account and a
   * disabled one.
   */
  async function resendActivationOf(customerId: number): Promise<LinkSent> {
    const account = await deskAccount(customerId)
    if (account.walkIn) throw walkInHasNoEmail()
    if (account.disabledAt) throw disabledAccount()
    if (account.activatedAt) throw activatedAlready()
    return resendActivation(account.email)
  }

  /**
   * Disables the account: it logs in no more, and every token it has (sessions, links) ends in the
   * same unit. The update of its row and of its tokens tells every instance (decision 038), which
   * forget its sessions. Disabling a disabled account changes nothing and answers `changed: false`.
   */
  function disableAccount(
    customerId: number,
  ): Promise<{ before: DeskAccount; after: DeskAccount; changed: boolean }> {
    return units.run(async () => {
      const current = await lockedRow(customerId)
      if (current.disabledAt) return { before: shown(current), after: shown(current), changed: false }
      const [saved] = await db
        .update(customers)
        .set({ disabledAt: ctx.now(), updatedAt: ctx.now() })
        .where(eq(customers.id, customerId))
        .returning()
      await tokens.revoke(customerId, Object.values(TokenKind))
      return { before: shown(current), after: shown(saved!), changed: true }
    })
  }

  /**
   * Enables a disabled account again: it logs in as before. Its old sessions and links stay ended
   * (disabling revoked them): the customer logs in anew. Enabling a working account changes nothing
   * and answers `changed: false`.
   */
  function enableAccount(
    customerId: number,
  ): Promise<{ before: DeskAccount; after: DeskAccount; changed: boolean }> {
    return units.run(async () => {
      const current = await lockedRow(customerId)
      if (!current.disabledAt) return { before: shown(current), after: shown(current), changed: false }
      const [saved] = await db
        .update(customers)
        .set({ disabledAt: null, updatedAt: ctx.now() })
        .where(eq(customers.id, customerId))
        .returning()
      return { before: shown(current), after: shown(saved!), changed: true }
    })
  }

  return { deskAccount, changeContact, resendActivationOf, disableAccount, enableAccount }
}
