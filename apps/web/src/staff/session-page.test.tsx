import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  staffCustomerRoutes,
  staffDeskRoutes,
  staffSessionRoutes,
  type StaffCustomer,
  type StaffRosterRow,
  type StaffSessionRoster,
} from '@clubhouse/contract/server'
import { contractResponse, errorResponse, fakeServer } from '../test/fake-server.ts'
import { renderWithApp } from '../test/render.tsx'
import { SessionPage, sessionTime } from './session-page.tsx'
import { saveStaffToken } from './staff-session.ts'

const laura: StaffRosterRow = {
  bookingId: 31,
  customerId: 4,
  name: 'Laura',
  surname: 'Martínez',
  phone: '+34 600 11 22 33',
  email: 'demo@clubmistral.es',
  placeId: 2,
  placeName: 'B2',
  status: 'confirmed',
  holdExpiresAt: null,
  attendance: null,
  attendedAt: null,
  attendedBy: null,
  owedCents: 0,
}

const spinning = (roster: StaffRosterRow[], priceCents = 0): StaffSessionRoster => ({
  id: 7,
  bookingTypeId: 3,
  bookingType: 'Spinning',
  description: 'Indoor cycling intervals',
  startsAt: '2030-01-07T18:00:00.000Z',
  date: '2030-01-07',
  time: '19:00',
  durationMinutes: 45,
  maxParticipants: 3,
  priceCents,
  capacity: 3,
  places: [
    { id: 1, name: 'B1', taken: false },
    { id: 2, name: 'B2', taken: roster.length > 0 },
    { id: 3, name: 'B3', taken: true },
  ],
  roster,
  waitlist: [
    {
      entryId: 5,
      position: 1,
      customerId: 9,
      name: 'Carlos',
      surname: 'Ruiz',
      phone: '',
      email: 'carlos@example.com',
      status: 'waiting',
      since: '2030-01-01T10:00:00.000Z',
      offeredBookingId: null,
      offerExpiresAt: null,
    },
  ],
})

/** The desk's search, finding Laura whatever is typed. */
const findsLaura = () =>
  contractResponse(staffDeskRoutes.staffCustomerSearch, {
    ok: true,
    data: [
      { id: 4, name: 'Laura', surname: 'Martínez', email: 'demo@clubmistral.es', phone: '', walkIn: false },
    ],
  })

const renderRoster = () =>
  renderWithApp(
    <Routes>
      <Route path="/staff/sessions/:id" element={<SessionPage />} />
    </Routes>,
    { route: '/staff/sessions/7' },
  )

beforeEach(() => saveStaffToken('desk-token'))

