import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Customer } from '@clubhouse/contract'
import { getLoginPrompt } from '../../lib/login-prompt.ts'
import { getToken, saveSession } from '../../lib/storage.ts'
import { fakeServer } from '../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { onTheSpanishSite } from '../../test/language.ts'

const laura: Customer = {
  id: 7,
  name: 'Laura',
  surname: 'Martín García',
  email: 'demo@clubmistral.es',
  phone: '+34 600 111 222',
  gender: 1,
  birthDate: '1990-04-12',
  addressLine1: 'Carrer de la Mar, 3',
  postalCode: '46011',
  city: 'València',
  town: 'València',
  country: 'España',
  accountHolderName: 'Laura Martín García',
  iban: 'ES9121000418450200051332',
  dni: '12345678Z',
  acceptConditions: true,
  okRss: true,
  customFields: [
    {
      customFieldId: 1,
      name: 'level',
      label: 'Padel level',
      fieldType: 2,
      value: 'Intermediate',
      pickListValues: 'Beginner,Intermediate,Advanced',
    },
    {
      customFieldId: 2,
      name: 'hand',
      label: 'Left-handed',
      fieldType: 1,
      value: 'false',
      pickListValues: '',
    },
    { customFieldId: 3, name: 'club', label: 'Previous club', fieldType: 0, value: '', pickListValues: '' },
  ],
  customFieldValues: [],
  pendingEmail: null,
}

function login() {
  saveSession('a'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
}

beforeEach(() => {
  login()
})

/** The fake server of these tests: a customer without saved cards unless the test says otherwise. */
const accountServer = (routes: Parameters<typeof fakeServer>[0]) =>
  fakeServer({
    '/api/publicpaymentmethods/token-list/7': () => jsonResponse({ ok: true, data: [] }),
    ...routes,
  })

async function openAccount() {
  renderWithApp(<AppRoutes />, { route: '/account' })
  return await screen.findByRole('tab', { name: 'Personal Data' }, { timeout: 5000 })
}

/**
 * Saves the personal data with a name pasted on two lines (a line separator, which a text input
 * keeps), the server refusing it with `message` on the name: answers the Name field and the names
 * of the languages the saves asked for.
 */
async function saveNameOnTwoLines(message: string, buttonName: string) {
  const languages: Array<string | null> = []
  const names: unknown[] = []
  accountServer({
    '/api/publiccustomers/7': (_url, init) => {
      if (init?.method !== 'PUT') return jsonResponse({ ok: true, data: laura })
      languages.push(new Headers(init.headers).get('Accept-Language'))
      names.push(JSON.parse(String(init.body)).name)
      return jsonResponse(
        { ok: false, code: 'validation', errorMsg: message, errors: { name: message } },
        { status: 400 },
      )
    },
  })
  const user = userEvent.setup()
  renderWithApp(<AppRoutes />, { route: '/account' })
  const name = await screen.findByRole('textbox', { name: /^(Name|Nombre)/ }, { timeout: 5000 })
  await user.clear(name)
  await user.click(name)
  await user.paste('Laura\u2028María')
  await user.click(screen.getAllByRole('button', { name: buttonName })[0]!)
  await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
  expect(names).toEqual(['Laura\u2028María'])
  return { name, languages }
}

const messagesOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)

