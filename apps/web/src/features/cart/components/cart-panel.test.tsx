import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../test/render.tsx'
import { addSaleToCart, getCart } from '../cart-store.ts'
import { CartPanel } from './cart-panel.tsx'
import { formatTimeLeft } from './hold-countdown.tsx'

/** A fixed clock: 10:00:00 UTC on 2 June 2026. */
const NOW = Date.UTC(2026, 5, 2, 10, 0, 0)

const booking = {
  id: 900,
  title: 'Padel · Court 1 · 90 min',
  saleNumber: 'B-900',
  pending: 18,
  cancelUrl: 'publicbookings/cancel/501/7',
  holdExpiresAt: new Date(NOW + 2 * 60_000).toISOString(),
}
const debt = { id: 901, title: 'Membership, May', pending: 30 }

const line = (name: string) => screen.getByText(name).closest('li')!
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('a booking sale in the cart', () => {
  it('counts down the time left on its hold, then shows it expired, out of the total, with only Remove', () => {
    vi.useFakeTimers({ now: NOW })
    addSaleToCart(booking)
    addSaleToCart(debt)
    renderWithApp(<CartPanel onClose={() => {}} />)

    expect(within(line(booking.title)).getByRole('timer').textContent).toBe('2:00')
    expect(screen.getByTestId('cart-total').textContent).toBe('48\u00A0€')
    tick(1_000)
    expect(within(line(booking.title)).getByRole('timer').textContent).toBe('1:59')
    tick(58_000)
    expect(within(line(booking.title)).getByRole('timer').textContent).toBe('1:01')

    tick(61_000)
    const expired = line(booking.title)
    expect(within(expired).queryByRole('timer')).toBeNull()
    expect(within(expired).getByText('Expired')).toBeTruthy()
    expect(
      within(expired).getByText('This time is no longer held for you. Remove it and book again.'),
    ).toBeTruthy()
    // What can no longer be paid leaves the total; the debt stays payable.
    expect(screen.getByTestId('cart-total').textContent).toBe('30\u00A0€')
    expect(screen.getByRole('link', { name: 'Checkout' })).toBeTruthy()

    fireEvent.click(within(expired).getByRole('button', { name: `Remove ${booking.title}` }))
    return vi.waitFor(() => expect(getCart().sales.map((sale) => sale.id)).toEqual([901]))
  })

  it('offers no checkout when all that is left has expired', () => {
    vi.useFakeTimers({ now: NOW })
    addSaleToCart({ ...booking, holdExpiresAt: new Date(NOW - 1_000).toISOString() })
    renderWithApp(<CartPanel onClose={() => {}} />)

    expect(within(line(booking.title)).getByText('Expired')).toBeTruthy()
    expect(screen.getByTestId('cart-total').textContent).toBe('0\u00A0€')
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull()
  })

  it('keeps a sale that holds nothing without a countdown', () => {
    addSaleToCart(debt)
    renderWithApp(<CartPanel onClose={() => {}} />)
    expect(within(line(debt.title)).queryByRole('timer')).toBeNull()
    expect(within(line(debt.title)).queryByText('Expired')).toBeNull()
  })

  it('writes the time left as m:ss, or h:mm:ss from an hour', () => {
    expect(formatTimeLeft(14 * 60_000 + 59_001)).toBe('15:00')
    expect(formatTimeLeft(61_000)).toBe('1:01')
    expect(formatTimeLeft(3_600_000 + 5_000)).toBe('1:00:05')
    expect(formatTimeLeft(-5)).toBe('0:00')
  })
})
