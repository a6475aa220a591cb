import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { bookingRoutes, type CustomerBooking } from '@clubhouse/contract'
import { saveSession } from '../../lib/storage.ts'
import { customerBooking } from '../../test/bookings-data.ts'
import { contractResponse, errorResponse, fakeServer } from '../../test/fake-server.ts'
import { renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'

const next = [
  customerBooking(),
  customerBooking({
    id: 42,
    bookingType: 'Yoga room',
    resourceName: '',
    start: '2026-06-03 09:00',
    duration: 60,
    description: '',
    canCancel: false,
    status: 'held',
  }),
]
const past = [customerBooking({ id: 30, start: '2026-05-01 10:00', canCancel: false })]

function bookingsServer({
  lists = [{ next, past }],
  cancel,
}: {
  lists?: { next: CustomerBooking[]; past: CustomerBooking[] }[]
  cancel?: () => Response
} = {}) {
  let reads = 0
  const cancels: string[] = []
  fakeServer({
    '/api/publicbookings/customer-bookings/7': () => {
      const model = lists[Math.min(reads, lists.length - 1)]!
      reads += 1
      return contractResponse(bookingRoutes.customerBookings, { ok: true, model })
    },
    '/api/publicbookings/cancel/41/7': (url) => {
      cancels.push(url.pathname)
      return (
        cancel?.() ?? contractResponse(bookingRoutes.cancel, { ok: true, errorMsg: null, infoReturns: [] })
      )
    },
  })
  return { cancels, reads: () => reads }
}

const renderPage = () => renderWithApp(<AppRoutes />, { route: '/customer-bookings' })

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  saveSession('b'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
})

describe('my bookings', () => {
  it('shows a skeleton, then the next and past bookings with their details, Cancel only where allowed', async () => {
    bookingsServer()
    renderPage()

    expect(await screen.findByText('Loading…', { selector: '.account-page [role=status]' })).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeTruthy()
    const nextGroup = (await screen.findByRole('button', { name: /Next Bookings/ })).closest('section')!
    const items = within(nextGroup).getAllByRole('listitem')
    expect(items[0]!.textContent).toContain('Padel')
    expect(items[0]!.textContent).toContain('Court 1')
    expect(items[0]!.textContent).toContain('Tuesday 02/06/2026 18:00 · 90 min')
    expect(items[0]!.textContent).toContain('Padel, Court 1, 90 min')
    expect(within(items[0]!).getByRole('button', { name: /^Cancel Padel/ })).toBeTruthy()
    expect(items[1]!.textContent).toContain('Waiting for payment')
    expect(within(items[1]!).queryByRole('button')).toBeNull()

    const pastGroup = screen.getByRole('button', { name: /Past Bookings/ }).closest('section')!
    expect(within(pastGroup).getAllByRole('listitem')).toHaveLength(1)
    expect(within(pastGroup).queryByRole('button', { name: /^Cancel/ })).toBeNull()
  })

  it('folds and unfolds each group', async () => {
    bookingsServer()
    const user = userEvent.setup()
    renderPage()
    const toggle = await screen.findByRole('button', { name: /Next Bookings/ })
    const group = toggle.closest('section')!
    expect(within(group).getAllByRole('listitem')).toHaveLength(2)
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(within(group).queryAllByRole('listitem')).toEqual([])
    await user.click(toggle)
    expect(within(group).getAllByRole('listitem')).toHaveLength(2)
  })

  it('says when there are no next or past bookings', async () => {
    bookingsServer({ lists: [{ next: [], past: [] }] })
    renderPage()
    expect(await screen.findByText('No next bookings')).toBeTruthy()
    expect(screen.getByText('No past bookings')).toBeTruthy()
  })

  it('asks before cancelling, then shows the refunds popup and reads the bookings again', async () => {
    const { cancels, reads } = bookingsServer({
      lists: [
        { next, past },
        { next: next.slice(1), past },
      ],
      cancel: () =>
        contractResponse(bookingRoutes.cancel, {
          ok: true,
          errorMsg: null,
          infoReturns: [
            {
              bookingId: 41,
              description: 'Padel, Court 1, 90 min',
              amounts: [
                { paymentMethod: 'Card', amount: 15 },
                { paymentMethod: 'Money voucher', amount: 3.5 },
              ],
            },
          ],
        }),
    })
    const user = userEvent.setup()
    renderPage()

    await user.click(await screen.findByRole('button', { name: /^Cancel Padel/ }))
    const ask = screen.getByRole('dialog', { name: 'Cancel booking' })
    expect(ask.textContent).toContain('Cancel Padel on Tuesday 02/06/2026 18:00?')
    expect(cancels).toEqual([])
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }))
    expect(cancels).toEqual([])

    await user.click(screen.getByRole('button', { name: /^Cancel Padel/ }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }))

    const refunds = await screen.findByRole('dialog', { name: 'Payment Refunds' })
    expect(cancels).toEqual(['/api/publicbookings/cancel/41/7'])
    const rows = within(refunds)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual(['Card15\u00A0€', 'Money voucher3,50\u00A0€'])
    await waitFor(() => expect(reads()).toBe(2))
    await user.click(within(refunds).getByRole('button', { name: 'OK' }))
    expect(screen.queryByRole('button', { name: /^Cancel Padel/ })).toBeNull()
  })

  it('shows no refunds popup when nothing had been paid', async () => {
    const { reads } = bookingsServer({
      lists: [
        { next, past },
        { next: next.slice(1), past },
      ],
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: /^Cancel Padel/ }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }))
    await waitFor(() => expect(reads()).toBe(2))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("shows the server's words when a cancel is refused, and reads nothing again", async () => {
    const { reads } = bookingsServer({
      cancel: () => errorResponse(422, 'cannot_cancel', 'It is too late to cancel this booking online.'),
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: /^Cancel Padel/ }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }))

    expect((await screen.findByRole('alert')).textContent).toBe(
      'It is too late to cancel this booking online.',
    )
    expect(reads()).toBe(1)
    expect(screen.getByRole('button', { name: /^Cancel Padel/ })).toBeTruthy()
  })

  it('offers to try again when the bookings cannot be loaded', async () => {
    fakeServer({
      '/api/publicbookings/customer-bookings/7': () =>
        errorResponse(500, 'internal', 'Something went wrong.'),
    })
    renderPage()
    expect(await screen.findByText('We could not load your bookings.')).toBeTruthy()
  })
})