describe('the account page', () => {
  // The first test of the file loads the page's code: allow for a busy machine.
  it('shows the profile in four tabs that follow the arrow keys', async () => {
    accountServer({ '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }) })
    const user = userEvent.setup()
    const first = await openAccount()

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Personal Data',
      'Address',
      'Payment Info',
      'Credit Cards',
    ])
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Laura')
    expect((screen.getByLabelText('Gender') as HTMLSelectElement).value).toBe('1')
    expect((screen.getByLabelText('Padel level') as HTMLSelectElement).value).toBe('Intermediate')
    expect((screen.getByRole('checkbox', { name: 'Left-handed' }) as HTMLInputElement).checked).toBe(false)
    expect(screen.getByRole('textbox', { name: 'Previous club' })).toBeTruthy()

    await user.click(first)
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Address' }).getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Address' }))
    expect((screen.getByLabelText('Postal code') as HTMLInputElement).value).toBe('46011')
    await user.keyboard('{ArrowRight}')
    // The IBAN reads in groups of four.
    expect((screen.getByLabelText('IBAN') as HTMLInputElement).value).toBe('ES91 2100 0418 4502 0005 1332')
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Credit Cards' }).getAttribute('aria-selected')).toBe('true')
  }, 15_000)

  it("says 'Field required' on each empty required field and sends nothing", async () => {
    const fetchMock = accountServer({
      '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }),
    })
    const user = userEvent.setup()
    await openAccount()

    await user.clear(screen.getByLabelText(/^Name/))
    await user.clear(screen.getByLabelText(/^Phone/))
    await user.click(screen.getAllByRole('button', { name: 'Save changes' })[0]!)

    expect(screen.getByRole('alert').textContent).toBe('Field required')
    const name = screen.getByLabelText(/^Name/)
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Field required',
    )
    expect(screen.getByLabelText(/^Phone/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText(/^Surname/).getAttribute('aria-invalid')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(name))
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([])
  })

  it('opens the tab of the first field in error and focuses it, whichever tab was sent', async () => {
    const fetchMock = accountServer({
      '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }),
    })
    const user = userEvent.setup()
    await openAccount()

    await user.clear(screen.getByLabelText(/^Surname/))
    await user.click(screen.getByRole('tab', { name: 'Address' }))
    await user.clear(screen.getByLabelText('City'))
    await user.type(screen.getByLabelText('City'), 'Alboraia')
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Save changes' }))

    expect(screen.getByRole('tab', { name: 'Personal Data' }).getAttribute('aria-selected')).toBe('true')
    const surname = screen.getByRole('textbox', { name: 'Surname', description: 'Field required' })
    expect(document.activeElement).toBe(surname)
    await user.click(screen.getByRole('tab', { name: 'Address' }))
    // The message stays under the button that was pressed; nothing typed is lost.
    expect(within(screen.getByRole('tabpanel')).getByRole('alert').textContent).toBe('Field required')
    expect(screen.getByLabelText('City')).toHaveProperty('value', 'Alboraia')
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([])
  })

  it('refuses an IBAN with a wrong checksum on the Payment Info tab', async () => {
    const fetchMock = accountServer({
      '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }),
    })
    const user = userEvent.setup()
    await openAccount()

    await user.click(screen.getByRole('tab', { name: 'Payment Info' }))
    const iban = screen.getByLabelText('IBAN')
    await user.clear(iban)
    await user.type(iban, 'ES91 2100 0418 4502 0005 1333')
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Save changes' }))

    expect(screen.getByRole('alert').textContent).toBe('This IBAN is not valid: check the digits')
    expect(iban.getAttribute('aria-invalid')).toBe('true')
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([])
  })

  it('saves the whole profile with the custom field values and confirms it', async () => {
    let saved: Record<string, unknown> | undefined
    const fetchMock = accountServer({
      '/api/publiccustomers/7': (_url, init) => {
        if (init?.method === 'PUT') {
          saved = JSON.parse(String(init.body)) as Record<string, unknown>
          return jsonResponse({ ok: true, data: { ...laura, phone: saved.phone as string } })
        }
        return jsonResponse({ ok: true, data: laura })
      },
    })
    const user = userEvent.setup()
    await openAccount()

    const phone = screen.getByLabelText(/^Phone/)
    await user.clear(phone)
    await user.type(phone, '+34 611 222 333')
    await user.selectOptions(screen.getByLabelText('Padel level'), 'Advanced')
    await user.click(screen.getByRole('checkbox', { name: 'Left-handed' }))
    await user.click(screen.getAllByRole('button', { name: 'Save changes' })[0]!)

    expect((await screen.findByText('Data modified!')).getAttribute('role')).toBe('status')
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!
    expect(String(put[0])).toBe('/api/publiccustomers/7')
    expect(saved).toMatchObject({
      id: 7,
      name: 'Laura',
      phone: '+34 611 222 333',
      gender: 1,
      birthDate: '1990-04-12',
      iban: 'ES9121000418450200051332',
      okRss: true,
      customFieldValues: [
        { customFieldId: 1, value: 'Advanced' },
        { customFieldId: 2, value: 'true' },
        { customFieldId: 3, value: '' },
      ],
    })
  })

  it("shows the server's errorMsg as it comes", async () => {
    accountServer({
      '/api/publiccustomers/7': (_url, init) =>
        init?.method === 'PUT'
          ? jsonResponse(
              { ok: false, code: 'email_taken', errorMsg: 'Another account already uses this email.' },
              { status: 409 },
            )
          : jsonResponse({ ok: true, data: laura }),
    })
    const user = userEvent.setup()
    await openAccount()

    await user.click(screen.getAllByRole('button', { name: 'Save changes' })[0]!)
    expect((await screen.findByRole('alert')).textContent).toBe('Another account already uses this email.')
  })

  it("shows the server's refusal of a name on two lines under the name", async () => {
    const message = 'Write this on one line, without line breaks.'
    const { name } = await saveNameOnTwoLines(message, 'Save changes')
    expect(messagesOf(name)).toContain(message)
    expect(document.activeElement).toBe(name)
  })

  describe('changing the login email', () => {
    const putsOf = (fetchMock: ReturnType<typeof fakeServer>) =>
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')
    const personal = () => screen.getByRole('form', { name: 'Personal Data' })
    const currentPassword = () => within(personal()).queryByLabelText(/^Current password/)

    it('asks for the current password only while the email typed differs from the login email', async () => {
      const fetchMock = accountServer({
        '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }),
      })
      const user = userEvent.setup()
      await openAccount()
      const email = within(personal()).getByLabelText(/^Email/)

      expect(currentPassword()).toBeNull()
      await user.clear(email)
      await user.type(email, 'laura.martin@example.com')
      const password = currentPassword()!
      expect(password.getAttribute('type')).toBe('password')
      expect(password).toHaveProperty('required', true)
      expect(password.getAttribute('autocomplete')).toBe('current-password')

      await user.click(within(personal()).getByRole('button', { name: 'Save changes' }))
      expect(password.getAttribute('aria-invalid')).toBe('true')
      expect(document.activeElement).toBe(password)
      expect(within(personal()).getByRole('alert').textContent).toBe('Field required')
      expect(putsOf(fetchMock)).toEqual([])

      // The same address in capitals is the same login email.
      await user.clear(email)
      await user.type(email, ' Demo@ClubMistral.es')
      expect(currentPassword()).toBeNull()
    })

    it("sends it with the new email and shows the server's refusal under it", async () => {
      const fetchMock = accountServer({
        '/api/publiccustomers/7': (_url, init) =>
          init?.method === 'PUT'
            ? jsonResponse(
                {
                  ok: false,
                  code: 'wrong_password',
                  errorMsg: 'Wrong password',
                  errors: { currentPassword: 'Wrong password' },
                },
                { status: 422 },
              )
            : jsonResponse({ ok: true, data: laura }),
      })
      const user = userEvent.setup()
      await openAccount()
      const email = within(personal()).getByLabelText(/^Email/)
      await user.clear(email)
      await user.type(email, 'laura.martin@example.com')
      await user.type(currentPassword()!, 'not-my-password')
      await user.click(within(personal()).getByRole('button', { name: 'Save changes' }))

      const password = screen.getByLabelText(/^Current password/, { selector: 'input' })
      await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
      expect(within(personal()).getByRole('textbox', { name: /^Email/ })).toHaveProperty(
        'value',
        'laura.martin@example.com',
      )
      const described = (password.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
      expect(described).toContain('Wrong password')
      expect(document.activeElement).toBe(password)
      expect(JSON.parse(String(putsOf(fetchMock)[0]?.[1]?.body))).toMatchObject({
        email: 'laura.martin@example.com',
        currentPassword: 'not-my-password',
      })
    })

    it('sends no password when the email stays, even after one was typed', async () => {
      const fetchMock = accountServer({
        '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }),
      })
      const user = userEvent.setup()
      await openAccount()
      const email = within(personal()).getByLabelText(/^Email/)
      await user.type(email, 'x')
      await user.type(currentPassword()!, 'Mistral-Demo-2026')
      await user.type(email, '{Backspace}')
      await user.click(within(personal()).getByRole('button', { name: 'Save changes' }))

      expect(await screen.findByText('Data modified!')).toBeTruthy()
      expect(JSON.parse(String(putsOf(fetchMock)[0]?.[1]?.body))).not.toHaveProperty('currentPassword')
    })

    it('says where the link went once saved, and keeps saying which email waits on every visit', async () => {
      let profile: Customer = laura
      accountServer({
        '/api/publiccustomers/7': (_url, init) => {
          if (init?.method === 'PUT') profile = { ...laura, pendingEmail: 'laura.martin@example.com' }
          return jsonResponse({ ok: true, data: profile })
        },
      })
      const user = userEvent.setup()
      const { unmount } = renderWithApp(<AppRoutes />, { route: '/account' })
      await screen.findByRole('tab', { name: 'Personal Data' }, { timeout: 5000 })
      expect(screen.queryByText(/waiting for confirmation/)).toBeNull()

      const email = within(personal()).getByLabelText(/^Email/)
      await user.clear(email)
      await user.type(email, 'Laura.Martin@example.com')
      await user.type(currentPassword()!, 'Mistral-Demo-2026')
      await user.click(within(personal()).getByRole('button', { name: 'Save changes' }))

      expect((await screen.findByRole('status')).textContent).toBe(
        'Data modified! We sent a link to laura.martin@example.com. Your login email changes when you open it.',
      )
      // The login email stays until the link is followed, and no password is asked for it.
      expect(email).toHaveProperty('value', 'demo@clubmistral.es')
      expect(currentPassword()).toBeNull()
      const pending =
        'Your new email laura.martin@example.com is waiting for confirmation: open the link we sent to it. Until then, you log in with demo@clubmistral.es.'
      expect(within(personal()).getByText(pending)).toBeTruthy()

      unmount()
      renderWithApp(<AppRoutes />, { route: '/account' })
      expect(await screen.findByText(pending, {}, { timeout: 5000 })).toBeTruthy()
    })
  })

  describe('on the Spanish site', () => {
    onTheSpanishSite()

    it('asks for the current password and names the email waiting for confirmation, in Spanish', async () => {
      accountServer({
        '/api/publiccustomers/7': () =>
          jsonResponse({ ok: true, data: { ...laura, pendingEmail: 'laura.martin@example.com' } }),
      })
      const user = userEvent.setup()
      renderWithApp(<AppRoutes />, { route: '/account' })
      await screen.findByRole('tab', { name: 'Datos personales' }, { timeout: 5000 })

      expect(
        screen.getByText(
          'Tu nuevo correo laura.martin@example.com está pendiente de confirmar: abre el enlace que te enviamos. Hasta entonces, inicias sesión con demo@clubmistral.es.',
        ),
      ).toBeTruthy()
      const email = within(screen.getByRole('tabpanel')).getByLabelText(/^Correo electrónico/)
      await user.type(email, 'x')
      expect(screen.getByLabelText(/^Contraseña actual/, { selector: 'input' })).toBeTruthy()
    })

    it("shows the server's refusal of a name on two lines under the name, in Spanish", async () => {
      const message = 'Escríbelo en una sola línea, sin saltos de línea.'
      const { name, languages } = await saveNameOnTwoLines(message, 'Guardar cambios')
      expect(messagesOf(name)).toContain(message)
      expect(languages).toEqual(['es-ES'])
    })

    it("puts the server's field messages, in Spanish, next to their fields", async () => {
      const languages: Array<string | null> = []
      let answer = (): Response =>
        jsonResponse(
          {
            ok: false,
            code: 'validation',
            errorMsg: 'Elige una de estas opciones: Beginner, Intermediate, Advanced.',
            errors: {
              'customFieldValues.0.value': 'Elige una de estas opciones: Beginner, Intermediate, Advanced.',
            },
          },
          { status: 400 },
        )
      accountServer({
        '/api/publiccustomers/7': (_url, init) => {
          if (init?.method !== 'PUT') return jsonResponse({ ok: true, data: laura })
          languages.push(new Headers(init.headers).get('Accept-Language'))
          return answer()
        },
      })
      const user = userEvent.setup()
      renderWithApp(<AppRoutes />, { route: '/account' })
      await screen.findByRole('tab', { name: 'Datos personales' }, { timeout: 5000 })
      const messageOf = (field: HTMLElement) =>
        (field.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .filter(Boolean)

      await user.click(screen.getAllByRole('button', { name: 'Guardar cambios' })[0]!)
      const level = screen.getByLabelText('Padel level')
      await waitFor(() => expect(level.getAttribute('aria-invalid')).toBe('true'))
      expect(messageOf(level)).toContain('Elige una de estas opciones: Beginner, Intermediate, Advanced.')
      expect(screen.getByRole('alert').textContent).toBe(
        'Elige una de estas opciones: Beginner, Intermediate, Advanced.',
      )

      answer = () =>
        jsonResponse(
          {
            ok: false,
            code: 'email_taken',
            errorMsg: 'Este correo ya lo usa otra cuenta.',
            errors: { email: 'Este correo ya lo usa otra cuenta.' },
          },
          { status: 409 },
        )
      await user.click(screen.getAllByRole('button', { name: 'Guardar cambios' })[0]!)
      const email = within(screen.getByRole('tabpanel')).getByLabelText(/^Correo electrónico/)
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
      expect(messageOf(email)).toContain('Este correo ya lo usa otra cuenta.')
      expect(screen.getByRole('alert').textContent).toBe('Este correo ya lo usa otra cuenta.')
      expect(languages).toEqual(['es-ES', 'es-ES'])
    })
  })

  it('logs out and opens the login when the server refuses the token', async () => {
    accountServer({
      '/api/publiccustomers/7': () =>
        jsonResponse(
          { ok: false, code: 'forbidden', errorMsg: 'This is not your account.' },
          { status: 403 },
        ),
    })
    renderWithApp(<AppRoutes />, { route: '/account' })

    await waitFor(() => expect(getLoginPrompt()).toMatchObject({ open: true, mode: 'login' }))
    expect(getToken()).toBeUndefined()
  })
})