describe("a session's roster at the desk", () => {
  it('reads a session’s time from its start and duration', () => {
    expect(sessionTime({ time: '19:00', durationMinutes: 45 })).toBe('19:00–19:45')
    expect(sessionTime({ time: '23:30', durationMinutes: 60 })).toBe('23:30–00:30')
  })

  it('marks a participant as came and clears the mark, the pressed button following the answer', async () => {
    const user = userEvent.setup()
    let row = laura
    const sent: unknown[] = []
    fakeServer({
      '/api/staff/sessions/7': () =>
        contractResponse(staffSessionRoutes.staffSessionRoster, { ok: true, data: spinning([row]) }),
      '/api/staff/sessions/7/attendance': async (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { attendance: 'came' | null }
        sent.push(body)
        row = {
          ...row,
          attendance: body.attendance,
          attendedAt: body.attendance ? '2030-01-07T17:55:00.000Z' : null,
          attendedBy: body.attendance ? { id: 1, name: 'Desk Demo' } : null,
        }
        return contractResponse(staffSessionRoutes.staffSessionAttendance, { ok: true, model: row })
      },
    })
    renderRoster()

    expect(await screen.findByRole('heading', { level: 1, name: 'Indoor cycling intervals' })).toBeTruthy()
    expect(screen.getByText('1 of 3 places taken')).toBeTruthy()
    expect(screen.getByRole('link', { name: '+34 600 11 22 33' }).getAttribute('href')).toBe(
      'tel:+34600112233',
    )
    const checkIn = screen.getByRole('group', { name: 'Check-in of Laura Martínez' })
    const came = within(checkIn).getByRole('button', { name: 'Came' })
    expect(came.getAttribute('aria-pressed')).toBe('false')

    await user.click(came)
    await waitFor(() => expect(came.getAttribute('aria-pressed')).toBe('true'))
    expect(await screen.findByText(/Marked at .* by Desk Demo/)).toBeTruthy()

    await user.click(within(checkIn).getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(came.getAttribute('aria-pressed')).toBe('false'))
    expect(within(checkIn).getByRole('button', { name: 'Did not come' }).getAttribute('aria-pressed')).toBe(
      'false',
    )
    expect(sent).toEqual([
      { bookingId: 31, attendance: 'came' },
      { bookingId: 31, attendance: null },
    ])
  })

  it('shows a check-in refused too early in the server’s words, and leaves the row unmarked', async () => {
    const user = userEvent.setup()
    fakeServer({
      '/api/staff/sessions/7': () =>
        contractResponse(staffSessionRoutes.staffSessionRoster, { ok: true, data: spinning([laura]) }),
      '/api/staff/sessions/7/attendance': () =>
        errorResponse(
          422,
          'check_in_too_early',
          'The check-in of this session opens on 2030-01-07 at 00:00.',
        ),
    })
    renderRoster()
    const came = await screen.findByRole('button', { name: 'Came' })
    await user.click(came)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The check-in of this session opens on 2030-01-07 at 00:00.',
    )
    expect(came.getAttribute('aria-pressed')).toBe('false')
  })

  it('adds a customer found by name on a free place of the map, and shows a refusal in words', async () => {
    const user = userEvent.setup()
    let roster: StaffRosterRow[] = []
    const added: unknown[] = []
    let refuse = true
    fakeServer({
      '/api/staff/sessions/7': () =>
        contractResponse(staffSessionRoutes.staffSessionRoster, { ok: true, data: spinning(roster) }),
      [staffDeskRoutes.staffCustomerSearch.path]: findsLaura,
      '/api/staff/sessions/7/participants': async (_url, init) => {
        added.push(JSON.parse(String(init?.body)))
        if (refuse) {
          refuse = false
          return errorResponse(
            409,
            'place_taken',
            'Someone else has just taken this place. Please choose another.',
          )
        }
        roster = [laura]
        return contractResponse(staffSessionRoutes.staffSessionAddParticipant, { ok: true, model: laura })
      },
    })
    renderRoster()
    expect(await screen.findByText('Nobody has a place yet.')).toBeTruthy()
    // The waiting list in order.
    expect(screen.getByText('Carlos Ruiz')).toBeTruthy()

    await user.type(screen.getByLabelText('Find the customer'), 'laura')
    await user.click(await screen.findByRole('button', { name: /Laura Martínez/ }))
    const place = screen.getByLabelText(/^Place/) as HTMLSelectElement
    // Only the free places of the map: B3 is taken.
    expect([...place.options].map((o) => o.textContent)).toEqual(['Choose a place', 'B1', 'B2'])
    await user.selectOptions(place, 'B2')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone else has just taken this place. Please choose another.',
    )

    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByRole('status')).toBeTruthy()
    await screen.findByText('Laura Martínez has a place now.')
    await screen.findByRole('group', { name: 'Check-in of Laura Martínez' })
    expect(added).toEqual([
      { customerId: 4, placeId: 2 },
      { customerId: 4, placeId: 2 },
    ])
  })

  it('settles a place of a priced session from the customer’s voucher, and shows what another still owes', async () => {
    const user = userEvent.setup()
    const owing: StaffRosterRow = {
      ...laura,
      bookingId: 40,
      customerId: 8,
      name: 'Pau',
      surname: 'Gil',
      placeId: 3,
      placeName: 'B3',
      owedCents: 600,
    }
    let roster: StaffRosterRow[] = [owing]
    const added: unknown[] = []
    const wallet: StaffCustomer = {
      id: 4,
      name: 'Laura',
      surname: 'Martínez',
      email: 'demo@clubmistral.es',
      phone: '',
      walkIn: false,
      activated: true,
      disabled: false,
      activatedAt: '2029-01-01T10:00:00.000Z',
      disabledAt: null,
      createdAt: '2029-01-01T10:00:00.000Z',
      nextBookings: [],
      pastBookings: [],
      orders: [],
      vouchers: [
        {
          id: 5,
          kind: 'sessions',
          description: 'Ten classes',
          balance: 4,
          active: true,
          expiresAt: null,
          movements: [],
        },
        {
          id: 6,
          kind: 'money',
          description: 'Old wallet',
          balance: 0,
          active: false,
          expiresAt: null,
          movements: [],
        },
      ],
      pendingSales: [],
    }
    fakeServer({
      '/api/staff/sessions/7': () =>
        contractResponse(staffSessionRoutes.staffSessionRoster, { ok: true, data: spinning(roster, 600) }),
      [staffDeskRoutes.staffCustomerSearch.path]: findsLaura,
      '/api/staff/customers/4': () =>
        contractResponse(staffCustomerRoutes.staffCustomer, { ok: true, model: wallet }),
      '/api/staff/sessions/7/participants': async (_url, init) => {
        added.push(JSON.parse(String(init?.body)))
        roster = [owing, laura]
        return contractResponse(staffSessionRoutes.staffSessionAddParticipant, { ok: true, model: laura })
      },
    })
    renderRoster()
    expect(await screen.findByText(/^Owes 6\s€$/)).toBeTruthy()
    // The session's price, beside its time.
    expect(screen.getByText(/^6\s€$/)).toBeTruthy()

    await user.type(screen.getByLabelText('Find the customer'), 'laura')
    await user.click(await screen.findByRole('button', { name: /Laura Martínez/ }))
    await user.selectOptions(screen.getByLabelText(/^Place/), 'B1')
    await user.click(await screen.findByRole('radio', { name: 'From a voucher of the customer' }))
    const voucher = screen.getByLabelText(/^Voucher/) as HTMLSelectElement
    // Only the vouchers that can pay: the switched-off wallet is not offered.
    expect([...voucher.options].map((o) => o.textContent)).toEqual(['Ten classes · 4 sessions'])
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await screen.findByText('Laura Martínez has a place now.')
    expect(added).toEqual([{ customerId: 4, placeId: 1, payment: 'voucher', voucherId: 5 }])
  })

  it('says so when the session does not exist', async () => {
    fakeServer({})
    renderRoster()
    expect(await screen.findByText('This session does not exist.')).toBeTruthy()
  })
})
