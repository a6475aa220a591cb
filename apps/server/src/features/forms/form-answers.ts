import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  EditInputType,
  FORM_PLACEHOLDER_VALUE,
  FormErrorCode,
  FormIdentifier,
  RateLimitErrorCode,
  REGISTER_FORM_ACCOUNT_FIELDS,
  RegisterBody,
  type Locale,
} from '@clubhouse/contract/server'
import { countHit } from '../../http/rate-limit-counter.ts'
import { AppError } from '../../lib/app-error.ts'
import {
  ACCEPT_CONDITIONS,
  DAY_MS,
  FILE_TYPES,
  REGISTER_FORM_PER_MINUTE,
  REGISTER_FORM_SPACES_PER_DAY,
  REQUIRED,
  UNLINKED_FILE_MS,
  type FormContext,
  type SaveContext,
  type SaveForm,
  type Upload,
} from './form-context.ts'
import type { CheckedUploads, FormUploads } from './form-uploads.ts'
import { cities, formSubmissions, formSubmissionValues, type formFields } from './forms.tables.ts'

/** The shapes an email field's and a date field's values take. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * What a registration form's save answers, for a new email and for one with an account alike
 * (decision 076): neither the submission nor the account is named.
 */
const REGISTERED = { id: 0, customerId: null }

/** Values never kept with a submission: what was typed into a password field. */
const SECRET_TYPES = new Set<EditInputType>([EditInputType.Password, EditInputType.LabelPassword])

/**
 * A filled-in form saved: each value checked against its field, the account a registration form
 * describes opened with its answers, and the files it carries kept (form-uploads.ts).
 */
