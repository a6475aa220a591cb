import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import {
  EditInputType,
  FORM_FILES_QUOTA_MB_DEFAULT,
  FORM_PLACEHOLDER_VALUE,
  FormErrorCode,
  FormIdentifier,
  RateLimitErrorCode,
  REGISTER_FORM_ACCOUNT_FIELDS,
  RegisterBody,
  type FormDef,
  type Locale,
  type LookupRow,
} from '@clubhouse/contract'
import type { Db } from '../../db/executor.ts'
import { countHit, hitWindow } from '../../http/rate-limit-counter.ts'
import type { Units } from '../../db/units.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import { repeatEvery } from '../../lib/repeat.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import { cleanFileName, fileKindOf, type FileKind } from './file-types.ts'
import {
  cities,
  formFields,
  formFiles,
  forms,
  formSubmissionValues,
  formSubmissions,
} from './forms.tables.ts'
import type { StoredPickOption } from './forms.tables.ts'

/** A file part of a save, written to a temporary name until its submission commits. */
export interface Upload {
  ref: string
  tmpPath: string
  originalName: string
}

/** A saved form as the route hands it over, validated by the contract. */
export interface SaveForm {
  parentId: number
  parentName: FormIdentifier
  okRss: boolean
  acceptConditions: boolean
  customerId: number
  /** `file`: the uploads of a file field, in the order they were sent. */
  fields: { id: number; name: string; value: string; file?: string[] | undefined }[]
}

