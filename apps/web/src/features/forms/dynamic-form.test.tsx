import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  dynamicFormRoutes,
  EditInputType,
  SaveFormBody,
  type FormDef,
  type FormFieldDef,
} from '@clubhouse/contract'
import { saveSession } from '../../lib/storage.ts'
import { contractResponse, errorResponse, fakeServer } from '../../test/fake-server.ts'
import { renderWithApp } from '../../test/render.tsx'
import { DynamicForm, FORM_FILE_ACCEPT } from './dynamic-form.tsx'
import { onTheSpanishSite } from '../../test/language.ts'

let nextId = 1
function field(
  name: string,
  label: string,
  editInputType: EditInputType,
  more: Partial<FormFieldDef> & { options?: Record<string, string>; lookup?: boolean } = {},
): FormFieldDef {
  const { options, lookup, ...rest } = more
  const required = rest.required ?? false
  return {
    id: nextId++,
    name,
    field: name,
    label,
    value: null,
    required,
    isFile: editInputType === EditInputType.FileLoader || editInputType === EditInputType.ImageLoader,
    col1: false,
    col2: false,
    columnDef: {
      editInputType,
      field: name,
      required,
      headerName: label,
      floatingFilterComponentParams: options ?? null,
      fkController: lookup ? 'Cities' : null,
      fkLabel: lookup ? 'Name' : null,
      fkId: lookup ? 'Id' : null,
    },
    ...rest,
  }
}

/** An activity's sign-up: every input type the form draws, in two columns, with the legal checks. */
const signUp: FormDef = {
  legalChecks: true,
  fields: [
    field('full_name', 'Full name', EditInputType.Text, { required: true, col1: true }),
    field('email', 'Email', EditInputType.Email, { col1: true }),
    field('pin', 'Locker code', EditInputType.Password, { col1: true }),
    field('birth_date', 'Date of birth', EditInputType.Date, { col1: true }),
    field('city', 'City', EditInputType.Lookup, { required: true, col1: true, lookup: true }),
    field('level', 'Level', EditInputType.Picklist, {
      required: true,
      col2: true,
      options: { Beginner: 'beginner', Advanced: 'advanced' },
    }),
    field('own_racket', 'I bring my own racket', EditInputType.CheckBox, { col2: true }),
    field('notes', 'Medical notes', EditInputType.TextArea, { required: true, col2: true }),
    field('certificate', 'Medical certificate', EditInputType.FileLoader, { col2: true }),
    field('photo', 'Photo', EditInputType.ImageLoader, { col2: true }),
    // Not an input: never drawn.
    field('note', 'A label', EditInputType.Label, { col2: true }),
  ],
}
const registration: FormDef = {
  legalChecks: false,
  fields: [
    field('nickname', 'Court nickname', EditInputType.Text),
    field('hand', 'Preferred hand', EditInputType.Picklist, { options: { Right: 'right', Left: 'left' } }),
  ],
}
const cities = [
  { id: 4, name: 'Bilbao' },
  { id: 9, name: 'València' },
]

function serve(
  def: FormDef,
  save: (url: URL, init?: RequestInit) => Response = () =>
    contractResponse(dynamicFormRoutes.save, { ok: true, model: { id: 31 } }),
) {
  return fakeServer({
    '/api/dynamicforms/form-def/Activity/1': () =>
      contractResponse(dynamicFormRoutes.formDef, { ok: true, model: def }),
    '/api/publiccities/list': () =>
      contractResponse(dynamicFormRoutes.citiesList, { ok: true, rowData: cities }),
    '/api/dynamicforms/save': save,
  })
}

function show(onSaved = vi.fn()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  renderWithApp(<DynamicForm parentName="Activity" parentId={1} onSaved={onSaved} />, { queryClient })
  return { onSaved, queryClient }
}

/** What a screen reader reads after a control's name: the texts its aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

/**
 * Sends a form of one file field, `label`, with a file chosen, the server refusing it with
 * `refusal` (its message under the field): answers the file input once it shows the refusal, and
 * the language the save was asked in.
 */
