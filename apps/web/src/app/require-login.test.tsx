import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { getLoginPrompt } from '../lib/login-prompt.ts'
import { saveSession } from '../lib/storage.ts'
import { customerOf, EMPTY_HOME, EMPTY_LEGAL_SETTINGS, fakeServer } from '../test/fake-server.ts'
import { renderWithApp } from '../test/render.tsx'
import { AppRoutes } from './router.tsx'

beforeEach(() => {
  fakeServer({ ...EMPTY_HOME, ...EMPTY_LEGAL_SETTINGS, ...customerOf(9) })
})

describe('the login guard', () => {
  it('opens the login for a protected page opened from outside and lands on the home page', async () => {
    renderWithApp(<AppRoutes />, { route: '/customer-orders/12?tab=items' })

    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy()
    expect(getLoginPrompt().backUrl).toBe('/customer-orders/12?tab=items')
    expect(await screen.findByRole('heading', { level: 1, name: 'Club Mistral' })).toBeTruthy()
  })

  it('keeps the visitor on the page they were on when they follow a link to a protected page', async () => {
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />, { route: '/cookies' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookie policy' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Account' }))
    await user.click(screen.getByRole('link', { name: 'Your Bookings' }))

    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy()
    expect(getLoginPrompt().backUrl).toBe('/customer-bookings')
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookie policy' })).toBeTruthy()
  })

  it('lets a logged-in customer through', async () => {
    saveSession('token', { id: 9 }, Date.now() + 60_000)
    renderWithApp(<AppRoutes />, { route: '/account' })

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My account' }, { timeout: 5000 }),
    ).toBeTruthy()
    expect(getLoginPrompt().open).toBe(false)
  })
})
