import { randomBytes } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { CustomerSaveBody, RegisterBody } from '@clubhouse/contract'
import {
  ACTIVATION_TTL_HOURS,
  CustomFieldType,
  LoginErrorCode,
  RESET_TTL_HOURS,
  SESSION_TTL_DAYS,
  type CardToken,
  type Customer,
  type CustomField,
  type Locale,
  type LoginModel,
} from '@clubhouse/contract'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { hashToken, type AuthCustomer } from '../../http/auth.ts'
import { AppError } from '../../http/errors.ts'
import { countHit, forgetHits } from '../../http/rate-limit-counter.ts'
import { queueEmail, type Mailer, type OutgoingEmail } from '../comms/mailer.ts'
import type { ContentService } from '../content/content.service.ts'
import { customerMail, type CustomerMailKind } from './customer-mails.ts'
import {
  cardTokens,
  customerCustomValues,
  customers,
  customerTokens,
  customFields,
  TokenKind,
} from './customers.tables.ts'
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from './passwords.ts'

type CustomFieldValues = Array<{ customFieldId: number; value: string }>
type SaveBody = Omit<z.output<typeof CustomerSaveBody>, 'customFields'>
type RegisterInput = z.output<typeof RegisterBody>
type CentreNames = Record<Locale, string>

/** Per email, on top of the per-IP route limit: at most this many tries a minute (decision 014). */
export const EMAIL_LIMIT_PER_MINUTE = 10
/** After this many failed logins of one email within the window, refusals carry `redirect: true`. */
export const FAILURES_BEFORE_RESET = 3
const FAILURE_WINDOW_MS = 15 * 60_000

const INVALID_CREDENTIALS = 'Invalid Email or Password'
const INVALID_LINK = 'This link is not valid or has expired. Ask for a new one.'

const newToken = () => randomBytes(32).toString('hex')
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000)

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}

function refuseCommon(field: string, password: string) {
  if (isCommonPassword(password)) {
    throw new AppError('validation', COMMON_PASSWORD_MESSAGE, {
      errors: { [field]: COMMON_PASSWORD_MESSAGE },
    })
  }
}

/**
 * Customer accounts: login and sessions, registration and activation, password reset and change,
 * the profile with its custom fields, saved cards. Mails go through the outbox (decision 015).
 */