async function sendRefusedFile(
  label: string,
  saveLabel: string,
  refusal: { status: number; code: string; errorMsg: string; field: string },
) {
  const user = userEvent.setup()
  let language: string | null = null
  serve(
    { legalChecks: false, fields: [field('certificate', label, EditInputType.FileLoader)] },
    (_url, init) => {
      language = new Headers(init?.headers).get('Accept-Language')
      return errorResponse(refusal.status, refusal.code, refusal.errorMsg, { certificate: refusal.field })
    },
  )
  show()
  const input = await screen.findByLabelText(label)
  await user.upload(input, new File(['%PDF-1.4'], 'apto.pdf', { type: 'application/pdf' }))
  await user.click(screen.getByRole('button', { name: saveLabel }))
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
  return { input, language }
}

/** The multipart parts the save sent, by name; files by their names. */
function sentParts(fetchMock: ReturnType<typeof fakeServer>) {
  const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/dynamicforms/save'))
  expect(call).toBeDefined()
  const body = call![1]?.body
  expect(body).toBeInstanceOf(FormData)
  return Object.fromEntries(
    [...(body as FormData).entries()].map(([key, value]) => [
      key,
      typeof value === 'string' ? value : `file:${value.name}`,
    ]),
  )
}

/** The parts gathered as the server gathers them, checked by the contract's schema. */
function asContractBody(parts: Record<string, string>) {
  const fields: Record<string, string>[] = []
  const body: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(parts)) {
    const m = /^fields\[(\d+)\]\.(\w+)$/.exec(key)
    if (m) {
      if (m[2] !== 'file') (fields[Number(m[1])] ??= {})[m[2]!] = value
    } else body[key] = value === 'true' ? true : value === 'false' ? false : value
  }
  return SaveFormBody.parse({ ...body, fields: fields.map((f) => ({ ...f, id: Number(f.id) })) })
}

