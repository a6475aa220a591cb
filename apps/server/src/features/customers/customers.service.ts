import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { CustomFieldType } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import { createCustomFieldValues } from './custom-field-values.ts'
import { createCustomersContext, CUSTOMERS_EMAIL_UNIQUE, type CustomersDeps } from './customers-context.ts'
import { cardTokens, customerCustomValues, customers, customFields } from './customers.tables.ts'
import { createPasswordReset } from './password-reset.ts'
import { pickListMismatch, storedOption } from './pick-lists.ts'
import { createProfile } from './profile.ts'
import { createRegistration, emailTaken, loginRequired } from './registration.ts'
import { createDeskAccounts } from './desk-accounts.ts'
import { createDeskCustomers } from './desk-customers.ts'
import { createSavedCards } from './saved-cards.ts'
import { createSessions } from './sessions.ts'

export { EMAIL_LIMIT_PER_MINUTE } from './customers-context.ts'
export { FAILURES_BEFORE_RESET } from './sessions.ts'

/** A customer brought in by an import (see `importCustomer`). */
export interface CustomerImport {
  /** The row as stored: `passwordHash` already hashed, `activatedAt` and `createdAt` as they were. */
  customer: typeof customers.$inferInsert
  /** Custom field values by the field's `name`. */
  customValues?: Record<string, string>
  cards?: Array<Omit<typeof cardTokens.$inferInsert, 'customerId'>>
}

/**
 * Customer accounts: login and sessions (sessions.ts), registration and activation
 * (registration.ts), password reset and change (password-reset.ts), the profile with its custom
 * fields and the change of its email (profile.ts), saved cards (saved-cards.ts). Their tokens are
 * made, used and revoked in one place (tokens.ts), by the clock of `deps.clock`. Mails go through
 * the outbox (decision 015).
 */
/** How a customer is named and reached. */
export interface Contact {
  name: string
  surname: string
  phone: string
  email: string
}

