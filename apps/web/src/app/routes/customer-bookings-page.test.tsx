import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLocation } from 'react-router'
import {
  bookingRoutes,
  placeBookingRoutes,
  type CustomerBooking,
  type HeldBooking,
  type WaitlistEntry,
} from '@clubhouse/contract'
import { getCart } from '../../features/cart/cart-store.ts'
import { saveSession } from '../../lib/storage.ts'
import { customerBooking, waitlistEntry } from '../../test/bookings-data.ts'
import {
  checkoutOfSales,
  contractResponse,
  errorResponse,
  fakeServer,
  noBookingsOf,
} from '../../test/fake-server.ts'
import { onTheSpanishSite } from '../../test/language.ts'
import { renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { expectWarnings } from '../../test/console-watch.ts'

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

interface Waitlists {
  waitlist: WaitlistEntry[]
  held: HeldBooking[]
}

function bookingsServer({
  lists = [{ next, past }],
  cancel,
  waitlists = [{ waitlist: [], held: [] }],
  leave,
  confirmHold,
}: {
  lists?: { next: CustomerBooking[]; past: CustomerBooking[] }[]
  cancel?: () => Response
  /** The waiting lists answered, one per reading (the last one again after). */
  waitlists?: Waitlists[]
  leave?: () => Response
  confirmHold?: () => Response
} = {}) {
  let reads = 0
  let waitlistReads = 0
  const cancels: string[] = []
  const changes: string[] = []
  fakeServer({
    // The checkout, where a held place goes to be paid.
    ...checkoutOfSales([heldSale]),
    '/api/publicbookings/waitlist/7': () => {
      const model = waitlists[Math.min(waitlistReads, waitlists.length - 1)]!
      waitlistReads += 1
      return contractResponse(placeBookingRoutes.waitlist, { ok: true, model })
    },
    '/api/publicbookings/waitlist-leave/7/71': (url) => {
      changes.push(url.pathname)
      return leave?.() ?? contractResponse(placeBookingRoutes.waitlistLeave, { ok: true, errorMsg: null })
    },
    '/api/publicbookings/confirm-hold/611/7': (url) => {
      changes.push(url.pathname)
      return confirmHold?.() ?? contractResponse(placeBookingRoutes.confirmHold, { ok: true, errorMsg: null })
    },
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
  return { cancels, changes, reads: () => reads, waitlistReads: () => waitlistReads }
}

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname}</p>
}

const renderPage = () =>
  renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route: '/customer-bookings' },
  )

beforeEach(() => {
  saveSession('b'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
})

describe('my bookings', () => {
  it('shows a skeleton, then the next and past bookings with their details, Cancel only where allowed', async () => {
    bookingsServer()
    renderPage()

    // The bookings and the waiting lists load side by side, each with its own skeleton.
    expect(await screen.findAllByText('Loading…', { selector: '.account-page [role=status]' })).toHaveLength(
      2,
    )
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

  it('brings focus to the booking cancelled once the refunds popup closes, its Cancel button gone', async () => {
    const cancelled = customerBooking({ canCancel: false, status: 'cancelled' })
    bookingsServer({
      lists: [
        { next, past },
        { next: [cancelled, ...next.slice(1)], past },
      ],
      cancel: () =>
        contractResponse(bookingRoutes.cancel, {
          ok: true,
          errorMsg: null,
          infoReturns: [
            {
              bookingId: 41,
              description: 'Padel, Court 1, 90 min',
              amounts: [{ paymentMethod: 'Card', amount: 15 }],
            },
          ],
        }),
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: /^Cancel Padel/ }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }))
    const refunds = await screen.findByRole('dialog', { name: 'Payment Refunds' })
    await screen.findByText('Cancelled')

    await user.click(within(refunds).getByRole('button', { name: 'OK' }))

    const item = screen.getByText('Cancelled').closest('li')
    expect(item?.textContent).toContain('Padel, Court 1, 90 min')
    expect(document.activeElement).toBe(item)
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
    const warn = expectWarnings()
    fakeServer({
      ...noBookingsOf(7),
      '/api/publicbookings/customer-bookings/7': () =>
        errorResponse(500, 'internal', 'Something went wrong.'),
    })
    renderPage()
    expect(await screen.findByText('We could not load your bookings.')).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Crash getting my bookings', expect.anything())
  })
})

/** The refunds of a booking paid from vouchers: each in its kind, as the server answers them (decision 069). */
describe('refunds in kind', { timeout: 30_000 }, () => {
  const inKind = () =>
    contractResponse(bookingRoutes.cancel, {
      ok: true,
      errorMsg: null,
      infoReturns: [
        {
          bookingId: 41,
          description: 'Padel, Court 1, 90 min',
          amounts: [
            { paymentMethod: 'Sessions voucher', paymentMethodId: 7, amount: 1 },
            { paymentMethod: 'Hours voucher', paymentMethodId: 8, amount: 1.5 },
            { paymentMethod: 'Money voucher', paymentMethodId: 6, amount: 12 },
          ],
        },
      ],
    })
  async function refundRows(cancelName: RegExp, confirmName: string, title: string) {
    bookingsServer({ lists: [{ next, past }], cancel: inKind })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: cancelName }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: confirmName }))
    const refunds = await screen.findByRole('dialog', { name: title })
    return within(refunds)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
  }

  it("shows sessions as sessions and hours as hours (the centre's decimal comma), not euros", async () => {
    expect(await refundRows(/^Cancel Padel/, 'Yes, cancel', 'Payment Refunds')).toEqual([
      'Sessions voucher1 session',
      'Hours voucher1,5 h',
      'Money voucher12\u00A0€',
    ])
  })

  describe('in Spanish', () => {
    onTheSpanishSite()

    it('says them in Spanish', async () => {
      expect(await refundRows(/^Cancelar Padel/, 'Sí, cancelar', 'Devoluciones de pagos')).toEqual([
        'Sessions voucher1 sesión',
        'Hours voucher1,5 h',
        'Money voucher12\u00A0€',
      ])
    })
  })
})