export function createCustomersService(
  db: Db,
  deps: { content: ContentService; mailer: Mailer; publicUrl: string },
) {
  const { mailer, publicUrl } = deps

  /**
   * The centre's name in both languages, read before a transaction opens: PGlite has one
   * connection, so a query outside the transaction would wait for it forever.
   */
  async function centreNames(): Promise<CentreNames> {
    const one = async (locale: Locale) => {
      try {
        return (await deps.content.mainSettings(locale)).name || 'Clubhouse'
      } catch {
        return 'Clubhouse'
      }
    }
    return { 'es-ES': await one('es-ES'), 'en-US': await one('en-US') }
  }

  async function registrationOpen(): Promise<boolean> {
    try {
      return (await deps.content.mainSettings('es-ES')).registerOn
    } catch {
      return true
    }
  }

  /** Builds one of the account mails for a customer (queued by the caller in its transaction). */
  function mailFor(
    names: CentreNames,
    kind: CustomerMailKind,
    customer: { id: number; email: string; name: string; language: Locale },
    link: string,
  ): OutgoingEmail {
    const content = customerMail(kind, {
      locale: customer.language,
      centreName: names[customer.language],
      name: customer.name,
      link,
    })
    return { customerId: customer.id, to: customer.email, ...content }
  }

  /** Counts a try for an email; 429 past the limit. */
  async function limitPerEmail(action: string, email: string) {
    const count = await countHit(db, `${action}|email|${email.trim().toLowerCase()}`, 60_000)
    if (count > EMAIL_LIMIT_PER_MINUTE) {
      throw new AppError(
        'rate_limited',
        'Too many attempts for this email. Please wait a minute and try again.',
      )
    }
  }

  async function createSession(tx: Db, customerId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken()
    const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000)
    await tx
      .insert(customerTokens)
      .values({ customerId, kind: TokenKind.Session, tokenHash: hashToken(token), expiresAt })
    return { token, expiresAt }
  }

  // -------------------------------------------------------------------------------------------
  // Login and logout

  /**
   * Logs a customer in. Every refusal for a wrong email or password is the same 401, after the same
   * password work; the third failure of one email within 15 minutes adds `redirect: true`.
   */
  async function login(body: { email: string; password: string }): Promise<LoginModel> {
    const email = body.email.trim().toLowerCase()
    await limitPerEmail('login', email)
    const [customer] = await db
      .select({ id: customers.id, passwordHash: customers.passwordHash, activatedAt: customers.activatedAt })
      .from(customers)
      .where(eq(customers.email, email))
      .limit(1)
    const matches = await verifyPassword(body.password, customer?.passwordHash ?? null)
    if (!customer || !matches) {
      const failures = await countHit(db, `login-failures|${email}`, FAILURE_WINDOW_MS)
      throw new AppError(LoginErrorCode.invalidCredentials, INVALID_CREDENTIALS, {
        status: 401,
        ...(failures >= FAILURES_BEFORE_RESET ? { redirect: true } : {}),
      })
    }
    if (!customer.activatedAt) {
      throw new AppError(
        LoginErrorCode.notActivated,
        'Your account is not activated yet. Open the link in the activation mail we sent you, or ask us to send it again.',
        { status: 403 },
      )
    }
    await forgetHits(db, `login-failures|${email}`)
    if (customer.passwordHash && needsRehash(customer.passwordHash)) {
      await db
        .update(customers)
        .set({ passwordHash: await hashPassword(body.password) })
        .where(eq(customers.id, customer.id))
    }
    const { token, expiresAt } = await createSession(db, customer.id)
    return { id: customer.id, token, expiry: expiresAt.toISOString() }
  }

  /** Ends the session of a bearer token (nothing happens for an unknown one). */
  async function logout(token: string | undefined) {
    if (!token) return
    await db
      .update(customerTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerTokens.tokenHash, hashToken(token)),
          eq(customerTokens.kind, TokenKind.Session),
          isNull(customerTokens.usedAt),
        ),
      )
  }

  // -------------------------------------------------------------------------------------------
  // Registration and activation

  async function checkCustomFieldValues(values: CustomFieldValues | undefined): Promise<CustomFieldValues> {
    if (!values || values.length === 0) return []
    const ids = [...new Set(values.map((v) => v.customFieldId))]
    const defs = await db
      .select()
      .from(customFields)
      .where(and(inArray(customFields.id, ids), eq(customFields.active, true)))
    const byId = new Map(defs.map((d) => [d.id, d]))
    const errors: Record<string, string> = {}
    values.forEach((v, i) => {
      const def = byId.get(v.customFieldId)
      const key = `customFieldValues.${i}.value`
      if (!def) {
        errors[`customFieldValues.${i}.customFieldId`] = `There is no custom field ${v.customFieldId}.`
        return
      }
      if (def.fieldType === CustomFieldType.Bool && !['true', 'false', ''].includes(v.value)) {
        errors[key] = 'Choose yes or no.'
      }
      if (def.fieldType === CustomFieldType.PickList && v.value !== '') {
        const options = def.pickListValues.split(',').map((o) => o.trim())
        if (!options.includes(v.value.trim())) errors[key] = `Choose one of: ${options.join(', ')}.`
      }
    })
    const first = Object.entries(errors)[0]
    if (first) throw new AppError('validation', first[1], { errors })
    // The last value given for a field wins.
    return [...new Map(values.map((v) => [v.customFieldId, v])).values()]
  }

  async function saveCustomFieldValues(tx: Db, customerId: number, values: CustomFieldValues) {
    for (const v of values) {
      await tx
        .insert(customerCustomValues)
        .values({ customerId, customFieldId: v.customFieldId, value: v.value })
        .onConflictDoUpdate({
          target: [customerCustomValues.customerId, customerCustomValues.customFieldId],
          set: { value: v.value },
        })
    }
  }

  /**
   * Creates an account (not activated) and queues its activation mail, all in one transaction; the
   * mail is sent after the commit.
   */
  async function register(body: RegisterInput, locale: Locale): Promise<{ id: number }> {
    if (!(await registrationOpen())) {
      throw new AppError('registration_closed', 'Registration is closed at the moment.', { status: 403 })
    }
    if (!body.acceptConditions) {
      throw new AppError('rule', 'Please accept our legal conditions', {
        errors: { acceptConditions: 'Please accept our legal conditions' },
      })
    }
    refuseCommon('password', body.password)
    const values = await checkCustomFieldValues(body.customFieldValues)
    const taken = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, body.email))
      .limit(1)
    if (taken.length > 0) throw emailTaken()
    const passwordHash = await hashPassword(body.password)
    const names = await centreNames()
    const token = newToken()
    let mail: OutgoingEmail
    let id: number
    try {
      ;({ id, mail } = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customers)
          .values({
            email: body.email,
            passwordHash,
            name: body.name,
            surname: body.surname,
            phone: body.phone,
            okRss: body.okRss,
            acceptConditions: true,
            language: locale,
          })
          .returning({ id: customers.id })
        const customerId = row!.id
        await saveCustomFieldValues(tx as unknown as Db, customerId, values)
        await tx.insert(customerTokens).values({
          customerId,
          kind: TokenKind.Activation,
          tokenHash: hashToken(token),
          expiresAt: hoursFromNow(ACTIVATION_TTL_HOURS),
        })
        const m = mailFor(
          names,
          'activation',
          { id: customerId, email: body.email, name: body.name, language: locale },
          `${publicUrl}/customer/activate/${token}`,
        )
        await queueEmail(tx as unknown as Db, m)
        return { id: customerId, mail: m }
      }))
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken()
      throw err
    }
    mailer.kick([mail])
    return { id }
  }

  const emailTaken = () =>
    new AppError('email_taken', 'This email is already registered. Log in, or reset your password.', {
      status: 409,
      errors: { email: 'This email is already registered.' },
    })

  /** Takes a single-use token of a kind: answers its customer, or undefined when it doesn't work. */
  async function takeToken(tx: Db, token: string, kind: TokenKind): Promise<number | undefined> {
    const [row] = await tx
      .update(customerTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerTokens.tokenHash, hashToken(token)),
          eq(customerTokens.kind, kind),
          isNull(customerTokens.usedAt),
          gt(customerTokens.expiresAt, new Date()),
        ),
      )
      .returning({ customerId: customerTokens.customerId })
    return row?.customerId
  }

  /** Activates the account of an activation token (once, within 24 hours) and welcomes the customer. */
  async function activate(token: string) {
    const names = await centreNames()
    const mail = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const customerId = await takeToken(tx, token, TokenKind.Activation)
      if (customerId === undefined) throw new AppError('invalid_token', INVALID_LINK, { status: 400 })
      const [customer] = await tx
        .update(customers)
        .set({ activatedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(customers.id, customerId), isNull(customers.activatedAt)))
        .returning()
      if (!customer) return undefined
      const m = mailFor(names, 'welcome', customer, `${publicUrl}/`)
      await queueEmail(tx, m)
      return m
    })
    if (mail) mailer.kick([mail])
  }

  /** Sends a fresh activation link to an account not yet activated; silent for any other email. */
  async function resendActivation(email: string) {
    await limitPerEmail('activation', email)
    const names = await centreNames()
    const mail = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const [customer] = await tx.select().from(customers).where(eq(customers.email, email)).limit(1)
      if (!customer || customer.activatedAt) return undefined
      await tx
        .update(customerTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(customerTokens.customerId, customer.id),
            eq(customerTokens.kind, TokenKind.Activation),
            isNull(customerTokens.usedAt),
          ),
        )
      const token = newToken()
      await tx.insert(customerTokens).values({
        customerId: customer.id,
        kind: TokenKind.Activation,
        tokenHash: hashToken(token),
        expiresAt: hoursFromNow(ACTIVATION_TTL_HOURS),
      })
      const m = mailFor(names, 'activation', customer, `${publicUrl}/customer/activate/${token}`)
      await queueEmail(tx, m)
      return m
    })
    if (mail) mailer.kick([mail])
  }

  // -------------------------------------------------------------------------------------------
  // Password reset and change

  /** Mails a reset link (1 hour, once) when the email has an account; answers alike either way. */
  async function requestPasswordReset(email: string) {
    await limitPerEmail('reset', email)
    const names = await centreNames()
    const mail = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const [customer] = await tx.select().from(customers).where(eq(customers.email, email)).limit(1)
      if (!customer) return undefined
      const token = newToken()
      await tx.insert(customerTokens).values({
        customerId: customer.id,
        kind: TokenKind.Reset,
        tokenHash: hashToken(token),
        expiresAt: hoursFromNow(RESET_TTL_HOURS),
      })
      const m = mailFor(names, 'reset', customer, `${publicUrl}/customer/reset-password/${token}`)
      await queueEmail(tx, m)
      return m
    })
    if (mail) mailer.kick([mail])
  }

  /**
   * Sets a new password with a reset token. Every session and every other reset link of the
   * customer stops working; an account not activated yet is activated (the mailbox is proven).
   */
  async function resetPassword(token: string, plainPassword: string) {
    refuseCommon('plainPassword', plainPassword)
    const passwordHash = await hashPassword(plainPassword)
    const names = await centreNames()
    const mail = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const customerId = await takeToken(tx, token, TokenKind.Reset)
      if (customerId === undefined) throw new AppError('invalid_token', INVALID_LINK, { status: 400 })
      const [customer] = await tx
        .update(customers)
        .set({
          passwordHash,
          activatedAt: sql`coalesce(${customers.activatedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(customers.id, customerId))
        .returning()
      await tx
        .update(customerTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(customerTokens.customerId, customerId),
            inArray(customerTokens.kind, [TokenKind.Session, TokenKind.Reset]),
            isNull(customerTokens.usedAt),
          ),
        )
      const m = mailFor(names, 'passwordChanged', customer!, `${publicUrl}/`)
      await queueEmail(tx, m)
      return m
    })
    mailer.kick([mail])
  }

  /** Changes the password knowing the current one; the customer's other sessions end. */
  async function changePassword(who: AuthCustomer, oldPassword: string, newPassword: string) {
    const [customer] = await db.select().from(customers).where(eq(customers.id, who.id)).limit(1)
    if (!customer) throw new AppError('unauthorized', 'Please login or register')
    if (!(await verifyPassword(oldPassword, customer.passwordHash))) {
      throw new AppError('wrong_password', 'Wrong password', {
        status: 422,
        errors: { plainOldPass: 'Wrong password' },
      })
    }
    refuseCommon('plainNewPass', newPassword)
    const passwordHash = await hashPassword(newPassword)
    const names = await centreNames()
    const mail = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, who.id))
      await tx
        .update(customerTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(customerTokens.customerId, who.id),
            inArray(customerTokens.kind, [TokenKind.Session, TokenKind.Reset]),
            isNull(customerTokens.usedAt),
            ne(customerTokens.id, who.tokenId),
          ),
        )
      const m = mailFor(names, 'passwordChanged', customer, `${publicUrl}/`)
      await queueEmail(tx, m)
      return m
    })
    mailer.kick([mail])
  }

  // -------------------------------------------------------------------------------------------
  // Profile

  async function getCustomer(id: number, locale: Locale): Promise<Customer> {
    const [c] = await db.select().from(customers).where(eq(customers.id, id)).limit(1)
    if (!c) throw new AppError('not_found', 'This customer was not found.')
    const defs = await db
      .select()
      .from(customFields)
      .where(eq(customFields.active, true))
      .orderBy(asc(customFields.position), asc(customFields.id))
    const values = await db.select().from(customerCustomValues).where(eq(customerCustomValues.customerId, id))
    const valueOf = new Map(values.map((v) => [v.customFieldId, v]))
    const fields: CustomField[] = defs.map((d) => ({
      customFieldId: d.id,
      name: d.name,
      label: d.label[locale] || d.name,
      fieldType: d.fieldType as CustomField['fieldType'],
      value: valueOf.get(d.id)?.value ?? '',
      pickListValues: d.pickListValues,
    }))
    const fieldById = new Map(fields.map((f) => [f.customFieldId, f]))
    return {
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
          value: v.value,
          customField: fieldById.get(v.customFieldId)!,
        })),
    }
  }

  /** Saves the profile: fields left out keep their value; custom field values are upserted. */
  async function saveCustomer(id: number, body: SaveBody, locale: Locale): Promise<Customer> {
    const values = await checkCustomFieldValues(body.customFieldValues)
    const other = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.email, body.email), ne(customers.id, id)))
      .limit(1)
    if (other.length > 0) {
      throw new AppError('email_taken', 'This email is used by another account.', {
        status: 409,
        errors: { email: 'This email is used by another account.' },
      })
    }
    const set: Partial<typeof customers.$inferInsert> = {
      name: body.name,
      surname: body.surname,
      email: body.email,
      phone: body.phone,
      updatedAt: new Date(),
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
    try {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        await tx.update(customers).set(set).where(eq(customers.id, id))
        await saveCustomFieldValues(tx, id, values)
      })
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('email_taken', 'This email is used by another account.', { status: 409 })
      }
      throw err
    }
    return getCustomer(id, locale)
  }

  // -------------------------------------------------------------------------------------------
  // Saved cards

  async function listCardTokens(customerId: number): Promise<CardToken[]> {
    const rows = await db
      .select()
      .from(cardTokens)
      .where(and(eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)))
      .orderBy(asc(cardTokens.id))
    return rows.map((r) => ({
      id: r.id,
      cardNumber: `•••• ${r.last4}`,
      brand: r.brand,
      expiry: `${String(r.expMonth).padStart(2, '0')}/${String(r.expYear % 100).padStart(2, '0')}`,
    }))
  }

  /** Forgets a saved card (kept for the payments that used it); another's or unknown: 404. */
  async function deleteCardToken(customerId: number, cardId: number) {
    const [row] = await db
      .update(cardTokens)
      .set({ deletedAt: new Date() })
      .where(
        and(eq(cardTokens.id, cardId), eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)),
      )
      .returning({ id: cardTokens.id })
    if (!row) throw new AppError('not_found', 'This card was not found among your saved cards.')
  }

  return {
    login,
    logout,
    register,
    activate,
    resendActivation,
    requestPasswordReset,
    resetPassword,
    changePassword,
    getCustomer,
    saveCustomer,
    listCardTokens,
    deleteCardToken,
  }
}

export type CustomersService = ReturnType<typeof createCustomersService>