describe('the dynamic form', () => {
  beforeEach(() => {
    nextId = 1
  })

  it('shows nothing while the definition loads, nor when it has no field', async () => {
    serve({ legalChecks: true, fields: [] })
    const { queryClient } = show()
    await waitFor(() =>
      expect(queryClient.getQueryState(['dynamic-forms', 'def', 'Activity', 1])?.status).toBe('success'),
    )
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('draws each of the ten input types, and no other', async () => {
    const fetchMock = serve(signUp)
    show()
    expect(await screen.findByRole('textbox', { name: /Full name/ })).toHaveProperty('type', 'text')
    expect(screen.getByLabelText('Email')).toHaveProperty('type', 'email')
    expect(screen.getByLabelText('Locker code')).toHaveProperty('type', 'password')
    expect(screen.getByLabelText('Date of birth')).toHaveProperty('type', 'date')
    expect(screen.getByRole('checkbox', { name: 'I bring my own racket' })).toHaveProperty('checked', false)
    expect(screen.getByRole('textbox', { name: /Medical notes/ }).tagName).toBe('TEXTAREA')
    for (const name of ['Medical certificate', 'Photo']) {
      const input = screen.getByLabelText(name) as HTMLInputElement
      expect(input.type).toBe('file')
      expect(input.accept).toBe(FORM_FILE_ACCEPT)
    }
    expect(FORM_FILE_ACCEPT).toBe('image/*,.pdf,.docx,.doc,.txt,.xlsx')
    const level = screen.getByRole('combobox', { name: /Level/ }) as HTMLSelectElement
    expect(level.value).toBe('-1')
    expect(
      within(level)
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).value]),
    ).toEqual([
      ['Level', '-1'],
      ['Beginner', 'beginner'],
      ['Advanced', 'advanced'],
    ])
    const city = screen.getByRole('combobox', { name: /City/ }) as HTMLSelectElement
    expect(city.value).toBe('-1')
    expect(await within(city).findByRole('option', { name: 'València' })).toHaveProperty('value', '9')
    expect(within(city).getAllByRole('option')[0]).toHaveProperty('textContent', 'City')
    const lookupUrl = new URL(
      String(fetchMock.mock.calls.find(([url]) => String(url).includes('/api/publiccities/list'))![0]),
      window.location.origin,
    )
    expect([lookupUrl.searchParams.get('startRow'), lookupUrl.searchParams.get('endRow')]).toEqual([
      '0',
      '50',
    ])
    expect(screen.queryByText('A label')).toBeNull()
    // The legal checks: the conditions, and publicity consent unticked (decision 051).
    expect(screen.getByRole('checkbox', { name: /I accept the legal conditions/ })).toHaveProperty(
      'checked',
      false,
    )
    expect(screen.getByRole('checkbox', { name: /advertising/ })).toHaveProperty('checked', false)
  })

  it('puts col1 fields in the left column and col2 fields in the right one', async () => {
    serve(signUp)
    show()
    await screen.findByRole('button', { name: 'Save' })
    const [left, right] = screen.getAllByTestId('form-column')
    expect(screen.getAllByTestId('form-column')).toHaveLength(2)
    expect(within(left!).getByLabelText('Date of birth')).toBeTruthy()
    expect(within(left!).queryByLabelText(/Level/)).toBeNull()
    expect(within(right!).getByLabelText(/Level/)).toBeTruthy()
    expect(within(right!).getByLabelText('Photo')).toBeTruthy()
  })

  it('puts every field in one column when none is marked for a column', async () => {
    serve(registration)
    show()
    await screen.findByRole('button', { name: 'Save' })
    const columns = screen.getAllByTestId('form-column')
    expect(columns).toHaveLength(1)
    expect(within(columns[0]!).getByLabelText('Court nickname')).toBeTruthy()
    expect(within(columns[0]!).getByLabelText('Preferred hand')).toBeTruthy()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('sends nothing and names what is missing: the conditions, required fields, required text areas', async () => {
    const user = userEvent.setup()
    const fetchMock = serve(signUp)
    const { onSaved } = show()
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    expect(description(screen.getByRole('checkbox', { name: /legal conditions/ }))).toContain(
      'Please accept our legal conditions',
    )
    expect(description(screen.getByRole('textbox', { name: /Full name/ }))).toBe('The field is required')
    expect(description(screen.getByRole('combobox', { name: /City/ }))).toBe('The field is required')
    expect(description(screen.getByRole('combobox', { name: /Level/ }))).toBe('The field is required')
    expect(description(screen.getByRole('textbox', { name: /Medical notes/ }))).toBe('Required')
    expect(description(screen.getByLabelText('Email'))).toBe('')
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/save'))).toBe(false)
    expect(onSaved).not.toHaveBeenCalled()
    // A field put right loses its message at once.
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ana')
    expect(description(screen.getByRole('textbox', { name: /Full name/ }))).toBe('')
  })

  it('shows the chosen file by name and clears it', async () => {
    const user = userEvent.setup()
    serve(signUp)
    show()
    const input = (await screen.findByLabelText('Medical certificate')) as HTMLInputElement
    await user.upload(input, new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' }))
    expect(description(input)).toBe('Chosen file: certificate.pdf')
    await user.click(screen.getByRole('button', { name: 'Clear the file certificate.pdf' }))
    expect(screen.queryByText(/certificate\.pdf/)).toBeNull()
    expect(input.value).toBe('')
  })

  it('takes several files in one field, names them all, sends a part each, and clears them together', async () => {
    const user = userEvent.setup()
    const fetchMock = serve(signUp)
    show()
    const input = (await screen.findByLabelText('Medical certificate')) as HTMLInputElement
    expect(input.multiple).toBe(true)
    await user.upload(input, [
      new File(['%PDF-1.4'], 'front.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.4'], 'back.pdf', { type: 'application/pdf' }),
    ])
    expect(description(input)).toBe('Chosen files: front.pdf, back.pdf')
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ana')
    await user.type(screen.getByLabelText('Email'), 'ana@example.com')
    await user.selectOptions(
      screen.getByRole('combobox', { name: /City/ }),
      await screen.findByRole('option', { name: 'València' }),
    )
    await user.selectOptions(screen.getByRole('combobox', { name: /Level/ }), 'advanced')
    await user.type(screen.getByRole('textbox', { name: /Medical notes/ }), 'None')
    await user.click(screen.getByRole('checkbox', { name: /legal conditions/ }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/dynamicforms/save'))).toBe(true),
    )
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/dynamicforms/save'))!
    const sent = (call[1]?.body as FormData).getAll('fields[8].file') as File[]
    expect(sent.map((file) => file.name)).toEqual(['front.pdf', 'back.pdf'])

    await user.click(screen.getByRole('button', { name: 'Clear the files front.pdf, back.pdf' }))
    expect(screen.queryByText(/front\.pdf/)).toBeNull()
    expect(input.value).toBe('')
  })

  it('sends the fields as multipart, with their ids, names, clean values and the file, then reports the save', async () => {
    const user = userEvent.setup()
    const fetchMock = serve(signUp)
    const { onSaved } = show()
    await user.click(await screen.findByRole('textbox', { name: /Full name/ }))
    await user.paste('Ana\u0007 López')
    await user.type(screen.getByLabelText('Email'), 'ana@example.com')
    await user.selectOptions(
      screen.getByRole('combobox', { name: /City/ }),
      await screen.findByRole('option', { name: 'València' }),
    )
    await user.selectOptions(screen.getByRole('combobox', { name: /Level/ }), 'advanced')
    await user.click(screen.getByRole('checkbox', { name: 'I bring my own racket' }))
    await user.type(screen.getByRole('textbox', { name: /Medical notes/ }), 'None')
    await user.upload(screen.getByLabelText('Medical certificate'), new File(['%PDF-1.4'], 'certificate.pdf'))
    await user.click(screen.getByRole('checkbox', { name: /legal conditions/ }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(
        expect.objectContaining({ id: 31 }),
        expect.objectContaining({ full_name: expect.any(String) }),
      ),
    )
    const parts = sentParts(fetchMock)
    expect(parts).toEqual({
      parentId: '1',
      parentName: 'Activity',
      okRss: 'false',
      acceptConditions: 'true',
      'fields[0].id': '1',
      'fields[0].name': 'full_name',
      'fields[0].value': 'Ana López',
      'fields[1].id': '2',
      'fields[1].name': 'email',
      'fields[1].value': 'ana@example.com',
      'fields[2].id': '3',
      'fields[2].name': 'pin',
      'fields[2].value': '',
      'fields[3].id': '4',
      'fields[3].name': 'birth_date',
      'fields[3].value': '',
      'fields[4].id': '5',
      'fields[4].name': 'city',
      'fields[4].value': '9',
      'fields[5].id': '6',
      'fields[5].name': 'level',
      'fields[5].value': 'advanced',
      'fields[6].id': '7',
      'fields[6].name': 'own_racket',
      'fields[6].value': 'true',
      'fields[7].id': '8',
      'fields[7].name': 'notes',
      'fields[7].value': 'None',
      'fields[8].id': '9',
      'fields[8].name': 'certificate',
      'fields[8].value': '',
      'fields[8].file': 'file:certificate.pdf',
      'fields[9].id': '10',
      'fields[9].name': 'photo',
      'fields[9].value': '',
    })
    expect(asContractBody(parts).fields).toHaveLength(10)
  })

  it('sends no legal parts for a form without legal checks', async () => {
    const user = userEvent.setup()
    const fetchMock = serve(registration)
    show()
    await user.type(await screen.findByLabelText('Court nickname'), 'Zurda')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/save'))).toBe(true),
    )
    const parts = sentParts(fetchMock)
    expect(Object.keys(parts).filter((key) => !key.startsWith('fields['))).toEqual(['parentId', 'parentName'])
    expect(parts['fields[1].value']).toBe('-1')
  })

  it('names the stored customer, sending the token with the save', async () => {
    const user = userEvent.setup()
    saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    const fetchMock = serve(registration)
    show()
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/save'))).toBe(true),
    )
    expect(sentParts(fetchMock).customerId).toBe('7')
    const init = fetchMock.mock.calls.find(([url]) => String(url).includes('/save'))![1]
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${'c'.repeat(64)}`)
  })

  it("shows the server's message and its field messages under their fields", async () => {
    const user = userEvent.setup()
    serve(registration, () =>
      errorResponse(422, 'invalid_form', 'Check the <b>form</b>', { nickname: 'The field is required' }),
    )
    const { onSaved } = show()
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    // The error area shows HTML: its emphasis is kept.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Check the form'))
    expect(screen.getByRole('alert').querySelector('b')?.textContent).toBe('form')
    expect(description(screen.getByLabelText('Court nickname'))).toBe('The field is required')
    expect(onSaved).not.toHaveBeenCalled()
    // Changing the field takes the server's message on it away.
    await user.type(screen.getByLabelText('Court nickname'), 'Z')
    expect(description(screen.getByLabelText('Court nickname'))).toBe('')
  })

  it("shows the server's refusal of a file under its file field", async () => {
    const errorMsg = 'Your files would take more than the 50 MB of space each customer has.'
    const { input } = await sendRefusedFile('Medical certificate', 'Save', {
      status: 422,
      code: 'file_quota',
      errorMsg,
      field: 'There is no space left for this file.',
    })
    expect(description(input)).toContain('There is no space left for this file.')
    expect(screen.getByRole('alert').textContent).toBe(errorMsg)
  })

  it('keeps no markup of the server message that could run, load or lead away', async () => {
    const user = userEvent.setup()
    serve(registration, () =>
      errorResponse(
        422,
        'invalid_form',
        'Full<img src="x" onerror="window.hacked = 1"><script>window.hacked = 2</script> <a href="https://evil.example/">here</a><br><i onclick="x()">now</i>',
      ),
    )
    show()
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    const alert = screen.getByRole('alert')
    await waitFor(() => expect(alert.textContent).toBe('Full herenow'))
    expect(alert.querySelector('img, script, a')).toBeNull()
    expect(alert.querySelector('br')).not.toBeNull()
    expect(alert.querySelector('i')?.getAttribute('onclick')).toBeNull()
    expect((window as { hacked?: number }).hacked).toBeUndefined()
  })

  it('shows the errorMsg of an answer that is not ok, and "Crash" wording when the save gives no result', async () => {
    const user = userEvent.setup()
    let answer: { ok: boolean; errorMsg?: string; model: { id: number } | null } = {
      ok: false,
      errorMsg: 'The activity is full',
      model: null,
    }
    serve(registration, () => contractResponse(dynamicFormRoutes.save, answer))
    const { onSaved } = show()
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The activity is full')).toBeTruthy()
    answer = { ok: true, model: null }
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText('Oops! Technical problems. Please try again in a few minutes.'),
    ).toBeTruthy()
    expect(screen.queryByText('The activity is full')).toBeNull()
    expect(onSaved).not.toHaveBeenCalled()
  })

  describe('on the Spanish site', () => {
    onTheSpanishSite()

    it('speaks Spanish', async () => {
      const user = userEvent.setup()
      serve(signUp)
      show()
      await user.click(await screen.findByRole('button', { name: 'Guardar' }))
      expect(description(screen.getByRole('textbox', { name: /Full name/ }))).toBe('El campo es obligatorio')
      expect(description(screen.getByRole('textbox', { name: /Medical notes/ }))).toBe('Obligatorio')
      await user.upload(screen.getByLabelText('Photo'), new File(['x'], 'foto.png', { type: 'image/png' }))
      expect(screen.getByRole('button', { name: 'Quita el archivo foto.png' })).toBeTruthy()
    })

    it("shows the server's refusal of a file under its file field, in Spanish", async () => {
      const { input, language } = await sendRefusedFile('Certificado médico', 'Guardar', {
        status: 415,
        code: 'file_type',
        errorMsg: 'Solo se aceptan imágenes y archivos PDF, Word, Excel y de texto.',
        field: 'Este tipo de archivo no se acepta.',
      })
      expect(description(input)).toContain('Este tipo de archivo no se acepta.')
      expect(language).toBe('es-ES')
    })
  })
})
