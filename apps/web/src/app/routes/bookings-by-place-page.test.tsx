import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'react-router'
import { bookingRoutes, placeBookingRoutes, type BookingType, type PlaceSession } from '@clubhouse/contract'
import { getCart } from '../../features/cart/cart-store.ts'
import { getLoginPrompt } from '../../lib/login-prompt.ts'
import { saveSession } from '../../lib/storage.ts'
import {
  dayModel,
  filtersModel,
  padel,
  placeSession,
  spinning,
  stand,
  standMap,
  waitlistEntry,
} from '../../test/bookings-data.ts'
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

type Body = Record<string, unknown>
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Body

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}
const where = () => screen.getByTestId('where').textContent

/** The week of Wednesday 4 March 2099: a session on five of its days. */
const week = (): PlaceSession[] => [
  placeSession(),
  placeSession({
    id: 302,
    start: '2099-03-05 19:00',
    sstart: '19:00',
    weekday: 4,
    participantsIn: 12,
    bookable: false,
    waitlistCount: 2,
  }),
  placeSession({ id: 303, start: '2099-03-02 09:00', sstart: '09:00', weekday: 1, participantsIn: 10 }),
  standMap().session,
  placeSession({ id: 304, start: '2099-03-08 10:00', sstart: '10:00', weekday: 7, alreadyIn: true }),
]

const heldSale = {
  id: 910,
  title: 'Spinning · Wednesday 18:00',
  saleNumber: 'B-910',
  pending: 6,
  paid: 0,
  cancelUrl: 'publicbookings/cancel/601/7',
  holdExpiresAt: '2099-01-01T10:15:00.000Z',
}

interface Options {
  types?: BookingType[]
  sessions?: (body: Body) => PlaceSession[]
  list?: (body: Body) => Response
  prebook?: (url: URL) => Response
}

/** The calls of booking by place, every answer checked against the contract. */
function placeServer(options: Options = {}) {
  const types = options.types ?? [padel, spinning, stand]
  const listBodies: Body[] = []
  const prebooks: string[] = []
  const joins: string[] = []
  let joined = false
  const filters = (route: typeof bookingRoutes.filters | typeof bookingRoutes.filtersOfType) => () =>
    contractResponse(route, { ok: true, model: filtersModel(types) })
  const routes: Record<string, (url: URL, init: RequestInit | undefined) => Response> = {
    // My bookings, where a free session lands.
    ...noBookingsOf(7),
    // The checkout, where a paid session goes.
    ...checkoutOfSales([heldSale]),
    // The map of a session with one, and the page of a type booked by resource and time.
    '/api/publicbookings/booking-template-info/9/401': () =>
      contractResponse(placeBookingRoutes.bookingTemplateInfo, { ok: true, model: standMap() }),
    '/api/publicbookings/list': (_url, init) =>
      contractResponse(bookingRoutes.list, {
        ok: true,
        errorMsg: null,
        model: dayModel(String(bodyOf(init).date)),
      }),
    '/api/publicbookings/filters': filters(bookingRoutes.filters),
    '/api/publicbookings/byplace-list': (_url, init) => {
      const body = bodyOf(init)
      listBodies.push(body)
      if (options.list) return options.list(body)
      const data = (options.sessions ?? week)(body).map((session) =>
        session.id === 302 && joined ? { ...session, waiting: true, waitlistCount: 3 } : session,
      )
      return contractResponse(placeBookingRoutes.byPlaceList, { ok: true, errorMsg: null, data })
    },
    '/api/publicbookings/waitlist/7': () =>
      contractResponse(placeBookingRoutes.waitlist, {
        ok: true,
        model: { waitlist: joined ? [waitlistEntry({ position: 3 })] : [], held: [] },
      }),
    '/api/publicbookings/waitlist-join/7/302': (url) => {
      joins.push(url.pathname)
      joined = true
      return contractResponse(placeBookingRoutes.waitlistJoin, {
        ok: true,
        errorMsg: null,
        model: waitlistEntry({ position: 3 }),
      })
    },
  }
  for (const type of types)
    routes[`/api/publicbookings/filters/${type.id}`] = filters(bookingRoutes.filtersOfType)
  for (const path of ['7/301', '7/401/105']) {
    routes[`/api/publicbookings/byplace-prebook-place/${path}`] = (url) => {
      prebooks.push(url.pathname)
      return (
        options.prebook?.(url) ??
        contractResponse(placeBookingRoutes.byPlacePrebook, {
          ok: true,
          errorMsg: null,
          model: { serviceFree: false, bookingId: 601, description: 'Spinning, 45 min', sale: heldSale },
        })
      )
    }
  }
  fakeServer(routes)
  return { listBodies, prebooks, joins }
}