export interface NewForm {
  parentName: FormIdentifier
  parentId: number
  legalChecks: boolean
  fields: {
    name: string
    label: Localised
    inputType: EditInputType
    required?: boolean
    column?: 0 | 1 | 2
    options?: StoredPickOption[]
    lookup?: { controller: string; label: string; id: string }
    defaultValue?: string
  }[]
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE = /^\d{4}-\d{2}-\d{2}$/
const FILE_TYPES = new Set<EditInputType>([EditInputType.FileLoader, EditInputType.ImageLoader])

export const REQUIRED = 'The field is required'
export const ACCEPT_CONDITIONS = 'Please accept our legal conditions'

/** The folder, under DATA_DIR, of the files forms carried: never served to anyone. */
export const formFilesDir = (dataDir: string) => path.join(dataDir, 'form-files')
/** How a file part is named in that folder while its request is read (forms.routes.ts). */
export const UPLOAD_PREFIX = '.upload-'

const DAY_MS = 24 * 3_600_000
/**
 * How long a file linked to no real customer is kept: a registration's, while its account is not
 * activated; what a request cut short left at a temporary name (decision 073).
 */
export const UNLINKED_FILE_MS = DAY_MS
/**
 * How many customers' space one client address may send with registrations in a day: files of
 * accounts nobody has activated yet, which one customer's space alone does not hold back, as every
 * registration opens another (decision 073).
 */
export const REGISTER_FORM_SPACES_PER_DAY = 2
/**
 * What a registration form's save answers, for a new email and for one with an account alike
 * (decision 076): neither the submission nor the account is named.
 */
const REGISTERED = { id: 0, customerId: null }
/** Files the sweep takes at a time. */
const SWEEP_BATCH = 100

/** Values never kept with a submission: what was typed into a password field. */
const SECRET_TYPES = new Set<EditInputType>([EditInputType.Password, EditInputType.LabelPassword])
/** Accounts one client may open through the registration form in a minute (the register route's limit). */
export const REGISTER_FORM_PER_MINUTE = 10

export interface FormsDeps {
  units: Units
  /** The customers' rows a save of files is counted under, and which accounts a sweep keeps files of. */
  customers: Pick<CustomersService, 'lockAccount' | 'activatedAmong'>
  dataDir: string
  /** The clock of submissions and of the files' day (tests move it); the system's by default. */
  clock?: () => number
  /** The space one customer's form files may take, in bytes (FORM_FILES_QUOTA_MB). */
  quotaBytes?: number
  log?: Pick<FastifyBaseLogger, 'warn' | 'debug'>
  /**
   * Opens an account as the registration does (customers feature) and answers its id; for an email
   * with an account, opens nothing, tells its owner and answers undefined. A registration form needs it.
   */
  register?: (body: z.output<typeof RegisterBody>, locale: Locale) => Promise<number | undefined>
}

/** Who sends a save: the reader's language, and the client's address for the registration's limit. */
export interface SaveContext {
  locale: Locale
  client: string
}

export function createFormsService(db: Db, deps: FormsDeps) {
  const filesDir = formFilesDir(deps.dataDir)
  const clock = deps.clock ?? Date.now
  const quotaBytes = deps.quotaBytes ?? FORM_FILES_QUOTA_MB_DEFAULT * 1024 * 1024

  async function findForm(parentName: FormIdentifier, parentId: number) {
    const [form] = await db
      .select()
      .from(forms)
      .where(and(eq(forms.parentName, parentName), eq(forms.parentId, parentId)))
    if (!form) throw notFound('The form')
    const fields = await db
      .select()
      .from(formFields)
      .where(eq(formFields.formId, form.id))
      .orderBy(asc(formFields.position), asc(formFields.id))
    return { form, fields }
  }

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

  function register(body: z.output<typeof RegisterBody>, locale: Locale) {
    if (!deps.register) throw new Error('a registration form needs the customers service')
    return deps.register(body, locale)
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
   * Refuses `bytes` more files of a customer past their space. Under the lock of the customer's row,
   * taken in the caller's unit of work: two saves of one customer, on any instances, pass here one
   * after the other, and the second sums what the first wrote (decision 073).
   */
  async function checkSpace(customerId: number, bytes: number, refuse: () => AppError) {
    await deps.customers.lockAccount(customerId)
    const [used] = await db
      .select({ bytes: sql<number | string>`coalesce(sum(${formFiles.size}), 0)` })
      .from(formFiles)
      .innerJoin(formSubmissions, eq(formSubmissions.id, formFiles.submissionId))
      .where(eq(formSubmissions.customerId, customerId))
    if (Number(used?.bytes ?? 0) + bytes > quotaBytes) throw refuse()
  }

  /**
   * Ends the day of the files linked to no real customer (decision 073): a registration's whose
   * account is activated by then are kept for good, the others removed. Rows are claimed with SKIP
   * LOCKED, so however many instances sweep, each file is dealt with by one. A file goes before its
   * row's removal commits: a sweep cut short leaves a row to sweep again, never a file without one.
   */
  async function sweepExpiredFiles(now: Date): Promise<{ removed: number; kept: number }> {
    let removed = 0
    let kept = 0
    for (;;) {
      const batch = await deps.units.run(async () => {
        const due = await db
          .select({
            id: formFiles.id,
            storedName: formFiles.storedName,
            customerId: formSubmissions.customerId,
          })
          .from(formFiles)
          .innerJoin(formSubmissions, eq(formSubmissions.id, formFiles.submissionId))
          .where(lte(formFiles.expiresAt, now))
          .orderBy(asc(formFiles.expiresAt), asc(formFiles.id))
          .limit(SWEEP_BATCH)
          .for('update', { of: formFiles, skipLocked: true })
        const activated = await deps.customers.activatedAmong([
          ...new Set(due.flatMap((f) => (f.customerId === null ? [] : [f.customerId]))),
        ])
        const isKept = (f: (typeof due)[number]) => f.customerId !== null && activated.has(f.customerId)
        const keep = due.filter(isKept).map((f) => f.id)
        const gone = due.filter((f) => !isKept(f))
        if (keep.length) {
          await db.update(formFiles).set({ expiresAt: null }).where(inArray(formFiles.id, keep))
        }
        if (gone.length) {
          await Promise.all(gone.map((f) => fs.rm(path.join(filesDir, f.storedName), { force: true })))
          await db.delete(formFiles).where(
            inArray(
              formFiles.id,
              gone.map((f) => f.id),
            ),
          )
        }
        return { due: due.length, kept: keep.length, removed: gone.length }
      })
      removed += batch.removed
      kept += batch.kept
      if (batch.due < SWEEP_BATCH) return { removed, kept }
    }
  }

  /**
   * Removes what requests cut short (a process stopped mid-upload) left at a temporary name for a
   * day. The folder is read by one instance an hour: the first to claim the hour's window.
   */
  async function sweepStrayUploads(now: number): Promise<number> {
    const { count } = await hitWindow(db, 'sweep|form-file-uploads', 3_600_000)
    if (count > 1) return 0
    const names = await fs.readdir(filesDir).catch(() => [] as string[])
    let removed = 0
    for (const name of names.filter((n) => n.startsWith(UPLOAD_PREFIX))) {
      const file = path.join(filesDir, name)
      const stat = await fs.stat(file).catch(() => undefined)
      if (stat && stat.mtimeMs <= now - UNLINKED_FILE_MS) {
        await fs.rm(file, { force: true })
        removed += 1
      }
    }
    return removed
  }

  /** The sweep of files linked to nothing: their row's day ended, or a request left them behind. */
  async function sweepFiles(): Promise<{ removed: number; kept: number; strays: number }> {
    const now = clock()
    const files = await sweepExpiredFiles(new Date(now))
    return { ...files, strays: await sweepStrayUploads(now) }
  }

  /** Runs the sweep a minute after start and then every `everyMs` (0: never, for tests that sweep by hand). */
  function startSweeping(everyMs: number) {
    return repeatEvery(everyMs, 60_000, () =>
      sweepFiles().then(
        (swept) => {
          if (swept.removed || swept.strays) deps.log?.debug(swept, 'unlinked form files removed')
        },
        (err: unknown) => deps.log?.warn({ err }, 'form files sweep failed'),
      ),
    )
  }

  return {
    sweepFiles,
    startSweeping,

    /** The id of the form of `parentName` `parentId` (an activity's sign-up form), when it has one. */
    async findFormId(parentName: FormIdentifier, parentId: number): Promise<number | undefined> {
      const [form] = await db
        .select({ id: forms.id })
        .from(forms)
        .where(and(eq(forms.parentName, parentName), eq(forms.parentId, parentId)))
      return form?.id
    },

    /** Whether the customer has sent the form at least once. */
    async hasSent(formId: number, customerId: number): Promise<boolean> {
      const [sent] = await db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.customerId, customerId)))
        .limit(1)
      return sent !== undefined
    },

