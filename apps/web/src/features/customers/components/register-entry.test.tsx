import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { dynamicFormRoutes, EditInputType, type FormDef, type FormFieldDef } from '@clubhouse/contract'
import { openLogin } from '../../../lib/login-prompt.ts'
import { getRegistrationEntry } from '../registration-entry.ts'
import { contractResponse, errorResponse, fakeServer } from '../../../test/fake-server.ts'
import { renderWithApp } from '../../../test/render.tsx'
import { LoginDialog } from './login-dialog.tsx'

let nextId = 1
const field = (name: string, label: string, type: EditInputType, more: Partial<FormFieldDef> = {}) => {
  const required = more.required ?? true
  return {
    id: nextId++,
    name,
    field: name,
    label,
    value: null,
    required,
    isFile: false,
    col1: false,
    col2: false,
    columnDef: {
      editInputType: type,
      field: name,
      required,
      headerName: label,
      floatingFilterComponentParams: null,
      fkController: null,
      fkLabel: null,
      fkId: null,
    },
    ...more,
  } satisfies FormFieldDef
}

/** The centre's registration form: what an account needs, and a question of its own. */
const registerForm: FormDef = {
  legalChecks: true,
  fields: [
    field('name', 'Name', EditInputType.Text),
    field('surname', 'Surname', EditInputType.Text),
    field('email', 'Email', EditInputType.Email),
    field('phone', 'Phone', EditInputType.Text),
    field('password', 'Password', EditInputType.Password),
    field('nickname', 'Court nickname', EditInputType.Text, { required: false }),
  ],
}

function serve(
  def: FormDef,
  save = () => contractResponse(dynamicFormRoutes.save, { ok: true, model: { id: 0, customerId: null } }),
) {
  return fakeServer({
    '/api/dynamicforms/form-def/CustomRegisterForm/1': () =>
      contractResponse(dynamicFormRoutes.formDef, { ok: true, model: def }),
    '/api/dynamicforms/save': save,
  })
}

function openRegister(customRegisterForm: boolean) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  renderWithApp(<LoginDialog />, { settings: { customRegisterForm }, queryClient })
  act(() => openLogin({ mode: 'register', backUrl: null }))
  return screen.getByRole('dialog')
}

describe('registration through the centre’s form', () => {
  it('opens the account through the form when the settings say so, then asks to check the inbox', async () => {
    const fetchMock = serve(registerForm)
    const user = userEvent.setup()
    const dialog = openRegister(true)
    await user.type(await within(dialog).findByLabelText(/^Name/), 'Nora')
    await user.type(within(dialog).getByLabelText(/^Surname/), 'Gil')
    await user.type(within(dialog).getByLabelText(/^Email/), 'nora@example.com')
    await user.type(within(dialog).getByLabelText(/^Phone/), '600000000')
    await user.type(within(dialog).getByLabelText(/^Password/), 'Court-Side-42')
    await user.type(within(dialog).getByLabelText(/Court nickname/), 'Zurda')
    await user.click(within(dialog).getByRole('checkbox', { name: /legal conditions/i }))
    await user.click(within(dialog).getByRole('button', { name: 'Register' }))

    expect(await within(dialog).findByRole('status')).toHaveProperty(
      'textContent',
      expect.stringMatching(/activat/i),
    )
    const save = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/dynamicforms/save'))
    const parts = Object.fromEntries([...(save![1]!.body as FormData).entries()])
    expect(parts).toMatchObject({ parentName: 'CustomRegisterForm', parentId: '1', acceptConditions: 'true' })
    expect(Object.values(parts)).toContain('nora@example.com')

    expect(getRegistrationEntry()).toEqual({ id: 0, email: 'nora@example.com' })
    // The login that follows starts with the address just registered.
    await user.click(within(dialog).getByRole('button', { name: /Already have an account/ }))
    expect((within(screen.getByRole('dialog')).getByLabelText(/^Email/) as HTMLInputElement).value).toBe(
      'nora@example.com',
    )
  })

  it('shows the server’s word on a taken email, on its field, and stays', async () => {
    serve(registerForm, () =>
      errorResponse(409, 'email_taken', 'This email is already registered. Log in, or reset your password.', {
        email: 'This email is already registered.',
      }),
    )
    const user = userEvent.setup()
    const dialog = openRegister(true)
    for (const [label, value] of [
      [/^Name/, 'Nora'],
      [/^Surname/, 'Gil'],
      [/^Email/, 'taken@example.com'],
      [/^Phone/, '600000000'],
      [/^Password/, 'Court-Side-42'],
    ] as const) {
      await user.type(await within(dialog).findByLabelText(label), value)
    }
    await user.click(within(dialog).getByRole('checkbox', { name: /legal conditions/i }))
    await user.click(within(dialog).getByRole('button', { name: 'Register' }))
    await waitFor(() =>
      expect(
        within(dialog)
          .getByLabelText(/^Email/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    )
    expect(within(dialog).getByText(/already registered\. Log in/)).toBeTruthy()
    expect(within(dialog).queryByText(/activat/i)).toBeNull()
  })

  it('keeps the fixed form when the settings do not ask for the centre’s form', async () => {
    const fetchMock = serve(registerForm)
    const dialog = openRegister(false)
    expect(within(dialog).getByLabelText(/^Surname/)).toBeTruthy()
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('form-def'))).toBe(false)
  })

  it('keeps the fixed form when the centre’s form has nothing to fill in', async () => {
    serve({ legalChecks: true, fields: [field('note', 'A label', EditInputType.Label)] })
    const dialog = openRegister(true)
    expect(await within(dialog).findByLabelText(/^Surname/)).toBeTruthy()
    expect(within(dialog).queryByText('A label')).toBeNull()
  })
})
