import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Routes, useLocation } from 'react-router'
import { paths } from '../../config/paths.ts'
import { getLoginPrompt } from '../../lib/login-prompt.ts'
import { getToken, saveCart, saveSession, StorageKey } from '../../lib/storage.ts'
import { fakeServer } from '../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { ActivatePage } from './activate-page.tsx'
import { ChangePasswordPage } from './change-password-page.tsx'
import { PasswordChangedPage } from './password-changed-page.tsx'
import { ResetPasswordPage } from './reset-password-page.tsx'

const TOKEN = 'f'.repeat(64)
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>
const refusal = (status: number, body: Record<string, unknown>) =>
  jsonResponse({ ok: false, ...body }, { status })

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

function renderAt(route: string) {
  return renderWithApp(
    <>
      <Routes>
        <Route path={paths.activate.pattern} element={<ActivatePage />} />
        <Route path={paths.resetPassword.pattern} element={<ResetPasswordPage />} />
        <Route path={paths.passwordChanged} element={<PasswordChangedPage />} />
        <Route path={paths.changePassword} element={<ChangePasswordPage />} />
      </Routes>
      <Where />
    </>,
    { route },
  )
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('the activation page', () => {
  it('sends the token once at once, says the registration is complete, then opens the login for /', async () => {
    const fetchMock = fakeServer({ '/api/publiccustomers/activate': () => jsonResponse({ ok: true }) })
    renderAt(`/customer/activate/${TOKEN}`)

    expect(await screen.findByRole('heading', { name: 'Your registration has been completed!' })).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({ token: TOKEN })
    expect(getLoginPrompt().open).toBe(false)

    await waitFor(() => expect(getLoginPrompt().open).toBe(true), { timeout: 2000 })
    expect(getLoginPrompt()).toMatchObject({ mode: 'login', backUrl: '/' })
  })

  it('says why when the link is refused (expired or used)', async () => {
    fakeServer({
      '/api/publiccustomers/activate': () =>
        refusal(400, { code: 'invalid_token', errorMsg: 'This link is not valid or has expired.' }),
    })
    renderAt(`/customer/activate/${TOKEN}`)

    expect(await screen.findByRole('heading', { name: 'We could not activate your account.' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('This link has expired or has already been used.')
    expect(screen.getByText('Log in to receive a new activation email.')).toBeTruthy()
  })

  it('says the account is already active on a second click of the link, and offers to log in', async () => {
    fakeServer({
      '/api/publiccustomers/activate': () =>
        refusal(409, {
          code: 'already_active',
          errorMsg: 'Your account is already active. Log in with your email and password.',
        }),
    })
    const user = userEvent.setup()
    renderAt(`/customer/activate/${TOKEN}`)

    expect(await screen.findByRole('heading', { name: 'Your account is already active' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe(
      'This link has been used before. Log in with your email and password.',
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/could not activate/)).toBeNull()
    expect(getLoginPrompt().open).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(getLoginPrompt()).toMatchObject({ open: true, mode: 'login', backUrl: '/' })
  })

  it('shows the technical problems message when no answer comes', async () => {
    fakeServer({ '/api/publiccustomers/activate': () => Promise.reject(new TypeError('offline')) })
    renderAt(`/customer/activate/${TOKEN}`)

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Oops! Technical problems. Please try again in a few minutes.',
    )
  })
})

describe('the password reset page', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, first: string, second: string) {
    const newPassword = screen.getByLabelText(/^New Password/)
    const repeat = screen.getByLabelText(/^Repeat Password/)
    await user.clear(newPassword)
    await user.clear(repeat)
    if (first) await user.type(newPassword, first)
    if (second) await user.type(repeat, second)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
  }
  const messageOf = (label: RegExp) =>
    document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent

  it('sends nothing while a field is empty, short or the two differ', async () => {
    const fetchMock = fakeServer()
    const user = userEvent.setup()
    renderAt(`/customer/reset-password/${TOKEN}`)

    await fill(user, '', '')
    expect(messageOf(/^New Password/)).toBe('Required')
    expect(messageOf(/^Repeat Password/)).toBe('Required')

    await fill(user, 'abcd', 'abcdefgh')
    expect(messageOf(/^New Password/)).toBe('Minimum length is 5')
    expect(messageOf(/^Repeat Password/)).toBeUndefined()

    await fill(user, 'Padel-2026', 'Padel-2027')
    expect(messageOf(/^New Password/)).toBe('Password does not match')
    expect(messageOf(/^Repeat Password/)).toBe('Password does not match')

    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows and hides each password', async () => {
    fakeServer()
    const user = userEvent.setup()
    renderAt(`/customer/reset-password/${TOKEN}`)

    const toggles = screen.getAllByRole('button', { name: 'Show password' })
    expect(toggles).toHaveLength(2)
    await user.click(toggles[0] as HTMLElement)
    expect(screen.getByLabelText(/^New Password/).getAttribute('type')).toBe('text')
    expect(screen.getByLabelText(/^Repeat Password/).getAttribute('type')).toBe('password')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(screen.getByLabelText(/^New Password/).getAttribute('type')).toBe('password')
  })

  it('sets the new password with the token and goes to /passReset/ok', async () => {
    const fetchMock = fakeServer({
      '/api/publiccustomers/reset-password-cz': () => jsonResponse({ ok: true }),
      '/api/products/popular-products': () => jsonResponse({ ok: true, data: [] }),
    })
    const user = userEvent.setup()
    renderAt(`/customer/reset-password/${TOKEN}`)

    await fill(user, 'Padel-2026', 'Padel-2026')

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/passReset/ok'))
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({ token: TOKEN, plainPassword: 'Padel-2026' })
    expect(screen.getByRole('heading', { name: 'Password changed successfully' })).toBeTruthy()
  })

  it('says the link expired or was used, and offers a new one', async () => {
    fakeServer({
      '/api/publiccustomers/reset-password-cz': () =>
        refusal(400, {
          code: 'invalid_token',
          errorMsg: 'This link is not valid or has expired. Ask for a new one.',
        }),
    })
    const user = userEvent.setup()
    renderAt(`/customer/reset-password/${TOKEN}`)

    await fill(user, 'Padel-2026', 'Padel-2026')

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or has already been used.',
    )
    await user.click(screen.getByRole('button', { name: 'Request a new link' }))
    expect(getLoginPrompt()).toMatchObject({ open: true, mode: 'reset' })
  })

  it('puts a refused password (too common) on its field', async () => {
    fakeServer({
      '/api/publiccustomers/reset-password-cz': () =>
        refusal(400, {
          code: 'validation',
          errorMsg: 'This password is too common. Choose another one.',
          errors: { plainPassword: 'This password is too common. Choose another one.' },
        }),
    })
    const user = userEvent.setup()
    renderAt(`/customer/reset-password/${TOKEN}`)

    await fill(user, 'password', 'password')

    await waitFor(() =>
      expect(messageOf(/^New Password/)).toBe('This password is too common. Choose another one.'),
    )
    expect(screen.getByTestId('where').textContent).toBe(`/customer/reset-password/${TOKEN}`)
  })
})

describe('the password changed page', () => {
  it('empties the cart, scrolls to the top after half a second and offers to log in', async () => {
    fakeServer({ '/api/products/popular-products': () => jsonResponse({ ok: true, data: [] }) })
    saveCart({ sItems: [{ id: 1, units: 2 }], sales: [] })
    const user = userEvent.setup()
    renderAt('/passReset/ok')

    expect(screen.getByRole('heading', { name: 'Password changed successfully' })).toBeTruthy()
    expect(window.localStorage.getItem(StorageKey.cart)).toBeNull()
    expect(window.scrollTo).not.toHaveBeenCalled()
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0))

    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(getLoginPrompt()).toMatchObject({ open: true, mode: 'login', backUrl: '/' })
  })
})