export function createCustomersService(db: Db, deps: CustomersDeps) {
  const ctx = createCustomersContext(db, deps)
  const { units } = ctx
  const fieldValues = createCustomFieldValues(db)
  const sessions = createSessions(ctx)
  const registration = createRegistration(ctx, fieldValues)
  const passwords = createPasswordReset(ctx)
  const profile = createProfile(ctx, fieldValues)
  const cards = createSavedCards(ctx)
  const desk = createDeskCustomers(db, units, deps.clock)
  const deskAccounts = createDeskAccounts(ctx, registration.resendActivation)

  /**
   * Brings in an existing customer (the demo seed, tests): the row as given, its password already
   * hashed, its custom values by field name and its saved cards, in one unit of work. Answers its id.
   */
  async function importCustomer(input: CustomerImport): Promise<number> {
    return units.run(
      async () => {
        const [row] = await db.insert(customers).values(input.customer).returning({ id: customers.id })
        const customerId = row!.id
        const named = Object.entries(input.customValues ?? {})
        if (named.length) {
          const fields = await db
            .select({
              id: customFields.id,
              name: customFields.name,
              fieldType: customFields.fieldType,
              pickListValues: customFields.pickListValues,
            })
            .from(customFields)
            .where(
              inArray(
                customFields.name,
                named.map(([name]) => name),
              ),
            )
          const fieldOf = new Map(fields.map((f) => [f.name, f]))
          await db.insert(customerCustomValues).values(
            named.map(([name, value]) => {
              const field = fieldOf.get(name)
              if (field === undefined) throw new Error(`There is no custom field ${name}.`)
              if (field.fieldType !== CustomFieldType.PickList || value === '') {
                return { customerId, customFieldId: field.id, value }
              }
              const stored = storedOption(field.pickListValues, value)
              if (stored === undefined) throw new Error(`${value} is no option of the custom field ${name}.`)
              return { customerId, customFieldId: field.id, value: stored }
            }),
          )
        }
        if (input.cards?.length) {
          await db.insert(cardTokens).values(input.cards.map((card) => ({ ...card, customerId })))
        }
        return customerId
      },
      { conflicts: { [CUSTOMERS_EMAIL_UNIQUE]: emailTaken } },
    )
  }

  /** Adds custom profile fields (the seed, tests); answers their ids in order. */
  async function createCustomFields(fields: Array<typeof customFields.$inferInsert>): Promise<number[]> {
    if (fields.length === 0) return []
    for (const field of fields) {
      const mismatch = field.pickListValues && pickListMismatch(field.pickListValues)
      if (mismatch) throw new Error(`${field.name}: ${mismatch}`)
    }
    const rows = await db.insert(customFields).values(fields).returning({ id: customFields.id })
    return rows.map((r) => r.id)
  }

  /**
   * The names and contact details of these customers, by id: what a session's place map shows of
   * its participants (to the participants only, as the bookings decide).
   */
  async function contactsOf(ids: readonly number[]) {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return new Map<number, Contact>()
    const rows = await db
      .select({
        id: customers.id,
        name: customers.name,
        surname: customers.surname,
        phone: customers.phone,
        email: customers.email,
      })
      .from(customers)
      .where(inArray(customers.id, unique))
    return new Map<number, Contact>(rows.map(({ id, ...contact }) => [id, contact]))
  }

  /** A customer's account as stored, or undefined. */
  async function findAccount(customerId: number) {
    const [row] = await db.select().from(customers).where(eq(customers.id, customerId))
    return row
  }

  /** The customer accepts the legal conditions (at a checkout), with their answer on the newsletter. */
  async function acceptConditions(customerId: number, okRss: boolean) {
    await db.update(customers).set({ acceptConditions: true, okRss }).where(eq(customers.id, customerId))
  }

  /**
   * Locks the customer's row for the rest of the caller's unit of work, without blocking what
   * references it (`for no key update`): what one customer does is counted one after the other.
   */
  async function lockAccount(customerId: number) {
    await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('no key update')
  }

  /** Which of these customers have activated their account. */
  async function activatedAmong(customerIds: number[]): Promise<Set<number>> {
    if (customerIds.length === 0) return new Set()
    const rows = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(inArray(customers.id, customerIds), isNotNull(customers.activatedAt)))
    return new Set(rows.map((r) => r.id))
  }

  return {
    createCustomFields,
    findAccount,
    contactsOf,
    acceptConditions,
    lockAccount,
    activatedAmong,
    findCardToken: cards.findCardToken,
    cardMethods: cards.cardMethods,
    saveCardToken: cards.saveCardToken,
    sessionOfTokenHash: sessions.sessionOfTokenHash,
    openSession: sessions.openSession,
    login: sessions.login,
    logout: sessions.logout,
    register: registration.register,
    openAccount: registration.openAccount,
    openAccountOrTell: registration.openAccountOrTell,
    createGuestAccount: registration.createGuestAccount,
    customerIdOfEmail: registration.customerIdOfEmail,
    contactOf: registration.contactOf,
    emailTaken,
    loginRequired,
    passwordMatches: registration.passwordMatches,
    activate: registration.activate,
    resendActivation: registration.resendActivation,
    requestPasswordReset: passwords.requestPasswordReset,
    resetPassword: passwords.resetPassword,
    changePassword: passwords.changePassword,
    getCustomer: profile.getCustomer,
    customerProfile: profile.customerProfile,
    saveCustomer: profile.saveCustomer,
    confirmEmail: profile.confirmEmail,
    listCardTokens: cards.listCardTokens,
    deleteCardToken: cards.deleteCardToken,
    importCustomer,
    /** The desk's look-up of customers and its walk-ins (issue 23). */
    searchCustomers: desk.searchCustomers,
    createWalkIn: desk.createWalkIn,
    /** The desk's reads and writes of an account (issue 23, item 7). */
    deskAccount: deskAccounts.deskAccount,
    changeContact: deskAccounts.changeContact,
    resendActivationOf: deskAccounts.resendActivationOf,
    disableAccount: deskAccounts.disableAccount,
    enableAccount: deskAccounts.enableAccount,
  }
}

export type CustomersService = ReturnType<typeof createCustomersService>
