import { useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  EditInputType,
  FORM_PLACEHOLDER_VALUE,
  PUBLICITY_CONSENT_DEFAULT,
  RENDERED_INPUT_TYPES,
  type FormDef,
  FormIdentifier,
  type FormFieldDef,
} from '@clubhouse/contract'
import {
  CheckboxField,
  PasswordField,
  SelectField,
  TextAreaField,
  RequiredMark,
  TextField,
  errorId,
} from '../../components/form/field.tsx'
import { serverFieldErrors, useFieldErrors } from '../../components/form/use-field-errors.ts'
import { Button } from '../../components/ui/button.tsx'
import { ApiError } from '../../lib/api-error.ts'
import { SafeHtml } from '../../lib/safe-html.tsx'
import { stripNonPrintable } from '../../lib/text.ts'
import { useCustomerId } from '../account/use-customer-id.ts'
import { LegalLinks } from '../../components/form/legal-links.tsx'
import { useFormDef, useLookupRows, useSaveForm } from './api/dynamic-forms.ts'
import './dynamic-form.css'

/** What the file chooser offers (spec 3 §5): images, pdf, docx, doc, txt and xlsx, several at once. */
export const FORM_FILE_ACCEPT = 'image/*,.pdf,.docx,.doc,.txt,.xlsx'

/** The legal checks' keys among a form's messages; fields use their names. */
const LEGAL = '$legal'

type Values = Record<string, string>
const NO_FILES: readonly File[] = []
type Messages = Record<string, string | undefined>

const isPickType = (type: EditInputType) => type === EditInputType.Picklist || type === EditInputType.Lookup
const isFileType = (type: EditInputType) =>
  type === EditInputType.FileLoader || type === EditInputType.ImageLoader

/** A field's value before anyone touches it: a pick list or lookup's -1, a checkbox's 'false'. */
function startValue(field: FormFieldDef): string {
  const type = field.columnDef.editInputType
  if (isPickType(type)) return field.value ?? FORM_PLACEHOLDER_VALUE
  if (type === EditInputType.CheckBox) return field.value === 'true' ? 'true' : 'false'
  if (isFileType(type)) return ''
  return field.value ?? ''
}

const rendered = (def: FormDef) =>
  def.fields.filter((f) => RENDERED_INPUT_TYPES.includes(f.columnDef.editInputType))

/**
 * A form the centre defined for a parent (spec 3 §2 "Dynamic form"): a custom registration, an
 * activity's sign-up. Nothing shows until its definition, with at least one field, is loaded. The
 * fields go in one column, or in two when they are marked col1 / col2; then the optional legal checks,
 * the Save button and the error area. Save clears the earlier errors, checks the form, and sends it
 * as multipart/form-data; a success is handed to `onSaved`. A page loads it on demand:
 * `lazy(() => import('…/dynamic-form.tsx').then((m) => ({ default: m.DynamicForm })))`.
 */
export function DynamicForm({
  parentName,
  parentId,
  onSaved,
  submitLabel,
}: {
  parentName: FormIdentifier
  parentId: number
  /** The saved submission, and the values sent by field name (files left out). */
  onSaved: (
    model: { id: number; customerId: number | null },
    values: Readonly<Record<string, string>>,
  ) => void
  /** The Save button's words ("Register" for a registration form). */
  submitLabel?: string
}) {
  const def = useFormDef(parentName, parentId)
  if (!def.data || rendered(def.data).length === 0) return null
  return (
    <LoadedForm
      def={def.data}
      parentName={parentName}
      parentId={parentId}
      onSaved={onSaved}
      submitLabel={submitLabel}
    />
  )
}