describe('the change password page', () => {
  beforeEach(() => saveSession('b'.repeat(64), { id: 7 }, Date.now() + 3_600_000))

  it("sits among the account's pages, with their links and its own marked as the current one", async () => {
    fakeServer()
    renderAt('/changePass')
    expect(screen.getByRole('heading', { level: 1, name: 'Change Password' })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Your account' })
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])
    expect(links).toEqual([
      ['Account', '/account', null],
      ['Change Password', '/changePass', 'page'],
      ['Pending Sales', '/debts', null],
      ['Your Orders', '/customer-orders', null],
      ['Your Bookings', '/customer-bookings', null],
      ['Your Vouchers', '/customer-vouchers', null],
      ['Your Communications', '/customer-comms', null],
    ])
  })

  it('says Required and Minimum length is 5, and sends nothing', async () => {
    const fetchMock = fakeServer()
    const user = userEvent.setup()
    renderAt('/changePass')

    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(screen.getAllByText('Required')).toHaveLength(2)
    await user.type(screen.getByLabelText(/^New password/), 'abc')
    expect(screen.getByText('Minimum length is 5')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says Wrong password for a wrong current password, and Data modified! on success', async () => {
    let answer = refusal(422, {
      code: 'wrong_password',
      errorMsg: 'Wrong password',
      errors: { plainOldPass: 'Wrong password' },
    })
    const fetchMock = fakeServer({ '/api/publiccustomers/reset-password-by-old-json': () => answer })
    const user = userEvent.setup()
    renderAt('/changePass')

    await user.type(screen.getByLabelText(/^Current password/), 'not-my-password')
    await user.type(screen.getByLabelText(/^New password/), 'Padel-2027')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Wrong password')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText(/^Current password/))

    answer = jsonResponse({ ok: true })
    await user.clear(screen.getByLabelText(/^Current password/))
    await user.type(screen.getByLabelText(/^Current password/), 'Mistral-Demo-2026')
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    expect((await screen.findByRole('status')).textContent).toBe('Data modified!')
    expect(bodyOf(fetchMock.mock.calls[1]?.[1])).toEqual({
      customerId: 7,
      plainOldPass: 'Mistral-Demo-2026',
      plainNewPass: 'Padel-2027',
    })
    expect(screen.getByLabelText(/^Current password/)).toHaveProperty('value', '')
  })

  it('logs out and opens the login dialog when the server refuses the token', async () => {
    fakeServer({
      '/api/publiccustomers/reset-password-by-old-json': () =>
        refusal(401, { code: 'unauthorized', errorMsg: 'Please login or register' }),
    })
    const user = userEvent.setup()
    renderAt('/changePass')

    await user.type(screen.getByLabelText(/^Current password/), 'Mistral-Demo-2026')
    await user.type(screen.getByLabelText(/^New password/), 'Padel-2027')
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    await waitFor(() => expect(getLoginPrompt().open).toBe(true))
    expect(getToken()).toBeUndefined()
    expect(window.localStorage.getItem(StorageKey.customer)).toBeNull()
    expect(getLoginPrompt().backUrl).toBe(window.location.pathname)
  })
})
