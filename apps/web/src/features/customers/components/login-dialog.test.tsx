import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { getLoginPrompt, openLogin } from '../../../lib/login-prompt.ts'
import { renderWithApp } from '../../../test/render.tsx'
import { LoginDialog } from './login-dialog.tsx'

describe('the login dialog', () => {
  it('opens in the mode asked for and switches between login, register and reset', async () => {
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />, { settings: { registerOn: true } })
    act(() => openLogin({ mode: 'register', backUrl: '/customer-bookings' }))

    expect(screen.getByRole('dialog', { name: 'Register' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Already have an account? Login' }))
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    expect(screen.getByRole('dialog', { name: 'Reset password' })).toBeTruthy()
    // A fresh panel per mode: focus lands on its first field, not lost with the pressed switch.
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/))
    expect(getLoginPrompt().backUrl).toBe('/customer-bookings')
  })

  it('offers no registration when the centre has it switched off', () => {
    renderWithApp(<LoginDialog />, { settings: { registerOn: false } })
    act(() => openLogin({ mode: 'register' }))

    expect(screen.getByRole('dialog', { name: 'Login' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Create an account/ })).toBeNull()
  })

  it('closes on Escape', async () => {
    const user = userEvent.setup()
    renderWithApp(<LoginDialog />)
    act(() => openLogin())

    await user.keyboard('{Escape}')

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(getLoginPrompt().open).toBe(false)
  })
})
