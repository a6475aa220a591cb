import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EMPTY_HOME, fakeServer } from '../../test/fake-server.ts'
import { renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'

describe('the payment result', { timeout: 30_000 }, () => {
  it('names the order the checkout made, from the address, on a fresh load', async () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />, { route: '/cz/ok?order=W-2026-01008' })
    expect(
      await screen.findByRole('heading', { name: 'The payment has been processed successfully' }),
    ).toBeTruthy()
    expect(screen.getByText('Order W-2026-01008')).toBeTruthy()
  })

  it('shows nothing of an order parameter that is not an order number', async () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />, { route: '/cz/ok?order=%3Cb%3EFree%3C%2Fb%3E' })
    await screen.findByRole('heading', { name: 'The payment has been processed successfully' })
    expect(screen.queryByText(/^Order/)).toBeNull()
    expect(screen.queryByText(/Free/)).toBeNull()
  })

  it('names no order when the payment failed', async () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />, { route: '/cz/ko?order=W-2026-01008' })
    await screen.findByRole('heading', { name: /the payment has not been completed/i })
    expect(screen.queryByText('Order W-2026-01008')).toBeNull()
  })
})