    async createForm(form: NewForm): Promise<number> {
      return deps.units.run(async () => {
        const [row] = await db
          .insert(forms)
          .values({ parentName: form.parentName, parentId: form.parentId, legalChecks: form.legalChecks })
          .returning({ id: forms.id })
        if (form.fields.length) {
          await db.insert(formFields).values(
            form.fields.map((f, position) => ({
              formId: row!.id,
              position,
              name: f.name,
              label: f.label,
              inputType: f.inputType,
              required: f.required ?? false,
              column: f.column ?? 0,
              options: f.options ?? null,
              lookup: f.lookup ?? null,
              defaultValue: f.defaultValue ?? null,
            })),
          )
        }
        return row!.id
      })
    },

    async createCities(names: string[]): Promise<void> {
      if (names.length) await db.insert(cities).values(names.map((name) => ({ name })))
    },

    async formDef(parentName: FormIdentifier, parentId: number, locale: Locale): Promise<FormDef> {
      const { form, fields } = await findForm(parentName, parentId)
      return {
        legalChecks: form.legalChecks,
        fields: fields.map((f) => {
          const label = f.label[locale]
          return {
            id: f.id,
            name: f.name,
            field: f.name,
            label,
            value: f.defaultValue,
            required: f.required,
            isFile: FILE_TYPES.has(f.inputType),
            col1: f.column === 1,
            col2: f.column === 2,
            columnDef: {
              editInputType: f.inputType,
              field: f.name,
              required: f.required,
              headerName: label,
              floatingFilterComponentParams: f.options
                ? Object.fromEntries(f.options.map((o) => [o.label[locale], o.value]))
                : null,
              fkController: f.lookup?.controller ?? null,
              fkLabel: f.lookup?.label ?? null,
              fkId: f.lookup?.id ?? null,
            },
          }
        }),
      }
    },

    async cities(startRow: number, endRow: number): Promise<LookupRow[]> {
      return db
        .select({ id: cities.id, name: cities.name })
        .from(cities)
        .orderBy(asc(cities.name), asc(cities.id))
        .offset(startRow)
        .limit(endRow - startRow)
    },