describe('the credit cards tab', () => {
  const cards = [
    { id: 31, cardNumber: '•••• 4242', brand: 'Visa', expiry: '12/28' },
    { id: 32, cardNumber: '•••• 4444', brand: 'Mastercard', expiry: '03/27' },
  ]

  it('deletes a card after asking, and reads the list again', async () => {
    let list = cards
    const fetchMock = accountServer({
      '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }),
      '/api/publicpaymentmethods/token-list/7': () => jsonResponse({ ok: true, data: list }),
      '/api/publicpaymentmethods/7/31': (_url, init) => {
        expect(init?.method).toBe('DELETE')
        list = cards.slice(1)
        return jsonResponse({ ok: true })
      },
    })
    const user = userEvent.setup()
    await openAccount()
    await user.click(screen.getByRole('tab', { name: 'Credit Cards' }))
    const panel = screen.getByRole('tabpanel')

    expect(await within(panel).findByText('Visa •••• 4242')).toBeTruthy()
    expect(within(panel).getByText('Expires 03/27')).toBeTruthy()
    await user.click(within(panel).getByRole('button', { name: 'Delete •••• 4242' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this card?' })
    expect(
      within(dialog).getByText('The card •••• 4242 will no longer be offered when you pay.'),
    ).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }))

    await waitFor(() => expect(within(panel).queryByText('Visa •••• 4242')).toBeNull())
    expect(within(panel).getByText('Mastercard •••• 4444')).toBeTruthy()
    expect(within(panel).getByRole('status').textContent).toBe('The card •••• 4242 has been deleted.')
    // The card's button went with it: focus is on what the delete came to.
    expect(document.activeElement).toBe(within(panel).getByRole('status'))
    const listCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('token-list'))
    expect(listCalls.length).toBe(2)
  })

  it('keeps the card when the dialog is cancelled', async () => {
    const fetchMock = accountServer({
      '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }),
      '/api/publicpaymentmethods/token-list/7': () => jsonResponse({ ok: true, data: cards }),
    })
    const user = userEvent.setup()
    await openAccount()
    await user.click(screen.getByRole('tab', { name: 'Credit Cards' }))
    await user.click(await screen.findByRole('button', { name: 'Delete •••• 4444' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)
  })

  it("shows the server's errorMsg, or the Crash message when no answer comes", async () => {
    let answer: 'error' | 'none' = 'error'
    accountServer({
      '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }),
      '/api/publicpaymentmethods/token-list/7': () => jsonResponse({ ok: true, data: cards }),
      '/api/publicpaymentmethods/7/31': () =>
        answer === 'error'
          ? jsonResponse(
              { ok: false, code: 'card_in_use', errorMsg: 'This card pays a monthly fee.' },
              { status: 409 },
            )
          : Promise.reject(new TypeError('Failed to fetch')),
    })
    const user = userEvent.setup()
    await openAccount()
    await user.click(screen.getByRole('tab', { name: 'Credit Cards' }))
    const panel = screen.getByRole('tabpanel')

    await user.click(await within(panel).findByRole('button', { name: 'Delete •••• 4242' }))
    await user.click(screen.getByRole('button', { name: 'Delete card' }))
    expect((await within(panel).findByRole('alert')).textContent).toBe('This card pays a monthly fee.')

    answer = 'none'
    await user.click(within(panel).getByRole('button', { name: 'Delete •••• 4242' }))
    await user.click(screen.getByRole('button', { name: 'Delete card' }))
    await waitFor(() =>
      expect(within(panel).getByRole('alert').textContent).toBe(
        'Oops! Technical problems. Please try again in a few minutes.',
      ),
    )
    expect(within(panel).getByText('Visa •••• 4242')).toBeTruthy()
  })

  it('says so when there are no saved cards', async () => {
    accountServer({
      '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: laura }),
      '/api/publicpaymentmethods/token-list/7': () => jsonResponse({ ok: true, data: [] }),
    })
    const user = userEvent.setup()
    await openAccount()
    await user.click(screen.getByRole('tab', { name: 'Credit Cards' }))
    expect(await screen.findByText('You have no saved cards.')).toBeTruthy()
  })
})
