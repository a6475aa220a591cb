import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLocation } from 'react-router'
import { checkoutRoutes } from '@clubhouse/contract'
import { getCart } from '../../features/cart/cart-store.ts'
import { saveSession } from '../../lib/storage.ts'
import { contractResponse, errorResponse, fakeServer } from '../../test/fake-server.ts'
import { renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { expectWarnings } from '../../test/console-watch.ts'

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

const debt = (id: number, title: string, total: number, pending: number) => ({
  id,
  title,
  saleNumber: `T-${id}`,
  total,
  pending,
  paid: total - pending,
  cancelUrl: null,
  holdExpiresAt: null,
  saleItems: [{ id: id * 10, parentIdentifier: `S${id}` }],
})

const renderDebts = () =>
  renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route: '/debts' },
  )

beforeEach(() => {
  saveSession('d'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
})

describe('pending sales', { timeout: 30_000 }, () => {
  it('lists what is owed and adds the ticked sales to the cart, then goes to the checkout', async () => {
    const warn = expectWarnings()
    fakeServer({
      '/api/shop/pending-sales/7': () =>
        contractResponse(checkoutRoutes.pendingSales, {
          ok: true,
          data: [debt(51, 'Bar tab, May', 24.5, 24.5), debt(52, 'Summer camp', 120, 60)],
        }),
      '/api/shop/checkout-info-by-customer': () => errorResponse(500, 'internal', 'Later.'),
    })
    renderDebts()

    const table = await screen.findByRole('table')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pending Sales')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Choose', 'Concept', 'Ticket', 'Total', 'Pending'])
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(screen.getByRole('status').textContent).toBe('Tick the sales you want to pay first.')

    await userEvent.click(screen.getByRole('checkbox', { name: 'Pay Summer camp' }))
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }))

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/checkout'))
    expect(getCart().sales).toEqual([{ id: 52, title: 'Summer camp', saleNumber: 'T-52', pending: 60 }])
    expect(warn).toHaveBeenCalledWith('Crash getting checkout info', expect.anything())
  })

  it('says when nothing is pending', async () => {
    fakeServer({
      '/api/shop/pending-sales/7': () =>
        contractResponse(checkoutRoutes.pendingSales, { ok: true, data: [] }),
    })
    renderDebts()
    expect(await screen.findByText('No payments pending')).toBeTruthy()
  })

  it('says Crash when the list cannot be loaded', async () => {
    const warn = expectWarnings()
    fakeServer({ '/api/shop/pending-sales/7': () => errorResponse(500, 'internal', 'Broken.') })
    renderDebts()
    expect(
      await screen.findByText('Oops! Technical problems. Please try again in a few minutes.'),
    ).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Crash getting pending sales', expect.anything())
  })
})
