import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Customer } from '@clubhouse/contract'
import { getCarriedEmail } from '../../features/customers/components/carried-email.ts'
import { getLoginPrompt } from '../../lib/login-prompt.ts'
import { saveSession } from '../../lib/storage.ts'
import { customerOf, fakeServer } from '../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { onTheSpanishSite } from '../../test/language.ts'

const TOKEN = 'e'.repeat(64)
const CONFIRM = '/api/publiccustomers/confirm-email'
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>
const refusal = (status: number, body: Record<string, unknown>) =>
  jsonResponse({ ok: false, ...body }, { status })

const laura: Customer = {
  id: 7,
  name: 'Laura',
  surname: 'Martín García',
  email: 'demo@clubmistral.es',
  phone: '+34 600 111 222',
  gender: 1,
  birthDate: null,
  addressLine1: '',
  postalCode: '',
  city: '',
  town: '',
  country: '',
  accountHolderName: '',
  iban: '',
  dni: '',
  acceptConditions: true,
  okRss: false,
  customFields: [],
  customFieldValues: [],
  pendingEmail: 'laura.martin@example.com',
}

function openLink(queryClient?: QueryClient) {
  renderWithApp(<AppRoutes />, { route: `/customer/confirm-email/${TOKEN}`, queryClient })
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('the email confirmation page', () => {
  it('sends the token once at once, names the new login email and offers to log in with it', async () => {
    const fetchMock = fakeServer({
      [CONFIRM]: () => jsonResponse({ ok: true, model: { email: 'laura.martin@example.com' } }),
    })
    const user = userEvent.setup()
    openLink()

    expect(await screen.findByRole('heading', { name: 'Your email has changed' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe(
      'Your email is now laura.martin@example.com. Use it to log in.',
    )
    const calls = fetchMock.mock.calls.filter(([url]) => String(url) === CONFIRM)
    expect(calls).toHaveLength(1)
    expect(bodyOf(calls[0]?.[1])).toEqual({ token: TOKEN })
    expect(document.title).toMatch(/^Confirm your new email · /)

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }))
    expect(getLoginPrompt()).toMatchObject({ open: true, mode: 'login', backUrl: '/account' })
    expect(getCarriedEmail()).toBe('laura.martin@example.com')
  })

  it('shows the new email in My account afterwards, not the profile read before it', async () => {
    saveSession('a'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    // As the app's own client: a profile read less than a minute ago is not read again.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
    })
    queryClient.setQueryData(['account', 'customer', 7], laura)
    const confirmed = { ...laura, email: 'laura.martin@example.com', pendingEmail: null }
    fakeServer({
      ...customerOf(7),
      [CONFIRM]: () => jsonResponse({ ok: true, model: { email: 'laura.martin@example.com' } }),
      '/api/publiccustomers/7': () => jsonResponse({ ok: true, data: confirmed }),
    })
    const user = userEvent.setup()
    openLink(queryClient)

    await screen.findByRole('heading', { name: 'Your email has changed' })
    await user.click(screen.getByRole('link', { name: 'Go to My account' }))

    const personal = await screen.findByRole('form', { name: 'Personal Data' })
    await waitFor(() =>
      expect(within(personal).getByLabelText(/^Email/)).toHaveProperty('value', 'laura.martin@example.com'),
    )
    expect(screen.queryByText(/is waiting for confirmation/)).toBeNull()
  }, 15_000)

  it('says the link expired or was used, and how to try again', async () => {
    fakeServer({
      [CONFIRM]: () =>
        refusal(400, {
          code: 'invalid_token',
          errorMsg: 'This link is not valid or has expired. Ask for a new one.',
        }),
    })
    openLink()

    expect(await screen.findByRole('heading', { name: 'We could not change your email.' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('This link has expired or has already been used.')
    expect(
      screen.getByText('To try again, change your email in My account and open the new link we send you.'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to My account' }).getAttribute('href')).toBe('/account')
  })

  it('says another account took the email in the meantime', async () => {
    fakeServer({
      [CONFIRM]: () =>
        refusal(409, {
          code: 'email_taken',
          errorMsg: 'This email is used by another account.',
          errors: { email: 'This email is used by another account.' },
        }),
    })
    openLink()

    expect(await screen.findByRole('heading', { name: 'We could not change your email.' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe(
      'Another account has started using this email since you asked for the change. Choose another one in My account.',
    )
    expect(screen.queryByText(/has expired/)).toBeNull()
  })

  it('shows the technical problems message when no answer comes', async () => {
    fakeServer({ [CONFIRM]: () => Promise.reject(new TypeError('offline')) })
    openLink()

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Oops! Technical problems. Please try again in a few minutes.',
    )
  })

  describe('on the Spanish site', () => {
    onTheSpanishSite()

    it('says so in Spanish', async () => {
      fakeServer({
        [CONFIRM]: () => jsonResponse({ ok: true, model: { email: 'laura.martin@example.com' } }),
      })
      openLink()

      expect(await screen.findByRole('heading', { name: 'Tu correo ha cambiado' })).toBeTruthy()
      expect(screen.getByRole('status').textContent).toBe(
        'Tu correo es ahora laura.martin@example.com. Úsalo para iniciar sesión.',
      )
    })
  })
})