/** A place freed on session 302 and held for the customer as booking 611 until 11:30 (Madrid). */
const offered = waitlistEntry({
  position: 1,
  status: 'offered',
  offeredBookingId: 611,
  offerExpiresAt: '2099-03-05T10:30:00.000Z',
})
const heldSale = {
  id: 920,
  title: 'Spinning · Thursday 19:00',
  saleNumber: 'B-920',
  pending: 6,
  paid: 0,
  cancelUrl: 'publicbookings/cancel/611/7',
  holdExpiresAt: '2099-03-05T10:30:00.000Z',
}
const held = (sale: typeof heldSale | null): HeldBooking => ({
  bookingId: 611,
  holdExpiresAt: '2099-03-05T10:30:00.000Z',
  sale,
})

/** The waiting lists' group of the page. */
const waitlistGroup = async () =>
  (await screen.findByRole('button', { name: /Waiting lists/ })).closest('section')!

describe('my waiting lists', () => {
  it('lists each waiting list with the number the customer is, and says when there are none', async () => {
    bookingsServer({ waitlists: [{ waitlist: [waitlistEntry()], held: [] }] })
    const view = renderPage()
    const group = await waitlistGroup()
    const item = await within(group).findByRole('listitem')
    for (const part of [
      'Spinning',
      'Thursday 05/03/2099 19:00 · 45 min',
      'Spinning with Marta',
      'You are number 2',
    ])
      expect(item.textContent).toContain(part)
    expect(within(group).getByRole('button', { name: /Waiting lists/ }).textContent).toContain('1')
    expect(within(item).queryByRole('button', { name: /^Pay/ })).toBeNull()
    view.unmount()

    bookingsServer()
    renderPage()
    expect(await within(await waitlistGroup()).findByText('You are not on any waiting list')).toBeTruthy()
  })

  it('leaves a waiting list after asking, and reads the lists and the bookings again', async () => {
    const { changes, reads, waitlistReads } = bookingsServer({
      waitlists: [
        { waitlist: [waitlistEntry()], held: [] },
        { waitlist: [], held: [] },
      ],
    })
    const user = userEvent.setup()
    renderPage()
    const group = await waitlistGroup()
    await user.click(
      await within(group).findByRole('button', { name: /^Leave the waiting list of Spinning/ }),
    )

    const ask = screen.getByRole('dialog', { name: 'Leave the waiting list' })
    expect(ask.textContent).toContain('Leave the waiting list of Spinning on Thursday 05/03/2099 19:00?')
    await user.click(within(ask).getByRole('button', { name: 'Stay on it' }))
    expect(changes).toEqual([])

    await user.click(within(group).getByRole('button', { name: /^Leave the waiting list of Spinning/ }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, leave' }))
    expect(await within(group).findByText('You are not on any waiting list')).toBeTruthy()
    expect(changes).toEqual(['/api/publicbookings/waitlist-leave/7/71'])
    expect(waitlistReads()).toBe(2)
    await waitFor(() => expect(reads()).toBe(2))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("shows the server's words when leaving is refused", async () => {
    bookingsServer({
      waitlists: [{ waitlist: [waitlistEntry()], held: [] }],
      leave: () => errorResponse(404, 'not_found', 'You are not on this waiting list any more.'),
    })
    const user = userEvent.setup()
    renderPage()
    const group = await waitlistGroup()
    await user.click(
      await within(group).findByRole('button', { name: /^Leave the waiting list of Spinning/ }),
    )
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, leave' }))
    expect((await within(group).findByRole('alert')).textContent).toBe(
      'You are not on this waiting list any more.',
    )
  })

  it('pays a place held from the waiting list: its sale goes to the cart, then to the checkout', async () => {
    bookingsServer({ waitlists: [{ waitlist: [offered], held: [held(heldSale)] }] })
    const user = userEvent.setup()
    renderPage()
    const group = await waitlistGroup()
    const item = await within(group).findByRole('listitem')
    expect(item.textContent).toContain('A place is held for you until 11:30')
    expect(within(item).queryByRole('button', { name: /^Confirm/ })).toBeNull()

    await user.click(within(item).getByRole('button', { name: /^Pay Spinning/ }))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/checkout'))
    expect(getCart().sales).toEqual([
      {
        id: 920,
        title: 'Spinning · Thursday 19:00',
        saleNumber: 'B-920',
        pending: 6,
        cancelUrl: 'publicbookings/cancel/611/7',
        holdExpiresAt: '2099-03-05T10:30:00.000Z',
      },
    ])
  })

  it('confirms a held place with nothing to pay, and reads the lists and the bookings again', async () => {
    const confirmed = customerBooking({ id: 611, bookingType: 'Spinning', start: '2099-03-05 19:00' })
    const { changes, reads } = bookingsServer({
      lists: [
        { next, past },
        { next: [...next, confirmed], past },
      ],
      waitlists: [
        { waitlist: [offered], held: [held(null)] },
        { waitlist: [], held: [] },
      ],
    })
    const user = userEvent.setup()
    renderPage()
    const group = await waitlistGroup()
    const item = await within(group).findByRole('listitem')
    expect(within(item).queryByRole('button', { name: /^Pay/ })).toBeNull()

    await user.click(within(item).getByRole('button', { name: /^Confirm Spinning/ }))
    expect(await within(group).findByText('You are not on any waiting list')).toBeTruthy()
    expect(changes).toEqual(['/api/publicbookings/confirm-hold/611/7'])
    await waitFor(() => expect(reads()).toBe(2))
    const nextGroup = screen.getByRole('button', { name: /Next Bookings/ }).closest('section')!
    await waitFor(() => expect(within(nextGroup).getAllByRole('listitem')).toHaveLength(3))
  })

  it('offers to try again when the waiting lists cannot be loaded', async () => {
    const warn = expectWarnings()
    fakeServer({
      '/api/publicbookings/customer-bookings/7': () =>
        contractResponse(bookingRoutes.customerBookings, { ok: true, model: { next, past } }),
      '/api/publicbookings/waitlist/7': () => errorResponse(500, 'internal', 'Something went wrong.'),
    })
    renderPage()
    const group = await waitlistGroup()
    expect(await within(group).findByText('We could not load your waiting lists.')).toBeTruthy()
    expect(within(group).getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Crash getting waiting lists', expect.anything())
  })

  describe('in Spanish', () => {
    onTheSpanishSite()

    it('speaks Spanish', async () => {
      bookingsServer({
        waitlists: [{ waitlist: [waitlistEntry(), { ...offered, id: 72 }], held: [held(heldSale)] }],
      })
      renderPage()
      const group = (await screen.findByRole('button', { name: /Listas de espera/ })).closest('section')!
      const items = await within(group).findAllByRole('listitem')
      expect(items[0]!.textContent).toContain('Eres el número 2')
      expect(items[1]!.textContent).toContain('Te guardamos una plaza hasta las 11:30')
      expect(within(items[1]!).getByRole('button', { name: /^Pagar Spinning/ })).toBeTruthy()
      expect(
        within(items[0]!).getByRole('button', { name: /^Salir de la lista de espera de Spinning/ }),
      ).toBeTruthy()
    })
  })
})
