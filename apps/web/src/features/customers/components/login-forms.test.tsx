import { lazy, Suspense, type ComponentType } from 'react'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Route, Routes, useLocation } from 'react-router'
import { getLoginPrompt, openLogin } from '../../../lib/login-prompt.ts'
import { initI18n } from '../../../lib/i18n/index.ts'
import { getCustomerId, getToken, readEntry, setLanguage, StorageKey } from '../../../lib/storage.ts'
import { fakeServer } from '../../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../../test/render.tsx'
import { getRegistrationEntry, REGISTRATION_ENTRY_KEY } from '../registration-entry.ts'
import { carryEmail } from './carried-email.ts'
import { LoginDialog } from './login-dialog.tsx'

/** The server's answer to "send me the link". */
const linkSent = {
  ok: true,
  model: { sentAt: '2026-11-23T10:00:00.000Z', resendAfter: '2026-11-23T10:10:00.000Z', alreadySent: false },
}

/** The answer when a link went to this address a few minutes ago: no new mail (10:32 and 10:42 in Madrid). */
const linkAlreadySent = {
  ok: true,
  model: { sentAt: '2026-11-23T09:32:00.000Z', resendAfter: '2026-11-23T09:42:00.000Z', alreadySent: true },
}

const TOKEN = 'a'.repeat(64)
const EXPIRY = '2099-01-01T00:00:00.000Z'

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname}</p>
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>
const refusal = (status: number, body: Record<string, unknown>) =>
  jsonResponse({ ok: false, ...body }, { status })

function openDialog(mode: 'login' | 'register' | 'reset' = 'login', backUrl: string | null = null) {
  act(() => openLogin({ mode, backUrl }))
  return screen.getByRole('dialog')
}

beforeEach(() => {
  carryEmail('')
})