export function createFormAnswers(ctx: FormContext, formUploads: FormUploads) {
  const { db, units, clock, findForm } = ctx
  const { checkUploads, checkSpace, keepFiles, moveIntoPlace } = formUploads

  /** Checks one value against its field; the message of what is wrong, if anything. */
  async function problemOf(
    field: typeof formFields.$inferSelect,
    value: string,
    hasFile: boolean,
  ): Promise<string | undefined> {
    const isFile = FILE_TYPES.has(field.inputType)
    if (hasFile && !isFile) return 'This field takes no file.'
    const empty = isFile ? !hasFile : value === '' || value === FORM_PLACEHOLDER_VALUE
    if (empty) return field.required ? REQUIRED : undefined
    switch (field.inputType) {
      case EditInputType.Email:
        return EMAIL.test(value) ? undefined : 'The email is not valid.'
      case EditInputType.Date:
        return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'The date is not valid.'
      case EditInputType.CheckBox:
        if (value !== 'true' && value !== 'false') return 'The value is not valid.'
        return field.required && value === 'false' ? REQUIRED : undefined
      case EditInputType.Picklist:
        return field.options?.some((o) => o.value === value)
          ? undefined
          : 'The value is not one of the options.'
      case EditInputType.Lookup: {
        const id = /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : 0
        const [row] = id ? await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id)) : []
        return row ? undefined : 'The value is not one of the options.'
      }
      default:
        return undefined
    }
  }

  /** Opens the account of a registration form as the registration does; only a registration form needs it. */
  function register(body: z.output<typeof RegisterBody>, locale: Locale) {
    if (!ctx.register) throw new Error('a registration form needs the customers service')
    return ctx.register(body, locale)
  }

  /**
   * The account a registration form describes, read from its fields by name and checked as the
   * registration checks it; what is wrong goes into `errors` under the field's name.
   */
  function accountOf(
    fields: readonly (typeof formFields.$inferSelect)[],
    sent: ReadonlyMap<number, { value: string }>,
    input: SaveForm,
    errors: Record<string, string>,
  ): z.output<typeof RegisterBody> | undefined {
    const valueOf = (name: string) => {
      const field = fields.find((f) => f.name === name)
      return field ? (sent.get(field.id)?.value ?? '') : ''
    }
    const parsed = RegisterBody.safeParse({
      ...Object.fromEntries(REGISTER_FORM_ACCOUNT_FIELDS.map((name) => [name, valueOf(name)])),
      okRss: input.okRss,
      acceptConditions: input.acceptConditions,
    })
    if (fields.some((f) => f.name === 'password2') && valueOf('password2') !== valueOf('password')) {
      errors.password2 ??= 'Password does not match'
    }
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '')
      if ((REGISTER_FORM_ACCOUNT_FIELDS as readonly string[]).includes(name)) errors[name] ??= issue.message
    }
    return undefined
  }

  /**
   * Holds back one client opening accounts through the registration form: so many a minute, as the
   * register route does, and so many customers' space of files a day, as each account opened has a
   * space of its own (decision 073).
   */
  async function limitRegistration(client: string, checked: CheckedUploads) {
    const hits = await countHit(db, `register-form|${client}`, 60_000)
    if (hits > REGISTER_FORM_PER_MINUTE) {
      throw new AppError(
        RateLimitErrorCode.rateLimited,
        'Too many requests. Please wait a minute and try again.',
      )
    }
    const sentToday = checked.bytes
      ? await countHit(db, `register-form-files|${client}`, DAY_MS, checked.bytes)
      : 0
    if (sentToday > REGISTER_FORM_SPACES_PER_DAY * ctx.quotaBytes) {
      throw new AppError(
        RateLimitErrorCode.rateLimited,
        'Too many files were sent from here today. Please try again tomorrow.',
        { errors: checked.onFileFields('Too many files were sent from here today.') },
      )
    }
  }

  /**
   * Saves a filled-in form: its values and files in one unit of work. The files, checked by
   * their content, move from their temporary names into place only once the unit has committed;
   * the caller removes what is left at a temporary name whatever happens.
   */
  async function save(
    input: SaveForm,
    uploads: readonly Upload[],
    context: SaveContext = { locale: 'es-ES', client: '' },
  ): Promise<{ id: number; customerId: number | null }> {
    const { form, fields } = await findForm(input.parentName, input.parentId)
    const registering = input.parentName === FormIdentifier.CustomRegisterForm
    if (registering && input.customerId > 0) {
      throw new AppError(
        FormErrorCode.invalidForm,
        'You are logged in already: this form opens a new account.',
      )
    }
    const byId = new Map(fields.map((f) => [f.id, f]))
    const unknown = input.fields.filter((f) => !byId.has(f.id)).map((f) => f.id)
    if (unknown.length) {
      throw new AppError(FormErrorCode.unknownField, `There is no field ${unknown.join(', ')} in this form.`)
    }
    const sent = new Map(input.fields.map((f) => [f.id, f]))
    if (sent.size !== input.fields.length) {
      throw new AppError(FormErrorCode.invalidForm, 'A field was sent twice.')
    }

    const errors: Record<string, string> = {}
    for (const field of fields) {
      const one = sent.get(field.id)
      const problem = await problemOf(field, one?.value ?? '', (one?.file?.length ?? 0) > 0)
      if (problem) errors[field.name] = problem
    }
    const account = registering ? accountOf(fields, sent, input, errors) : undefined
    const notAccepted = form.legalChecks && !input.acceptConditions
    if (notAccepted || Object.keys(errors).length) {
      throw new AppError(
        FormErrorCode.invalidForm,
        notAccepted ? ACCEPT_CONDITIONS : 'Check the marked fields.',
        {
          errors,
        },
      )
    }

    const checked = await checkUploads(input, uploads, byId, registering)
    const { files, bytes } = checked
    if (account) await limitRegistration(context.client, checked)
    const saved = await units.run(async () => {
      // A registration opens the account in the same unit as its answers: both, or neither. An
      // email with an account keeps neither, and is answered as a new one (decision 076).
      const customerId = account ? await register(account, context.locale) : input.customerId
      if (customerId === undefined) return undefined
      if (files.length) await checkSpace(customerId, bytes, checked.overQuota)
      const [submission] = await db
        .insert(formSubmissions)
        .values({
          formId: form.id,
          customerId: customerId || null,
          okRss: form.legalChecks && input.okRss,
          acceptConditions: form.legalChecks && input.acceptConditions,
          createdAt: new Date(clock()),
        })
        .returning({ id: formSubmissions.id })
      const submissionId = submission!.id
      const values = input.fields.filter(
        (f) => f.file === undefined && !SECRET_TYPES.has(byId.get(f.id)!.inputType),
      )
      if (values.length) {
        await db
          .insert(formSubmissionValues)
          .values(values.map((f) => ({ submissionId, fieldId: f.id, value: f.value })))
      }
      if (files.length) {
        // A registration's account is no real customer until it is activated: its files have a day.
        const expiresAt = account ? new Date(clock() + UNLINKED_FILE_MS) : null
        await keepFiles(submissionId, files, expiresAt)
      }
      return { id: submissionId, customerId: customerId || null }
    })
    if (!saved) return REGISTERED
    await moveIntoPlace(files)
    // A registration answers alike for every email: no submission, no account of its own.
    return account ? REGISTERED : saved
  }

  return { save }
}