function LoadedForm({
  def,
  parentName,
  parentId,
  onSaved,
  submitLabel,
}: {
  def: FormDef
  parentName: FormIdentifier
  parentId: number
  /** The saved submission, and the values sent by field name (files left out). */
  onSaved: (
    model: { id: number; customerId: number | null },
    values: Readonly<Record<string, string>>,
  ) => void
  submitLabel: string | undefined
}) {
  const { t } = useTranslation()
  const id = useId()
  const customerId = useCustomerId()
  const save = useSaveForm()
  const fields = rendered(def)
  const fieldId = (field: FormFieldDef) => `${id}-f${field.id}`
  const ids: Record<string, string> = Object.fromEntries(fields.map((f) => [f.name, fieldId(f)]))
  if (def.legalChecks) ids[LEGAL] = `${id}-legal`
  const { errors, passes, edited, showServer } = useFieldErrors<Messages>(ids)

  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(fields.map((f) => [f.name, startValue(f)])),
  )
  const [files, setFiles] = useState<Record<string, readonly File[]>>({})
  const [accepted, setAccepted] = useState(false)
  const [okRss, setOkRss] = useState(PUBLICITY_CONSENT_DEFAULT)
  const [formError, setFormError] = useState('')

  function check(next: { values?: Values; files?: typeof files; accepted?: boolean } = {}): Messages {
    const v = next.values ?? values
    const f = next.files ?? files
    const found: Messages = {}
    if (def.legalChecks && !(next.accepted ?? accepted)) found[LEGAL] = t('messages.acceptConditions')
    for (const field of fields) {
      if (!field.required) continue
      const type = field.columnDef.editInputType
      const value = v[field.name] ?? ''
      const empty = isFileType(type)
        ? !f[field.name]?.length
        : type === EditInputType.CheckBox
          ? value !== 'true'
          : value.trim() === '' || value === FORM_PLACEHOLDER_VALUE
      if (empty)
        found[field.name] =
          type === EditInputType.TextArea ? t('messages.required') : t('messages.theFieldIsRequired')
    }
    return found
  }

  function change(field: FormFieldDef, value: string) {
    const next = { ...values, [field.name]: value }
    setValues(next)
    edited(field.name, () => check({ values: next }))
  }

  function chooseFiles(field: FormFieldDef, chosen: readonly File[]) {
    const next = { ...files, [field.name]: chosen }
    setFiles(next)
    edited(field.name, () => check({ files: next }))
  }

  async function submit() {
    if (save.isPending) return
    setFormError('')
    if (!passes(check())) return
    const chosen = new Map<number, readonly File[]>()
    fields.forEach((field, i) => {
      const picked = files[field.name]
      if (picked?.length) chosen.set(i, picked)
    })
    try {
      const answer = await save.mutateAsync({
        body: {
          parentId,
          parentName,
          ...(def.legalChecks ? { okRss, acceptConditions: accepted } : {}),
          ...(customerId ? { customerId } : {}),
          fields: fields.map((field) => ({
            id: field.id,
            name: field.name,
            value: isFileType(field.columnDef.editInputType)
              ? ''
              : stripNonPrintable(values[field.name] ?? ''),
          })),
        },
        files: chosen,
      })
      if (!answer.ok) setFormError(answer.errorMsg || t('messages.crash'))
      else if (!answer.model) setFormError(t('messages.crash'))
      else onSaved(answer.model, values)
    } catch (error) {
      showServer(serverFieldErrors(error, (name) => (Object.hasOwn(ids, name) ? name : undefined)))
      setFormError((error instanceof ApiError && error.errorMsg) || t('messages.crash'))
    }
  }

  const input = (field: FormFieldDef) => (
    <FormInput
      key={field.id}
      id={fieldId(field)}
      field={field}
      value={values[field.name] ?? ''}
      files={files[field.name] ?? NO_FILES}
      error={errors[field.name]}
      onValueChange={(value) => change(field, value)}
      onFilesChange={(chosen) => chooseFiles(field, chosen)}
      newPassword={parentName === FormIdentifier.CustomRegisterForm}
    />
  )
  const twoColumns = fields.some((f) => f.col1) && fields.some((f) => f.col2)

  return (
    <form
      className="dynamic-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      {twoColumns ? (
        <div className="dynamic-form__columns">
          <div className="dynamic-form__column" data-testid="form-column">
            {fields.filter((f) => !f.col2).map(input)}
          </div>
          <div className="dynamic-form__column" data-testid="form-column">
            {fields.filter((f) => f.col2).map(input)}
          </div>
        </div>
      ) : (
        <div className="dynamic-form__column" data-testid="form-column">
          {fields.map(input)}
        </div>
      )}

      {def.legalChecks && (
        <div className="dynamic-form__legal">
          <CheckboxField
            id={`${id}-okrss`}
            label={t('legal.optIn')}
            checked={okRss}
            onCheckedChange={setOkRss}
          />
          <CheckboxField
            id={ids[LEGAL]!}
            label={t('checkout.acceptConditions')}
            required
            checked={accepted}
            error={errors[LEGAL]}
            hint={<LegalLinks />}
            onCheckedChange={(checked) => {
              setAccepted(checked)
              edited(LEGAL, () => check({ accepted: checked }))
            }}
          />
        </div>
      )}

      <Button type="submit" variant="primary" busy={save.isPending} busyLabel={t('common.sending')}>
        {submitLabel ?? t('dynamicForm.save')}
      </Button>
      {/* The server's message, its little markup kept and nothing else (lib/safe-html.tsx). */}
      <div className="dynamic-form__error" role="alert">
        <SafeHtml html={formError} />
      </div>
    </form>
  )
}

