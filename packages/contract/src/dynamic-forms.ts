import { z } from 'zod'
import { PUBLICITY_CONSENT_DEFAULT } from './constants.ts'
import { CustomerErrorCode, FormErrorCode } from './error-codes.ts'
import { EditInputTypeSchema, FormIdentifierSchema } from './enums.ts'
import { IdParam, IdSchema, safeString } from './fields.ts'
import { RowRange, checkRowRange } from './grid.ts'
import { defineRoute, envelope, okErrorModel, okModel } from './http.ts'

/**
 * Dynamic forms (spec 3 §2 "Dynamic form", §3 "Form definition field", §7): a form the centre
 * defines for a parent (a custom registration, an activity's sign-up), its definition and the
 * multipart save of what a visitor filled in.
 */

/** How a field is edited: its input type, its pick list or the list its lookup reads. */
export const FormColumnDef = z.object({
  editInputType: EditInputTypeSchema,
  field: z.string(),
  required: z.boolean(),
  /** The field's caption; also the label of the -1 placeholder of a pick list or lookup. */
  headerName: z.string(),
  /** A pick list's options: label → value. Null for other types. */
  floatingFilterComponentParams: z.record(z.string(), z.string()).nullable(),
  /** A lookup's list: `GET /api/public{fkController lower-cased}/list`; its rows' label and id keys. */
  fkController: z.string().nullable(),
  fkLabel: z.string().nullable(),
  fkId: z.string().nullable(),
})
export type FormColumnDef = z.infer<typeof FormColumnDef>

/** One field of a form definition, in the form's order. */
export const FormFieldDef = z.object({
  id: z.number().int(),
  name: z.string(),
  field: z.string(),
  label: z.string(),
  /** The starting value, as text; null when none. */
  value: z.string().nullable(),
  required: z.boolean(),
  isFile: z.boolean(),
  /** Marked for the left or the right column of a two-column form. */
  col1: z.boolean(),
  col2: z.boolean(),
  columnDef: FormColumnDef,
})
export type FormFieldDef = z.infer<typeof FormFieldDef>

/** A form definition: its fields, and whether it asks for the legal checks. */
export const FormDef = z.object({
  fields: z.array(FormFieldDef),
  legalChecks: z.boolean(),
})
export type FormDef = z.infer<typeof FormDef>

/** Most fields a saved form may carry, and the longest value of one. */
export const MAX_FORM_FIELDS = 100
export const MAX_FORM_VALUE_LENGTH = 4000
/** Most files one save may carry, in all its file fields together. */
export const MAX_FORM_FILES = MAX_FORM_FIELDS
/** Largest file a form accepts, in bytes. */
export const MAX_FORM_FILE_BYTES = 10 * 1024 * 1024
/**
 * The space a customer's form files may take in all, in megabytes, unless the centre sets another
 * (FORM_FILES_QUOTA_MB); a save that would pass it is refused (422 `file_quota`).
 */
export const FORM_FILES_QUOTA_MB_DEFAULT = 50

/** The value a pick list or lookup holds before a choice: its header name is the placeholder's label. */
export const FORM_PLACEHOLDER_VALUE = '-1'

const FormFieldId = IdSchema({
  min: 1,
  invalid: 'A field id is a whole number from 1.',
  tooLarge: 'The field id is too large.',
})

/**
 * One field as sent: `fields[i].id`, `fields[i].name`, `fields[i].value` and, for a file field, one
 * `fields[i].file` part per file chosen (several may be, as the chooser allows: decision 082).
 */
export const SavedFormField = z.strictObject({
  id: FormFieldId,
  name: safeString().max(100),
  /** Empty text when the field has no value. */
  value: safeString().max(MAX_FORM_VALUE_LENGTH).default(''),
  /**
   * Set by the server to the uploads the field's file parts carried, in their order; a client never
   * writes it (a text part of that name is refused).
   */
  file: z.array(safeString().max(40)).min(1).max(MAX_FORM_FILES).optional(),
})

/**
 * What `POST /api/dynamicforms/save` reads, once its multipart parts are gathered: text parts by
 * name, `fields[i].key` into `fields`, `true`/`false` into booleans, and each file part into the
 * upload its field names. Only multipart/form-data is accepted (415 otherwise).
 */
export const SaveFormBody = z.strictObject({
  parentId: IdParam,
  parentName: FormIdentifierSchema,
  /** Only when the form has legal checks. Unticked when left out (decision 051). */
  okRss: z.boolean().default(PUBLICITY_CONSENT_DEFAULT),
  acceptConditions: z.boolean().default(false),
  /**
   * The customer filling it in, when the client has one stored; 0 or none: a visitor, whose answers
   * may carry no file (401) unless they open an account (a registration form).
   */
  customerId: IdSchema({
    min: 0,
    invalid: 'customerId is a whole number from 0.',
    tooLarge: 'customerId is too large.',
  }).default(0),
  fields: z.array(SavedFormField).max(MAX_FORM_FIELDS).default([]),
})
export type SaveFormBody = z.input<typeof SaveFormBody>

/**
 * The fields of a registration form (`CustomRegisterForm`) that make the account, by name: a save
 * of that form opens the account as the registration does, and keeps the other fields as its
 * answers (never what was typed into a password field). A `password2` field must repeat the password.
 */
export const REGISTER_FORM_ACCOUNT_FIELDS = ['name', 'surname', 'email', 'password', 'phone'] as const

/** A lookup list's row: `id` and `name` (the lookup's fkId `Id`, fkLabel `Name`). */
export const LookupRow = z.object({ id: z.number().int(), name: z.string() })
export type LookupRow = z.infer<typeof LookupRow>

export const dynamicFormRoutes = {
  formDef: defineRoute({
    method: 'GET',
    path: '/api/dynamicforms/form-def/:parentName/:parentId',
    summary: "A form's definition: its fields in order and whether it asks for the legal checks",
    tags: ['forms'],
    params: z.strictObject({ parentName: FormIdentifierSchema, parentId: IdParam }),
    response: okModel(FormDef),
  }),
  save: defineRoute({
    method: 'POST',
    path: '/api/dynamicforms/save',
    summary: 'Saves a filled-in form (multipart/form-data), with the files chosen in its file fields',
    tags: ['forms'],
    body: SaveFormBody,
    response: okErrorModel(
      z.object({
        id: z.number().int(),
        /** Whose answers they are: the customer who sent them, the account a registration form opened, or null. */
        customerId: z.number().int().nullable().default(null),
      }),
    ),
    auth: 'customer',
    owner: { from: 'body', key: 'customerId', zeroMeansNone: true },
    rateLimit: { max: 60, timeWindow: '1 minute' },
    // A registration form (`CustomRegisterForm`) opens an account as the registration does.
    errors: [
      ...Object.values(FormErrorCode),
      CustomerErrorCode.emailTaken,
      CustomerErrorCode.registrationClosed,
    ],
  }),
  citiesList: defineRoute({
    method: 'GET',
    path: '/api/publiccities/list',
    summary: 'The cities a lookup field offers, by name',
    tags: ['forms'],
    query: z.object(RowRange).superRefine(checkRowRange),
    response: envelope({ rowData: z.array(LookupRow) }),
  }),
}