    /**
     * Saves a filled-in form: its values and files in one unit of work. The files, checked by
     * their content, move from their temporary names into place only once the unit has committed;
     * the caller removes what is left at a temporary name whatever happens.
     */
    async save(
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
        throw new AppError(
          FormErrorCode.unknownField,
          `There is no field ${unknown.join(', ')} in this form.`,
        )
      }
      const sent = new Map(input.fields.map((f) => [f.id, f]))
      if (sent.size !== input.fields.length) {
        throw new AppError(FormErrorCode.invalidForm, 'A field was sent twice.')
      }
      const uploadOf = new Map(uploads.map((u) => [u.ref, u]))

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

      const fileFields = input.fields.filter((f) => f.file !== undefined)
      const onFileFields = (message: string) =>
        Object.fromEntries(fileFields.map((f) => [byId.get(f.id)!.name, message]))
      // A file is kept with the answers of a real customer, or of the registration that opens one.
      if (fileFields.length && !registering && input.customerId === 0) {
        throw new AppError('unauthorized', 'Log in to send files with this form.', {
          status: 401,
          errors: onFileFields('Log in to send a file.'),
        })
      }
      const files: {
        fieldId: number
        upload: Upload
        kind: FileKind
        size: number
        storedName: string
      }[] = []
      // Each file of each file field checked as one (decision 082); an upload named twice is no upload.
      const named = new Set<string>()
      for (const one of input.fields) {
        for (const ref of one.file ?? []) {
          const upload = uploadOf.get(ref)
          if (!upload || named.has(ref)) throw new AppError('bad_request', 'The request is not valid.')
          named.add(ref)
          const kind = fileKindOf(await fs.readFile(upload.tmpPath))
          if (!kind) {
            throw new AppError(
              FormErrorCode.fileType,
              'Only images, PDF, Word, Excel and text files are accepted.',
              { status: 415, errors: { [byId.get(one.id)!.name]: 'This kind of file is not accepted.' } },
            )
          }
          const { size } = await fs.stat(upload.tmpPath)
          files.push({ fieldId: one.id, upload, kind, size, storedName: `${randomUUID()}.${kind.ext}` })
        }
      }
      const bytes = files.reduce((sum, f) => sum + f.size, 0)
      const overQuota = () =>
        new AppError(
          FormErrorCode.fileQuota,
          `Your files would take more than the ${quotaBytes / 1024 / 1024} MB of space each customer has.`,
          { status: 422, errors: onFileFields('There is no space left for this file.') },
        )
      if (bytes > quotaBytes) throw overQuota()

      if (account) {
        const hits = await countHit(db, `register-form|${context.client}`, 60_000)
        if (hits > REGISTER_FORM_PER_MINUTE) {
          throw new AppError(
            RateLimitErrorCode.rateLimited,
            'Too many requests. Please wait a minute and try again.',
          )
        }
        const sentToday = bytes
          ? await countHit(db, `register-form-files|${context.client}`, DAY_MS, bytes)
          : 0
        if (sentToday > REGISTER_FORM_SPACES_PER_DAY * quotaBytes) {
          throw new AppError(
            RateLimitErrorCode.rateLimited,
            'Too many files were sent from here today. Please try again tomorrow.',
            { errors: onFileFields('Too many files were sent from here today.') },
          )
        }
      }
      const saved = await deps.units.run(async () => {
        // A registration opens the account in the same unit as its answers: both, or neither. An
        // email with an account keeps neither, and is answered as a new one (decision 076).
        const customerId = account ? await register(account, context.locale) : input.customerId
        if (customerId === undefined) return undefined
        if (files.length) await checkSpace(customerId, bytes, overQuota)
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
          await db.insert(formFiles).values(
            files.map((f) => ({
              submissionId,
              fieldId: f.fieldId,
              storedName: f.storedName,
              originalName: cleanFileName(f.upload.originalName, f.kind),
              contentType: f.kind.contentType,
              size: f.size,
              expiresAt,
            })),
          )
        }
        return { id: submissionId, customerId: customerId || null }
      })
      if (!saved) return REGISTERED
      for (const f of files) await fs.rename(f.upload.tmpPath, path.join(filesDir, f.storedName))
      // A registration answers alike for every email: no submission, no account of its own.
      return account ? REGISTERED : saved
    },

    /** The stored files of a submission (tests, and the centre's back office later). */
    async filesOf(submissionIds: number[]) {
      if (!submissionIds.length) return []
      return db.select().from(formFiles).where(inArray(formFiles.submissionId, submissionIds))
    },
  }
}

export type FormsService = ReturnType<typeof createFormsService>
