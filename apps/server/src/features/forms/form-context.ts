import path from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import {
  EditInputType,
  FORM_FILES_QUOTA_MB_DEFAULT,
  type FormIdentifier,
  type Locale,
  type RegisterBody,
} from '@clubhouse/contract/server'
import type { Db } from '../../db/executor.ts'
import type { Units } from '../../db/units.ts'
import { notFound } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import { formFields, forms } from './forms.tables.ts'
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

/** A form as the seed and the tests write it: where it shows, and its fields in their order. */
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

/** The input types of a field that takes files rather than a value. */
export const FILE_TYPES = new Set<EditInputType>([EditInputType.FileLoader, EditInputType.ImageLoader])

/** What a required field left empty answers. */
export const REQUIRED = 'The field is required'
/** What a form with legal checks answers when its conditions were not accepted. */
export const ACCEPT_CONDITIONS = 'Please accept our legal conditions'

/** The folder, under DATA_DIR, of the files forms carried: never served to anyone. */
export const formFilesDir = (dataDir: string) => path.join(dataDir, 'form-files')
/** How a file part is named in that folder while its request is read (forms.routes.ts). */
export const UPLOAD_PREFIX = '.upload-'

/** A day: the files' day, and the window of what one client sends with registrations. */
export const DAY_MS = 24 * 3_600_000
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
/** Accounts one client may open through the registration form in a minute (the register route's limit). */
export const REGISTER_FORM_PER_MINUTE = 10

/** What the forms service is made with. */
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

/**
 * What the parts of the forms share: the database and the units of work, the folder of the files
 * forms carried, the clock, the space one customer's files may take, and a form read with its fields.
 */
export function createFormContext(db: Db, deps: FormsDeps) {
  const filesDir = formFilesDir(deps.dataDir)
  const clock = deps.clock ?? Date.now
  const quotaBytes = deps.quotaBytes ?? FORM_FILES_QUOTA_MB_DEFAULT * 1024 * 1024

  /** A form of `parentName` `parentId` with its fields in their order; a form it has not is not found. */
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

  return { db, ...deps, filesDir, clock, quotaBytes, findForm }
}

export type FormContext = ReturnType<typeof createFormContext>
