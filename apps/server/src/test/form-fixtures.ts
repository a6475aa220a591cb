import { EditInputType, type FormDef, type FormIdentifier } from '@clubhouse/contract/server'
import type { App } from '../app.ts'
import type { NewForm } from '../features/forms/forms.service.ts'
import { both } from './account-fixtures.ts'
import { clearRateLimits } from './customers.ts'
import { multipartBody, type FilePart } from './multipart.ts'

/** A PDF of `size` bytes (at least its header and end): what the forms take as a PDF. */
export function pdfOf(size = 40): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n')
  const tail = Buffer.from('\n%%EOF\n')
  const body = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20)
  return Buffer.concat([head, body, tail])
}

/** The fields of a registration form that open the account (decision 064), with the repetition. */
export const REGISTER_FORM_FIELDS: NewForm['fields'] = [
  { name: 'name', label: both('Nombre', 'Name'), inputType: EditInputType.Text, required: true },
  { name: 'surname', label: both('Apellidos', 'Surname'), inputType: EditInputType.Text, required: true },
  { name: 'email', label: both('Correo', 'Email'), inputType: EditInputType.Email, required: true },
  { name: 'phone', label: both('Teléfono', 'Phone'), inputType: EditInputType.Text, required: true },
  {
    name: 'password',
    label: both('Contraseña', 'Password'),
    inputType: EditInputType.Password,
    required: true,
  },
  {
    name: 'password2',
    label: both('Repite la contraseña', 'Repeat the password'),
    inputType: EditInputType.Password,
    required: true,
  },
]

/** A form's definition as the site answers it, in English. */
export async function formDefOf(app: App, parentName: FormIdentifier, parentId: number): Promise<FormDef> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/dynamicforms/form-def/${parentName}/${parentId}`,
    headers: { 'accept-language': 'en-US' },
  })
  return res.json<{ model: FormDef }>().model
}

/** A file as a client sends it. */
export type FileContent = { filename: string; content: Buffer }

/**
 * A form's fields as a browser sends them, by name: `values` their text, `files` the file of a
 * file field (named in the list, with an empty value, and sent as its part).
 */
export function filledForm(
  def: FormDef,
  values: Record<string, string>,
  files: Record<string, FileContent | FileContent[]> = {},
): { fields: { id: number; name: string; value: string }[]; parts: FilePart[] } {
  const idOf = (name: string) => def.fields.find((f) => f.name === name)!.id
  const fields = Object.entries(values).map(([name, value]) => ({ id: idOf(name), name, value }))
  const parts: FilePart[] = []
  for (const [name, chosen] of Object.entries(files)) {
    // Several files of one field: a part each, under the field's name (decision 082).
    for (const file of [chosen].flat()) parts.push({ name: `fields[${fields.length}].file`, ...file })
    fields.push({ id: idOf(name), name, value: '' })
  }
  return { fields, parts }
}

/** `POST /api/dynamicforms/save` as multipart, the rate limits cleared first unless told. */
export async function saveForm(
  app: App,
  values: Record<string, unknown>,
  files: readonly FilePart[] = [],
  opts: { headers?: Record<string, string>; remoteAddress?: string; keepLimits?: boolean } = {},
) {
  if (!opts.keepLimits) await clearRateLimits(app)
  const form = multipartBody(values, files)
  return app.inject({
    method: 'POST',
    url: '/api/dynamicforms/save',
    headers: { 'accept-language': 'en-US', ...opts.headers, ...form.headers },
    payload: form.payload,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  })
}
