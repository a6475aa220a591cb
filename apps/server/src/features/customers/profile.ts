import { and, asc, desc, eq, ne } from 'drizzle-orm'
import type { z } from 'zod'
import {
  CustomerErrorCode,
  CustomFieldType,
  paths,
  type Customer,
  type CustomerSaveBody,
  type CustomField,
  type Locale,
} from '@clubhouse/contract/server'
import { AppError } from '../../http/errors.ts'
import type { CustomFieldValuesStore } from './custom-field-values.ts'
import {
  CUSTOMERS_EMAIL_UNIQUE,
  customerNotFound,
  emailUsed,
  invalidLink,
  wrongPassword,
  type CentreNames,
  type CustomersContext,
} from './customers-context.ts'
import {
  customerCustomValues,
  customers,
  customerTokens,
  customFields,
  TokenKind,
} from './customers.tables.ts'
import { verifyPassword } from './passwords.ts'
import { optionIn, pickListOptions } from './pick-lists.ts'

type SaveBody = Omit<z.output<typeof CustomerSaveBody>, 'customFields'>

const PASSWORD_FOR_EMAIL = 'Enter your current password to change your email.'

/** The profile as the customer reads and saves it, and the change of its login email. */
export function createProfile(ctx: CustomersContext, fieldValues: CustomFieldValuesStore) {
  const { db, units, mailer, tokens } = ctx

  async function getCustomer(id: number, locale: Locale): Promise<Customer> {
    return (await customerProfile(id, locale)).customer
  }

  /**
   * The profile as the customer reads it, and the instant it will read differently without any
   * change to the data (the pending email change's link expiring), if any.
   */
  async function customerProfile(
    id: number,
    locale: Locale,
  ): Promise<{ customer: Customer; changesAt: Date | undefined }> {
    const [c] = await db.select().from(customers).where(eq(customers.id, id)).limit(1)
    if (!c) throw customerNotFound()
    const defs = await db
      .select()
      .from(customFields)
      .where(eq(customFields.active, true))
      .orderBy(asc(customFields.position), asc(customFields.id))
    const values = await db.select().from(customerCustomValues).where(eq(customerCustomValues.customerId, id))
    const valueOf = new Map(values.map((v) => [v.customFieldId, v]))
    // Pick lists and their choices in the reader's language (decision 052).
    const inLocale = (d: (typeof defs)[number], value: string) =>
      d.fieldType === CustomFieldType.PickList && value ? optionIn(d.pickListValues, value, locale) : value
    const fields: CustomField[] = defs.map((d) => ({
      customFieldId: d.id,
      name: d.name,
      label: d.label[locale] || d.name,
      fieldType: d.fieldType as CustomField['fieldType'],
      value: inLocale(d, valueOf.get(d.id)?.value ?? ''),
      pickListValues:
        d.fieldType === CustomFieldType.PickList ? pickListOptions(d.pickListValues, locale).join(',') : '',
    }))
    const fieldById = new Map(fields.map((f) => [f.customFieldId, f]))
    const pending = await pendingEmailOf(id)
    const customer: Customer = {
      id: c.id,
      name: c.name,
      surname: c.surname,
      email: c.email,
      phone: c.phone,
      gender: (c.gender ?? null) as Customer['gender'],
      birthDate: c.birthDate,
      addressLine1: c.addressLine1,
      postalCode: c.postalCode,
      city: c.city,
      town: c.town,
      country: c.country,
      accountHolderName: c.accountHolderName,
      iban: c.iban,
      dni: c.dni,
      acceptConditions: c.acceptConditions,
      okRss: c.okRss,
      customFields: fields,
      customFieldValues: values
        .filter((v) => fieldById.has(v.customFieldId))
        .map((v) => ({
          identity: v.id,
          customFieldId: v.customFieldId,
          value: fieldById.get(v.customFieldId)!.value,
          customField: fieldById.get(v.customFieldId)!,
        })),
      pendingEmail: pending?.newEmail ?? null,
    }
    return { customer, changesAt: pending?.expiresAt }
  }

  /**
   * Saves the profile: fields left out keep their value; custom field values are upserted. A new
   * login email is not taken at once: it needs the current password, and becomes the login email
   * when the link mailed to it is followed (`confirmEmail`); the old address gets a notice.
   */
  async function saveCustomer(id: number, body: SaveBody, locale: Locale): Promise<Customer> {
    const values = await fieldValues.check(body.customFieldValues, locale)
    const [current] = await db.select().from(customers).where(eq(customers.id, id)).limit(1)
    if (!current) throw customerNotFound()
    const newEmail = body.email !== current.email ? body.email : undefined
    if (newEmail) {
      if (!body.currentPassword) {
        throw new AppError(CustomerErrorCode.passwordNeeded, PASSWORD_FOR_EMAIL, {
          status: 422,
          errors: { currentPassword: PASSWORD_FOR_EMAIL },
        })
      }
      if (!(await verifyPassword(body.currentPassword, current.passwordHash))) {
        throw wrongPassword('currentPassword')
      }
      const other = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.email, newEmail), ne(customers.id, id)))
        .limit(1)
      if (other.length > 0) throw emailUsed()
    }
    const set: Partial<typeof customers.$inferInsert> = {
      name: body.name,
      surname: body.surname,
      phone: body.phone,
      updatedAt: ctx.now(),
    }
    const optional = [
      'gender',
      'birthDate',
      'addressLine1',
      'postalCode',
      'city',
      'town',
      'country',
      'accountHolderName',
      'iban',
      'dni',
      'acceptConditions',
      'okRss',
    ] as const
    for (const key of optional) {
      if (body[key] !== undefined) (set as Record<string, unknown>)[key] = body[key]
    }
    const names = newEmail ? await ctx.centreNames() : undefined
    await units.run(async () => {
      const [saved] = await db.update(customers).set(set).where(eq(customers.id, id)).returning()
      await fieldValues.save(id, values)
      if (newEmail && names && saved) await askToConfirmEmail(names, saved, newEmail)
    })
    return getCustomer(id, locale)
  }

  /**
   * Mails a confirmation link to the new address (earlier ones stop working) and a notice to the old,
   * once per change: the same new address saved again while its link works sends nothing more. The
   * caller's unit has updated the customer's row, so two saves of one profile pass here one by one.
   */
  async function askToConfirmEmail(
    names: CentreNames,
    customer: typeof customers.$inferSelect,
    newEmail: string,
  ) {
    if ((await pendingEmailOf(customer.id))?.newEmail === newEmail) return
    const { token } = await tokens.replace(customer.id, TokenKind.EmailChange, { newEmail })
    await mailer.queue(
      ctx.mailFor(names, 'emailChange', customer, ctx.linkTo(paths.confirmEmail.to(token)), {
        to: newEmail,
      }),
    )
    await mailer.queue(
      ctx.mailFor(names, 'emailChangeNotice', customer, ctx.linkTo('/'), { address: newEmail }),
    )
  }

  /** Makes the new email of a change the login email, with the token mailed to it (once, within 24 hours). */
  async function confirmEmail(token: string): Promise<{ email: string }> {
    return units.run(
      async () => {
        const row = await tokens.consume(token, TokenKind.EmailChange)
        if (!row?.newEmail) throw invalidLink()
        await db
          .update(customers)
          .set({ email: row.newEmail, updatedAt: ctx.now() })
          .where(eq(customers.id, row.customerId))
        return { email: row.newEmail }
      },
      { conflicts: { [CUSTOMERS_EMAIL_UNIQUE]: emailUsed } },
    )
  }

  /** The new email a customer asked for and has not confirmed yet, if any, and when its link expires. */
  async function pendingEmailOf(
    customerId: number,
  ): Promise<{ newEmail: string; expiresAt: Date } | undefined> {
    const [row] = await db
      .select({ newEmail: customerTokens.newEmail, expiresAt: customerTokens.expiresAt })
      .from(customerTokens)
      .where(and(eq(customerTokens.customerId, customerId), tokens.working(TokenKind.EmailChange)))
      .orderBy(desc(customerTokens.id))
      .limit(1)
    return row?.newEmail ? { newEmail: row.newEmail, expiresAt: row.expiresAt } : undefined
  }

  return { getCustomer, customerProfile, saveCustomer, confirmEmail }
}