const logIn = () => saveSession('b'.repeat(64), { id: 7 }, Date.now() + 3_600_000)

function renderPage(route: string) {
  return renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route },
  )
}

/** The column of a day, by its full name. */
const day = async (name: RegExp) => screen.findByRole('region', { name })

beforeEach(() => {
  // A laptop's width: the whole week shows at once.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
})

describe('booking by place', () => {
  it("shows the week's sessions in columns from Monday to Sunday, each with its details and state", async () => {
    const { listBodies } = placeServer()
    renderPage('/bookings-byplace?date=2099-03-04')

    expect(await screen.findByRole('heading', { level: 1, name: 'Book a place' })).toBeTruthy()
    const carousel = await screen.findByRole('region', { name: 'Sessions of the week' })
    const titles = within(carousel)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
    expect(titles).toEqual([
      'Mon 02/03/2099',
      'Tue 03/03/2099',
      'Wed 04/03/2099',
      'Thu 05/03/2099',
      'Fri 06/03/2099',
      'Sat 07/03/2099',
      'Sun 08/03/2099',
    ])
    expect(listBodies[0]).toEqual({
      date: '2099-03-04',
      bookingTypeId: null,
      customerId: null,
      resourceTypeId: null,
    })

    const wednesday = await day(/^Sessions on Wednesday 04\/03\/2099/)
    const card = within(wednesday).getByRole('button', { name: 'Spinning 18:00' })
    const text = card.textContent ?? ''
    for (const part of [
      '18:00',
      '45 min',
      'Spinning',
      '3 of 12 places taken',
      'Level 2–4',
      'Room 1, Marta',
      '6\u00A0€',
      'Places available',
    ])
      expect(text).toContain(part)

    expect((await day(/^Sessions on Monday/)).textContent).toContain('2 places left')
    expect((await day(/^Sessions on Tuesday/)).textContent).toContain('No sessions this day')
    const thursday = await day(/^Sessions on Thursday/)
    expect(thursday.textContent).toContain('Full · 2 waiting')
    // A full session is no button to book; its waiting list is.
    expect(within(thursday).queryByRole('button', { name: 'Spinning 19:00' })).toBeNull()
    expect(within(thursday).getByRole('button', { name: 'Join the waitlist of Spinning 19:00' })).toBeTruthy()
    const sunday = await day(/^Sessions on Sunday/)
    expect(sunday.textContent).toContain('You have a place')
    expect(within(sunday).queryAllByRole('button')).toEqual([])
  })

  it('asks a visitor to log in when they choose a session, coming back to this page and week', async () => {
    placeServer()
    const user = userEvent.setup()
    renderPage('/bookings-byplace?date=2099-03-04')
    await user.click(await screen.findByRole('button', { name: 'Spinning 18:00' }))
    expect(getLoginPrompt()).toEqual({
      open: true,
      mode: 'login',
      backUrl: '/bookings-byplace?date=2099-03-04',
    })
    expect(where()).toBe('/bookings-byplace?date=2099-03-04')
  })

  it('sends a session with a place map to the map, with the day', async () => {
    logIn()
    placeServer()
    const user = userEvent.setup()
    renderPage('/bookings-byplace?date=2099-03-04')
    await user.click(await screen.findByRole('button', { name: 'Stand seats 20:00' }))
    await waitFor(() => expect(where()).toBe('/booking-visual/401/9?date=2099-03-04'))
  })

  it('opens the confirm popup of a session without a map, and Add to Cart puts its sale in the cart on the way to the checkout', async () => {
    logIn()
    const { listBodies, prebooks } = placeServer()
    const user = userEvent.setup()
    renderPage('/bookings-byplace?date=2099-03-04')

    await user.click(await screen.findByRole('button', { name: 'Spinning 18:00' }))
    await waitFor(() => expect(where()).toBe('/bookings-byplace?date=2099-03-04&bookingId=301'))
    expect(listBodies[0]?.customerId).toBe(7)

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your booking' })
    const text = dialog.textContent ?? ''
    for (const part of ['Spinning', 'Wednesday 04/03/2099 18:00', '45 min', '6\u00A0€', 'Room 1, Marta'])
      expect(text).toContain(part)
    expect(text).not.toContain('Place')
    // The type's cancellation rules, read for the session's type.
    expect(await within(dialog).findByText('Free cancellation up to 24 hours before.')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }))
    await waitFor(() => expect(where()).toBe('/checkout'))
    expect(prebooks).toEqual(['/api/publicbookings/byplace-prebook-place/7/301'])
    expect(getCart().sales).toEqual([
      {
        id: 910,
        title: 'Spinning · Wednesday 18:00',
        saleNumber: 'B-910',
        pending: 6,
        cancelUrl: 'publicbookings/cancel/601/7',
        holdExpiresAt: '2099-01-01T10:15:00.000Z',
      },
    ])
  })

  it('books the place chosen on a map and lands a free session on My bookings', async () => {
    logIn()
    const { prebooks } = placeServer({
      prebook: () =>
        contractResponse(placeBookingRoutes.byPlacePrebookPlace, {
          ok: true,
          errorMsg: null,
          model: { serviceFree: true, bookingId: 602, description: 'Stand seats, A22', sale: null },
        }),
    })
    const user = userEvent.setup()
    renderPage('/bookings-byplace?bookingId=401&placeId=105&place=A22&date=2099-03-04')

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your booking' })
    expect(dialog.textContent).toContain('PlaceA22')
    expect(dialog.textContent).toContain('15\u00A0€')
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }))

    await waitFor(() => expect(where()).toBe('/customer-bookings'))
    expect(prebooks).toEqual(['/api/publicbookings/byplace-prebook-place/7/401/105'])
    expect(getCart().sales).toEqual([])
  })

  it("closing the popup leaves the session's week as it was", async () => {
    logIn()
    placeServer()
    const user = userEvent.setup()
    renderPage('/bookings-byplace?bookingId=301&date=2099-03-04')
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your booking' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(where()).toBe('/bookings-byplace?date=2099-03-04'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says something went wrong when the address names a session that is not in the week', async () => {
    logIn()
    placeServer()
    renderPage('/bookings-byplace?bookingId=999&date=2099-03-04')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Oops, something went wrong. Please try again.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("shows the server's words for a refused prebook, and the crash text when the call fails", async () => {
    logIn()
    let answer = () => errorResponse(409, 'session_full', 'Every place of this session is taken.')
    const { listBodies } = placeServer({ prebook: () => answer() })
    const user = userEvent.setup()
    renderPage('/bookings-byplace?bookingId=301&date=2099-03-04')

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your booking' })
    const reads = listBodies.length
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Every place of this session is taken.',
    )
    // The week is read again: its places have moved.
    await waitFor(() => expect(listBodies.length).toBeGreaterThan(reads))

    answer = () => errorResponse(500, 'internal', 'Something went wrong.')
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Oops! Technical problems. Please try again in a few minutes.',
      ),
    )
    expect(where()).toBe('/bookings-byplace?bookingId=301&date=2099-03-04')
  })

  it('says when the week has nothing to join, and when no type is booked by place', async () => {
    placeServer({ sessions: () => [] })
    const view = renderPage('/bookings-byplace?date=2099-03-04')
    expect(
      await screen.findByText('Oops! There is nothing you can join. Try changing the date.'),
    ).toBeTruthy()
    view.unmount()

    placeServer({ types: [padel] })
    renderPage('/bookings-byplace')
    expect(await screen.findByText('No bookings by place available')).toBeTruthy()
  })

  it("shows the server's words when the week is refused, and the crash text when it cannot be read", async () => {
    const warn = expectWarnings()
    placeServer({
      list: () => errorResponse(422, 'booking_type_closed', 'Spinning is not booked online any more.'),
    })
    const view = renderPage('/bookings-byplace?date=2099-03-04')
    expect(await screen.findByText('Spinning is not booked online any more.')).toBeTruthy()
    view.unmount()

    placeServer({ list: () => errorResponse(500, 'internal', 'Something went wrong.') })
    renderPage('/bookings-byplace?date=2099-03-04')
    expect(
      await screen.findByText('Oops! Technical problems. Please try again in a few minutes.'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Crash getting sessions by place', expect.anything())
  })

  it('joins the waiting list of a full session and shows the number the customer is', async () => {
    logIn()
    const { joins } = placeServer()
    const user = userEvent.setup()
    renderPage('/bookings-byplace?date=2099-03-04')

    const thursday = await day(/^Sessions on Thursday/)
    await user.click(within(thursday).getByRole('button', { name: 'Join the waitlist of Spinning 19:00' }))

    await waitFor(() => expect(thursday.textContent).toContain('On the waiting list · You are number 3'))
    expect(joins).toEqual(['/api/publicbookings/waitlist-join/7/302'])
    expect(within(thursday).queryByRole('button', { name: /Join the waitlist/ })).toBeNull()
  })

  it('filters by booking type, All, resource type and Clear All, keeping the day', async () => {
    const { listBodies } = placeServer()
    const user = userEvent.setup()
    renderPage('/bookings-byplace?date=2099-03-04')

    const types = await screen.findByRole('group', { name: 'Booking types' })
    expect(
      within(types)
        .getAllByRole('button')
        .map((b) => [b.textContent, b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['All', 'true'],
      ['Spinning', 'false'],
      ['Stand seats', 'false'],
    ])
    await user.click(within(types).getByRole('button', { name: 'Spinning' }))
    await waitFor(() => expect(where()).toBe('/bookings-byplace/3?date=2099-03-04'))
    await waitFor(() => expect(listBodies.at(-1)?.bookingTypeId).toBe(3))
    expect(await screen.findByRole('heading', { level: 1, name: 'Spinning' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const panel = screen.getByRole('region', { name: 'Filters' })
    // Only the types booked by place, by category.
    expect(within(panel).getByRole('group', { name: 'Classes' })).toBeTruthy()
    expect(within(panel).queryByRole('button', { name: 'Padel' })).toBeNull()
    await user.click(within(panel).getByRole('button', { name: 'Indoor courts' }))
    await waitFor(() => expect(listBodies.at(-1)?.resourceTypeId).toBe(4))
    expect(where()).toBe('/bookings-byplace/3?date=2099-03-04&resourceType=4')

    await user.click(within(panel).getByRole('button', { name: 'Clear All' }))
    await waitFor(() => expect(where()).toBe('/bookings-byplace?date=2099-03-04'))
    await waitFor(() =>
      expect(listBodies.at(-1)).toMatchObject({ bookingTypeId: null, resourceTypeId: null }),
    )
  })

  it('moves a week at a time with the arrows', async () => {
    const { listBodies } = placeServer()
    const user = userEvent.setup()
    renderPage('/bookings-byplace?date=2099-03-04')
    await user.click(await screen.findByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(where()).toBe('/bookings-byplace?date=2099-03-11'))
    await waitFor(() => expect(listBodies.at(-1)?.date).toBe('2099-03-11'))
    await user.click(screen.getByRole('button', { name: 'Previous week' }))
    await waitFor(() => expect(where()).toBe('/bookings-byplace?date=2099-03-04'))
  })

  it('sends a type booked by resource and time to its own page', async () => {
    placeServer()
    renderPage('/bookings-byplace/1?date=2099-03-04')
    await waitFor(() => expect(where()).toBe('/bookings/1?date=2099-03-04'))
  })

  describe('in Spanish', () => {
    onTheSpanishSite()

    it('speaks Spanish', async () => {
      placeServer()
      const view = renderPage('/bookings-byplace?date=2099-03-04')
      expect(await screen.findByRole('heading', { level: 1, name: 'Reserva tu plaza' })).toBeTruthy()
      expect((await day(/^Sesiones del lunes/)).textContent).toContain('Quedan 2 plazas')
      const thursday = await day(/^Sesiones del jueves/)
      expect(thursday.textContent).toContain('Completo · 2 en espera')
      expect(within(thursday).getByRole('button', { name: /^Apuntarme a la lista de espera/ })).toBeTruthy()
      expect((await day(/^Sesiones del miércoles/)).textContent).toContain('3 de 12 plazas ocupadas')
      view.unmount()

      placeServer({ sessions: () => [] })
      renderPage('/bookings-byplace?date=2099-03-04')
      expect(
        await screen.findByText('¡Vaya! No hay nada a lo que puedas apuntarte. Prueba a cambiar la fecha.'),
      ).toBeTruthy()
    })
  })
})