/** One field of the form, drawn by its input type with the field kit. */
function FormInput({
  id,
  field,
  value,
  files,
  error,
  onValueChange,
  onFilesChange,
  newPassword,
}: {
  id: string
  field: FormFieldDef
  value: string
  files: readonly File[]
  error: string | undefined
  onValueChange: (value: string) => void
  onFilesChange: (files: readonly File[]) => void
  /** A registration's password: the browser may offer to make and keep one. */
  newPassword: boolean
}) {
  const common = { id, label: field.label, required: field.required, error }
  const text = { ...common, value, onValueChange }
  const { columnDef } = field
  switch (columnDef.editInputType) {
    case EditInputType.Text:
      return <TextField {...text} />
    case EditInputType.Email:
      return <TextField {...text} type="email" autoComplete="email" />
    case EditInputType.Date:
      return <TextField {...text} type="date" />
    case EditInputType.Password:
      return <PasswordField {...text} autoComplete={newPassword ? 'new-password' : 'off'} />
    case EditInputType.TextArea:
      return <TextAreaField {...text} rows={4} />
    case EditInputType.CheckBox:
      return (
        <CheckboxField
          {...common}
          checked={value === 'true'}
          onCheckedChange={(checked) => onValueChange(checked ? 'true' : 'false')}
        />
      )
    case EditInputType.Picklist:
      return (
        <SelectField
          {...text}
          options={[
            { value: FORM_PLACEHOLDER_VALUE, label: columnDef.headerName },
            ...Object.entries(columnDef.floatingFilterComponentParams ?? {}).map(([label, option]) => ({
              value: option,
              label,
            })),
          ]}
        />
      )
    case EditInputType.Lookup:
      return <LookupInput {...text} columnDef={columnDef} />
    default:
      return <FileInput {...common} files={files} onFilesChange={onFilesChange} />
  }
}

/** A lookup: the placeholder -1 under the header name, then the first fifty rows of its list. */
function LookupInput({
  columnDef,
  ...text
}: {
  id: string
  label: string
  required: boolean
  error: string | undefined
  value: string
  onValueChange: (value: string) => void
  columnDef: FormFieldDef['columnDef']
}) {
  const rows = useLookupRows(columnDef.fkController)
  return (
    <SelectField
      {...text}
      options={[
        { value: FORM_PLACEHOLDER_VALUE, label: columnDef.headerName },
        ...(rows.data ?? []).map((row) => ({ value: String(row.id), label: row.name })),
      ]}
    />
  )
}

/** The id of the line naming a file input's chosen file: read with the input. */
const chosenId = (id: string) => `${id}-chosen`

/**
 * A file chooser that takes several files at once (spec 3 §5), and once they are chosen their names,
 * read with the input, and a clear action that empties it.
 */
function FileInput({
  id,
  label,
  required,
  error,
  files,
  onFilesChange,
}: {
  id: string
  label: string
  required: boolean
  error: string | undefined
  files: readonly File[]
  onFilesChange: (files: readonly File[]) => void
}) {
  const { t } = useTranslation()
  const ref = useRef<HTMLInputElement>(null)
  let chosen: ReactNode = null
  if (files.length) {
    const names = files.map((file) => file.name).join(', ')
    chosen = (
      <p className="dynamic-form__file">
        <span id={chosenId(id)}>{t('dynamicForm.chosenFile', { count: files.length, names })}</span>
        <button
          type="button"
          className="link-button"
          aria-label={t('dynamicForm.clearFile', { count: files.length, names })}
          onClick={() => {
            if (ref.current) ref.current.value = ''
            onFilesChange(NO_FILES)
          }}
        >
          {t('dynamicForm.clear')}
        </button>
      </p>
    )
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <input
        ref={ref}
        id={id}
        type="file"
        className="input"
        multiple
        accept={FORM_FILE_ACCEPT}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [files.length ? chosenId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ') || undefined
        }
        onChange={(event) => onFilesChange([...(event.target.files ?? [])])}
      />
      {chosen}
      {error && (
        <p id={errorId(id)} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}