describe('the login form', () => {
  it('says Required on empty fields and sends nothing', async () => {
    const fetchMock = fakeServer()
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog()

    await user.click(screen.getByRole('button', { name: 'Login' }))

    const email = screen.getByLabelText(/^Email/)
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Required',
    )
    expect(screen.getAllByText('Required')).toHaveLength(2)
    expect(document.activeElement).toBe(email)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('asks for the email instead of a phone, naming how to contact the centre', async () => {
    const fetchMock = fakeServer()
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog()

    await user.type(screen.getByLabelText(/^Email/), '963001234')
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    const email = screen.getByLabelText(/^Email/)
    const message = document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent
    expect(message).toContain('For security reasons your user name is now your email address')
    expect(message).toContain('the phone number can no longer be used')
    expect(message).toContain('+34 963 00 12 34 · hola@clubmistral.es')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('stores the session with the server expiry, closes and goes back to the page that asked', async () => {
    let finish: (response: Response) => void = () => {}
    const fetchMock = fakeServer({
      '/api/publiccustomers/cauth': () => new Promise<Response>((resolve) => (finish = resolve)),
    })
    const user = userEvent.setup()
    renderWithApp(
      <>
        <LoginDialog />
        <Where />
      </>,
    )
    openDialog('login', '/customer-orders')

    await user.type(screen.getByLabelText(/^Email/), ' laura@example.com ')
    await user.type(screen.getByLabelText(/^Password/), 'Mistral-Demo-2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe('Sending…')
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull()
    finish(jsonResponse({ ok: true, model: { id: 7, token: TOKEN, expiry: EXPIRY } }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(getToken()).toBe(TOKEN)
    expect(getCustomerId()).toBe(7)
    expect(readEntry(StorageKey.token)?.expiresAt).toBe(Date.parse(EXPIRY))
    expect(readEntry(StorageKey.customer)?.expiresAt).toBe(Date.parse(EXPIRY))
    expect(screen.getByTestId('where').textContent).toBe('/customer-orders')
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({
      email: 'laura@example.com',
      password: 'Mistral-Demo-2026',
    })
  })

  it('keeps the popup open over the old page until the page that asked has loaded its code', async () => {
    fakeServer({
      '/api/publiccustomers/cauth': () =>
        jsonResponse({ ok: true, model: { id: 7, token: TOKEN, expiry: EXPIRY } }),
    })
    // The page's code arrives when the test says so, as a lazily loaded chunk on a slow network.
    const chunk = { asked: false, load: () => {} }
    const OrdersPage = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          chunk.asked = true
          chunk.load = () => resolve({ default: () => <h1>Your orders</h1> })
        }),
    )
    const user = userEvent.setup()
    renderWithApp(
      <>
        <LoginDialog />
        <Suspense fallback={<p>Loading the page</p>}>
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/customer-orders" element={<OrdersPage />} />
          </Routes>
        </Suspense>
      </>,
    )
    openDialog('login', '/customer-orders')

    await user.type(screen.getByLabelText(/^Email/), 'laura@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'Mistral-Demo-2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(chunk.asked).toBe(true))

    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('status').textContent).toBe('Sending…')
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy()
    expect(getToken()).toBe(TOKEN)

    chunk.load()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('heading', { name: 'Your orders' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Home' })).toBeNull()
  })

  it('says "Invalid Email or Password" for a refused login and keeps what was typed', async () => {
    fakeServer({
      '/api/publiccustomers/cauth': () =>
        refusal(401, { code: 'invalid_credentials', errorMsg: 'Invalid Email or Password' }),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog()

    await user.type(screen.getByLabelText(/^Email/), 'laura@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid Email or Password')
    expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'laura@example.com')
    expect(getToken()).toBeUndefined()
    expect(getLoginPrompt().open).toBe(true)
  })

  it("shows another refusal's server message as it comes, and the spec's words when none came", async () => {
    let answer = refusal(423, { code: 'account_locked', errorMsg: 'This account is locked.' })
    fakeServer({ '/api/publiccustomers/cauth': () => answer })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog()

    await user.type(screen.getByLabelText(/^Email/), 'laura@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'whatever')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This account is locked.')

    answer = new Response('<html>Bad gateway</html>', {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
    })
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid Email or Password'))
  })

  it('switches to reset mode, email kept and message shown, when the refusal carries the redirect flag', async () => {
    fakeServer({
      '/api/publiccustomers/cauth': () =>
        refusal(401, {
          code: 'password_reset_required',
          errorMsg: 'Please choose a new password.',
          redirect: true,
        }),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog()

    await user.type(screen.getByLabelText(/^Email/), 'laura@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'old-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    const dialog = await screen.findByRole('dialog', { name: 'Reset password' })
    expect(within(dialog).getByLabelText(/^Email/)).toHaveProperty('value', 'laura@example.com')
    expect(within(dialog).getByText('Please choose a new password.')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeTruthy()
  })

  it('offers to resend the activation mail to an account not activated yet', async () => {
    const fetchMock = fakeServer({
      '/api/publiccustomers/cauth': () =>
        refusal(403, { code: 'not_activated', errorMsg: 'This account is not activated yet.' }),
      '/api/publiccustomers/resend-activation': () => jsonResponse(linkSent),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog()

    await user.type(screen.getByLabelText(/^Email/), 'new@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'Brand-New-2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account is not activated yet. Please follow the link in the email we sent you.',
    )
    await user.click(screen.getByRole('button', { name: 'Resend activation email' }))

    expect(
      await screen.findByText('We have sent you a new activation email. Please check your inbox.'),
    ).toBeTruthy()
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/resend-activation'))
    expect(bodyOf(call?.[1])).toEqual({ email: 'new@example.com' })
    // A 403 here is about the account, not a refused token: the dialog stays open.
    expect(getLoginPrompt().open).toBe(true)
  })

  it('says when the activation link went, and from when to ask again, when one went minutes ago', async () => {
    fakeServer({
      '/api/publiccustomers/cauth': () =>
        refusal(403, { code: 'not_activated', errorMsg: 'This account is not activated yet.' }),
      '/api/publiccustomers/resend-activation': () => jsonResponse(linkAlreadySent),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />, { settings: { timeZone: 'Europe/Madrid' } })
    openDialog()

    await user.type(screen.getByLabelText(/^Email/), 'new@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'Brand-New-2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await user.click(await screen.findByRole('button', { name: 'Resend activation email' }))

    expect((await screen.findByRole('status')).textContent).toBe(
      'We already sent a link to this address at 10:32. Check your inbox and spam folder; you can ask for another one from 10:42.',
    )
    expect(screen.queryByText(/We have sent you a new activation email/)).toBeNull()
  })

  it('fills in the email of a registration made in the last five minutes', () => {
    window.localStorage.setItem(
      REGISTRATION_ENTRY_KEY,
      JSON.stringify({ v: { id: 31, email: 'new@example.com' }, e: Date.now() + 60_000 }),
    )
    renderWithApp(<LoginDialog />)
    openDialog()

    expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'new@example.com')
  })
})

describe('the reset mode', () => {
  it('sends the email, then becomes "Close" with the check-your-inbox message', async () => {
    const fetchMock = fakeServer({
      '/api/publiccustomers/reset-password-request-cz': () => jsonResponse(linkSent),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('reset')

    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByText('Required')).toBeTruthy()
    await user.type(screen.getByLabelText(/^Email/), 'nobody-knows-me@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect(
      await screen.findByText(
        'If an account exists for this email, we have sent it a link to choose a new password. Please check your inbox.',
      ),
    ).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({ email: 'nobody-knows-me@example.com' })

    const form = screen.getByRole('form', { name: 'Reset password' })
    expect(within(form).queryByRole('button', { name: 'Send' })).toBeNull()
    await user.click(within(form).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("says when the link went, in the centre's time zone, when one went to this address minutes ago", async () => {
    fakeServer({
      '/api/publiccustomers/reset-password-request-cz': () => jsonResponse(linkAlreadySent),
    })
    const user = userEvent.setup()
    // The centre is in the Canary Islands: an hour behind Madrid.
    renderWithApp(<LoginDialog />, { settings: { timeZone: 'Atlantic/Canary' } })
    openDialog('reset')

    await user.type(screen.getByLabelText(/^Email/), 'laura@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account exists for this email, we already sent it a link at 09:32. Check your inbox and spam folder; you can ask for another one from 09:42.',
    )
    expect(screen.queryByText(/we have sent it a link/)).toBeNull()
    const form = screen.getByRole('form', { name: 'Reset password' })
    expect(within(form).getByRole('button', { name: 'Close' })).toBeTruthy()
  })

  it('shows the technical problems message when no answer or a failure comes', async () => {
    fakeServer({
      '/api/publiccustomers/reset-password-request-cz': () => Promise.reject(new TypeError('offline')),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('reset')

    await user.type(screen.getByLabelText(/^Email/), 'laura@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Oops! Technical problems. Please try again.')
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy()
  })
})

describe('the register mode', () => {
  it('marks the fields required, leaves both boxes unticked and asks to accept the legal conditions', async () => {
    const fetchMock = fakeServer()
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('register')

    for (const label of ['Name', 'Surname', 'Email', 'Phone', 'Password']) {
      const input = screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement
      expect(input.required, label).toBe(true)
    }
    expect(screen.getByLabelText(/^Name/).getAttribute('autocomplete')).toBe('given-name')
    expect(screen.getByLabelText(/^Surname/).getAttribute('autocomplete')).toBe('family-name')
    expect(screen.getByLabelText(/^Phone/).getAttribute('autocomplete')).toBe('tel')
    expect(screen.getByLabelText(/^Password/).getAttribute('autocomplete')).toBe('new-password')
    // Consent to publicity is asked, not assumed (decision 051).
    expect(screen.getByRole('checkbox', { name: /advertising or promotional/ })).toHaveProperty(
      'checked',
      false,
    )
    const conditions = screen.getByRole('checkbox', { name: /accept the legal conditions/ })
    expect(conditions).toHaveProperty('checked', false)

    await user.type(screen.getByLabelText(/^Name/), 'Ana')
    await user.type(screen.getByLabelText(/^Surname/), 'López')
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com')
    await user.type(screen.getByLabelText(/^Phone/), '600111222')
    await user.type(screen.getByLabelText(/^Password/), 'Padel-Ana-2026')
    await user.click(screen.getByRole('button', { name: 'Register' }))

    expect(screen.getByText('Please accept our legal conditions')).toBeTruthy()
    expect(conditions.getAttribute('aria-describedby')).toContain(
      screen.getByText('Please accept our legal conditions').id,
    )
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says Required on each empty field', async () => {
    fakeServer()
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('register')

    await user.click(screen.getByRole('checkbox', { name: /accept the legal conditions/ }))
    await user.click(screen.getByRole('button', { name: 'Register' }))

    expect(screen.getAllByText('Required')).toHaveLength(5)
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/))
  })

  it('sends the registration, asks to check the inbox and keeps the new id for five minutes', async () => {
    const fetchMock = fakeServer({
      '/api/publiccustomers/register': () => jsonResponse({ ok: true, model: { id: 31 } }),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('register')

    await user.type(screen.getByLabelText(/^Name/), 'Ana\u0007')
    await user.type(screen.getByLabelText(/^Surname/), 'López')
    await user.type(screen.getByLabelText(/^Email/), 'Ana@Example.com')
    await user.type(screen.getByLabelText(/^Phone/), '600111222')
    await user.type(screen.getByLabelText(/^Password/), 'Padel-Ana-2026')
    await user.click(screen.getByRole('checkbox', { name: /accept the legal conditions/ }))
    await user.click(screen.getByRole('button', { name: 'Register' }))

    expect(
      await screen.findByText(
        'Thanks for registering! Please check your inbox and follow the link in our email to activate your account. If this address already had an account, our email tells you how to log in instead.',
      ),
    ).toBeTruthy()
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({
      name: 'Ana',
      surname: 'López',
      email: 'Ana@Example.com',
      phone: '600111222',
      password: 'Padel-Ana-2026',
      okRss: false,
      acceptConditions: true,
    })
    expect(getRegistrationEntry()).toEqual({ id: 31, email: 'ana@example.com' })
    const expiresAt = readEntry(REGISTRATION_ENTRY_KEY)?.expiresAt ?? 0
    expect(expiresAt - Date.now()).toBeGreaterThan(4.9 * 60_000)
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60_000)
    // Not a login: no token, no customer id for customer-scoped calls.
    expect(getToken()).toBeUndefined()
    expect(getCustomerId()).toBe(0)
  })

  it('sends the consent to publicity only when the box was ticked', async () => {
    const fetchMock = fakeServer({
      '/api/publiccustomers/register': () => jsonResponse({ ok: true, model: { id: 32 } }),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('register')

    await user.type(screen.getByLabelText(/^Name/), 'Eva')
    await user.type(screen.getByLabelText(/^Surname/), 'Soler')
    await user.type(screen.getByLabelText(/^Email/), 'eva@example.com')
    await user.type(screen.getByLabelText(/^Phone/), '600333444')
    await user.type(screen.getByLabelText(/^Password/), 'Padel-Eva-2026')
    await user.click(screen.getByRole('checkbox', { name: /advertising or promotional/ }))
    await user.click(screen.getByRole('checkbox', { name: /accept the legal conditions/ }))
    await user.click(screen.getByRole('button', { name: 'Register' }))

    await screen.findByText(/Thanks for registering!/)
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toMatchObject({ okRss: true, acceptConditions: true })
  })

  it('answers an address that has an account as any other: check the inbox, which says how to log in', async () => {
    fakeServer({
      // The server answers every address alike (decision 076).
      '/api/publiccustomers/register': () => jsonResponse({ ok: true, model: { id: 0 } }),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('register')

    await user.type(screen.getByLabelText(/^Name/), 'Ana')
    await user.type(screen.getByLabelText(/^Surname/), 'López')
    await user.type(screen.getByLabelText(/^Email/), 'laura@example.com')
    await user.type(screen.getByLabelText(/^Phone/), '600111222')
    await user.type(screen.getByLabelText(/^Password/), 'Padel-Ana-2026')
    await user.click(screen.getByRole('checkbox', { name: /accept the legal conditions/ }))
    await user.click(screen.getByRole('button', { name: 'Register' }))

    expect((await screen.findByRole('status')).textContent).toBe(
      'Thanks for registering! Please check your inbox and follow the link in our email to activate your account. If this address already had an account, our email tells you how to log in instead.',
    )
    expect(screen.queryByRole('alert')).toBeNull()
    // The login that follows starts with the address typed.
    expect(getRegistrationEntry()).toEqual({ id: 0, email: 'laura@example.com' })
  })

  it('opens the general conditions in a popup over the form', async () => {
    fakeServer({
      '/api/czconfigs/legal-settings': () =>
        jsonResponse({
          ok: true,
          data: {
            generalConditions: '<p>Conditions of use of the centre.</p>',
            wayver: '',
            privacyPolicyFull: '',
            cookiesPolicy: '',
          },
        }),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('register')

    await user.click(screen.getByRole('button', { name: 'general conditions' }))

    expect(await screen.findByText('Conditions of use of the centre.')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'General conditions' })).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Register' })).toBeTruthy()
  })
})

describe('the forms on the Spanish site', () => {
  beforeEach(() => {
    setLanguage('es-ES')
    initI18n('es-ES')
  })
  afterEach(() => {
    initI18n('en-US')
  })

  it("shows the server's field messages next to their fields, in Spanish as the request asked", async () => {
    let language: string | null = null
    fakeServer({
      '/api/publiccustomers/register': (_url, init) => {
        language = new Headers(init?.headers).get('Accept-Language')
        // As the server answers a Spanish request: messages and field errors in Spanish.
        return refusal(400, {
          code: 'validation',
          errorMsg: 'Correo electrónico: Introduce un correo electrónico válido',
          errors: {
            email: 'Introduce un correo electrónico válido',
            password: 'Esta contraseña es demasiado común. Elige otra.',
          },
        })
      },
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('register')

    await user.type(screen.getByLabelText(/^Nombre/), 'Ana')
    await user.type(screen.getByLabelText(/^Apellidos/), 'López')
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@')
    await user.type(screen.getByLabelText(/^Teléfono/), '600111222')
    await user.type(screen.getByLabelText(/^Contraseña/), 'password')
    await user.click(screen.getByRole('checkbox', { name: /acepto las condiciones legales/ }))
    await user.click(screen.getByRole('button', { name: 'Registrarse' }))

    const email = screen.getByLabelText(/^Correo electrónico/)
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    expect(language).toBe('es-ES')
    const messageOf = (field: HTMLElement) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .filter(Boolean)
    expect(messageOf(email)).toContain('Introduce un correo electrónico válido')
    const password = screen.getByLabelText(/^Contraseña/)
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(messageOf(password)).toContain('Esta contraseña es demasiado común. Elige otra.')
    expect(screen.getByRole('alert').textContent).toBe('Introduce un correo electrónico válido')
    expect(document.activeElement).toBe(email)
  })

  it('says in Spanish when the link went and from when to ask again, on a reset and a resend', async () => {
    fakeServer({
      '/api/publiccustomers/reset-password-request-cz': () => jsonResponse(linkAlreadySent),
      '/api/publiccustomers/cauth': () =>
        refusal(403, { code: 'not_activated', errorMsg: 'Esta cuenta aún no está activada.' }),
      '/api/publiccustomers/resend-activation': () => jsonResponse(linkAlreadySent),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />, { settings: { timeZone: 'Europe/Madrid' } })
    openDialog('reset')

    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      'Si existe una cuenta con este correo, ya te enviamos un enlace a las 10:32. Revisa tu bandeja de entrada y la carpeta de spam; puedes pedir otro a partir de las 10:42.',
    )

    openDialog('login')
    await user.type(screen.getByLabelText(/^Contraseña/), 'Brand-New-2026')
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
    await user.click(await screen.findByRole('button', { name: 'Reenviar el correo de activación' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      'Ya te enviamos un enlace a esta dirección a las 10:32. Revisa tu bandeja de entrada y la carpeta de spam; puedes pedir otro a partir de las 10:42.',
    )
  })

  it('says which rate limit was reached on a reset request, as the server words it in Spanish', async () => {
    fakeServer({
      '/api/publiccustomers/reset-password-request-cz': () =>
        refusal(429, {
          code: 'rate_limited',
          errorMsg: 'Demasiados intentos con este correo. Espera un minuto y vuelve a intentarlo.',
        }),
    })
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    openDialog('reset')

    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))

    expect(
      await screen.findByText('Demasiados intentos con este correo. Espera un minuto y vuelve a intentarlo.'),
    ).toBeTruthy()
  })
})
