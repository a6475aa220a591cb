import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'react-router'
import {
  MAP_TOOLTIP_MS,
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  MAP_ZOOM_STEP,
  bookingRoutes,
  placeBookingRoutes,
  type BookingTemplateInfo,
} from '@clubhouse/contract'
import { getLoginPrompt } from '../../lib/login-prompt.ts'
import { saveSession } from '../../lib/storage.ts'
import { filtersModel, participant, standMap } from '../../test/bookings-data.ts'
import {
  contractResponse,
  EMPTY_HOME,
  errorResponse,
  fakeServer,
  noBookingsOf,
} from '../../test/fake-server.ts'
import { onTheSpanishSite } from '../../test/language.ts'
import { renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { expectWarnings } from '../../test/console-watch.ts'

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}
const where = () => screen.getByTestId('where').textContent

const MAP_PATH = '/api/publicbookings/booking-template-info/9/401'
const ROUTE = '/booking-visual/401/9?date=2099-03-04'

function mapServer(info: BookingTemplateInfo | (() => Response) = standMap()) {
  fakeServer({
    // Where a visitor is sent while the login opens.
    ...EMPTY_HOME,
    // The booking page a chosen place leads to.
    '/api/publicbookings/filters': () =>
      contractResponse(bookingRoutes.filters, { ok: true, model: filtersModel() }),
    '/api/publicbookings/byplace-list': () =>
      contractResponse(placeBookingRoutes.byPlaceList, { ok: true, errorMsg: null, data: [] }),
    ...noBookingsOf(7),
    [MAP_PATH]: () =>
      typeof info === 'function'
        ? info()
        : contractResponse(placeBookingRoutes.bookingTemplateInfo, { ok: true, model: info }),
  })
}

const logIn = () => saveSession('b'.repeat(64), { id: 7 }, Date.now() + 3_600_000)

function renderPage(route = ROUTE) {
  return renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route },
  )
}

const place = (name: string) => screen.getByRole('button', { name: new RegExp(`^Place ${name},`) })
const tooltip = () => screen.queryByRole('tooltip')
const legend = () =>
  within(screen.getByRole('list', { name: 'Legend' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

beforeEach(() => {
  logIn()
})

describe('the visual place choice', () => {
  it('shows the title, the header image, the session and its map, free and booked places told apart', async () => {
    mapServer()
    renderPage()

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your place' })).toBeTruthy()
    const map = await screen.findByRole('group', { name: 'Map of places' })
    expect(document.querySelector('img[src="/uploads/stand.jpg"]')).toBeTruthy()
    const page = document.querySelector('.visual-page')!.textContent ?? ''
    for (const part of [
      'Stand seats',
      'Friday 06/03/2099 20:00',
      '120 min',
      '2 of 8 places taken',
      '15\u00A0€',
    ])
      expect(page).toContain(part)

    expect(
      within(map)
        .getAllByRole('button')
        .map((p) => p.getAttribute('aria-label')),
    ).toEqual([
      'Place A11, free',
      'Place A12, booked',
      'Place A13, free',
      'Place A21, free',
      'Place A22, free',
      'Place A23, free',
      'Place B11, free',
      'Place B12, free',
    ])
    expect(place('A12').getAttribute('aria-disabled')).toBe('true')
    expect(place('A12').getAttribute('class')).toContain('map-place--booked')
    expect(place('A11').getAttribute('aria-disabled')).toBeNull()
    // The stage is drawn and labelled.
    expect(map.querySelector('path[d="M10,130 L390,130"]')).toBeTruthy()
    expect(within(map).getByText('Stage')).toBeTruthy()
    // 2 of 8 taken, one of them without a seat drawn: 7 seats free, 6 places left.
    expect(legend()).toEqual(['Free (6 places left)', 'Booked', 'Yours'])
  })

  it('goes to the confirm popup with the session, the place and the day when a free place is chosen', async () => {
    mapServer()
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('group', { name: 'Map of places' })

    await user.click(place('A22'))
    await waitFor(() =>
      expect(where()).toBe('/bookings-byplace?bookingId=401&placeId=105&place=A22&date=2099-03-04'),
    )
  })

  it('never chooses a booked place: it says it is booked instead', async () => {
    mapServer()
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('group', { name: 'Map of places' })

    await user.click(place('A12'))
    expect(where()).toBe(ROUTE)
    expect(tooltip()?.textContent).toBe('A12Booked')
  })

  it("names who booked a place when the centre allows it, and the customer's own place", async () => {
    mapServer(
      standMap({
        allowSeeParticipants: true,
        participants: [
          participant(102, { name: 'Lucía Pérez', phone: '600 111 222', email: 'lucia@example.com' }),
          participant(103, { mine: true }),
        ],
        unavailableReason: 'You already have a place in this session.',
      }),
    )
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('group', { name: 'Map of places' })

    await user.hover(place('A12'))
    expect(tooltip()?.textContent).toBe('A12Lucía Pérez600 111 222lucia@example.com')
    expect(place('A12').getAttribute('aria-describedby')).toBe(tooltip()?.id)
    await user.hover(place('A11'))
    expect(tooltip()?.textContent).toBe('A11You already have a place in this session.')
    await user.hover(screen.getByRole('button', { name: 'Place A13, your place' }))
    expect(tooltip()?.textContent).toBe('A13Your place')

    // With a place already, the customer can look but not choose another.
    expect(screen.getByText('You already have a place in this session.')).toBeTruthy()
    expect(place('A11').getAttribute('aria-disabled')).toBe('true')
    await user.click(place('A11'))
    expect(where()).toBe(ROUTE)
  })

  /** A class of `max` on the stand's map of 8 seats, with `taken` of them taken (A12 and A22). */
  const classOf = (max: number, over: Partial<BookingTemplateInfo> = {}) => {
    const info = standMap()
    return standMap({
      participants: [participant(102), participant(105)],
      session: { ...info.session, maxParticipants: max, participantsIn: 2, bookable: max > 2 },
      placesLeft: Math.max(0, max - 2),
      ...over,
    })
  }

  it('shows a full class as full: every place nobody has is not available, with the reason', async () => {
    mapServer(classOf(2, { unavailableReason: 'This session is full.' }))
    const user = userEvent.setup()
    renderPage()
    const map = await screen.findByRole('group', { name: 'Map of places' })

    expect(screen.getByText('This session is full.')).toBeTruthy()
    expect(
      within(map)
        .getAllByRole('button')
        .map((p) => p.getAttribute('aria-label')),
    ).toEqual([
      'Place A11, not available',
      'Place A12, booked',
      'Place A13, not available',
      'Place A21, not available',
      'Place A22, booked',
      'Place A23, not available',
      'Place B11, not available',
      'Place B12, not available',
    ])
    expect(place('A11').getAttribute('aria-disabled')).toBe('true')
    expect(place('A11').getAttribute('class')).toContain('map-place--unavailable')
    expect(legend()).toEqual(['Not available', 'Booked', 'Yours'])

    await user.click(place('A11'))
    expect(where()).toBe(ROUTE)
    expect(tooltip()?.textContent).toBe('A11This session is full.')
  })

  it('says how many places a class has left when that is fewer than the free places drawn', async () => {
    mapServer(classOf(4))
    const user = userEvent.setup()
    const view = renderPage()
    await screen.findByRole('group', { name: 'Map of places' })
    expect(legend()).toEqual(['Free (2 places left)', 'Booked', 'Yours'])
    await user.click(place('A11'))
    await waitFor(() =>
      expect(where()).toBe('/bookings-byplace?bookingId=401&placeId=101&place=A11&date=2099-03-04'),
    )
    view.unmount()

    // Room for everyone drawn: the legend just says free.
    mapServer(classOf(40, { placesLeft: 38 }))
    renderPage()
    await screen.findByRole('group', { name: 'Map of places' })
    expect(legend()).toEqual(['Free', 'Booked', 'Yours'])
  })

  it('keeps who booked a place to itself when the centre does not allow seeing it', async () => {
    mapServer(standMap({ allowSeeParticipants: false }))
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('group', { name: 'Map of places' })
    await user.hover(place('A12'))
    expect(tooltip()?.textContent).toBe('A12Booked')
  })

  it('takes the tooltip away after 4 s', async () => {
    mapServer()
    renderPage()
    await screen.findByRole('group', { name: 'Map of places' })

    vi.useFakeTimers()
    act(() => place('A21').focus())
    expect(tooltip()?.textContent).toBe('A21Not booked')
    act(() => vi.advanceTimersByTime(MAP_TOOLTIP_MS - 1))
    expect(tooltip()).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(tooltip()).toBeNull()
  })

  it('zooms from 1 to 6 in steps of 0.05 with the slider, and the wheel never goes past either end', async () => {
    mapServer()
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('group', { name: 'Map of places' })

    const slider = screen.getByRole<HTMLInputElement>('slider', { name: 'Zoom' })
    expect([slider.min, slider.max, slider.step]).toEqual([
      String(MAP_ZOOM_MIN),
      String(MAP_ZOOM_MAX),
      String(MAP_ZOOM_STEP),
    ])
    expect(slider.value).toBe('1')
    const viewport = screen.getByTestId('place-map-viewport')
    const canvas = viewport.firstElementChild as HTMLElement

    // At 1 the wheel turning out zooms no further, and leaves the page to scroll.
    const out = new WheelEvent('wheel', { deltaY: 300, bubbles: true, cancelable: true })
    act(() => void viewport.dispatchEvent(out))
    expect(out.defaultPrevented).toBe(false)
    expect(slider.value).toBe('1')
    expect(screen.getByRole('button', { name: 'Zoom out' }).hasAttribute('disabled')).toBe(true)

    for (let i = 0; i < 40; i++) fireEvent.wheel(viewport, { deltaY: -500 })
    expect(slider.value).toBe('6')
    // The drawing grows by the zoom from its size at 1 (the box's width, or what its height allows).
    const zoomOf = () => Number(/^calc\(([\d.]+)\s*\*/.exec(canvas.style.width)?.[1])
    expect(zoomOf()).toBe(6)
    const further = new WheelEvent('wheel', { deltaY: -500, bubbles: true, cancelable: true })
    act(() => void viewport.dispatchEvent(further))
    expect(further.defaultPrevented).toBe(false)
    expect(slider.value).toBe('6')
    expect(screen.getByRole('button', { name: 'Zoom in' }).hasAttribute('disabled')).toBe(true)

    fireEvent.change(slider, { target: { value: '2.35' } })
    expect(slider.value).toBe('2.35')
    expect(zoomOf()).toBe(2.35)
    await user.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(slider.value).toBe('1.85')
    fireEvent.wheel(viewport, { deltaY: 100 })
    expect(Number(slider.value)).toBeLessThan(1.85)
    expect(Number(slider.value)).toBeGreaterThanOrEqual(1)
  })

  it('zooms with two fingers, within the same bounds', async () => {
    mapServer()
    renderPage()
    await screen.findByRole('group', { name: 'Map of places' })
    const slider = screen.getByRole<HTMLInputElement>('slider', { name: 'Zoom' })
    const viewport = screen.getByTestId('place-map-viewport')
    const touch = (type: string, pointerId: number, clientX: number) =>
      fireEvent[type as 'pointerDown'](viewport, { pointerId, pointerType: 'touch', clientX, clientY: 100 })

    touch('pointerDown', 1, 100)
    touch('pointerDown', 2, 120)
    touch('pointerMove', 2, 160)
    expect(slider.value).toBe('3')
    touch('pointerMove', 2, 900)
    expect(slider.value).toBe('6')
    touch('pointerMove', 2, 101)
    expect(slider.value).toBe('1')
    touch('pointerUp', 2, 101)
    touch('pointerUp', 1, 100)
  })

  it('moves between places with the arrow keys along rows and columns, and Enter or Space chooses a free one', async () => {
    mapServer()
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('group', { name: 'Map of places' })

    // One Tab stop: the first free place.
    const tabbable = screen
      .getAllByRole('button', { name: /^Place / })
      .filter((p) => p.getAttribute('tabindex') === '0')
    expect(tabbable.map((p) => p.getAttribute('aria-label'))).toEqual(['Place A11, free'])
    act(() => place('A11').focus())

    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(place('A12'))
    expect(place('A12').getAttribute('tabindex')).toBe('0')
    expect(place('A11').getAttribute('tabindex')).toBe('-1')
    // A booked place says so and is not chosen.
    await user.keyboard(' ')
    expect(where()).toBe(ROUTE)
    expect(tooltip()?.textContent).toBe('A12Booked')

    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(place('A22'))
    await user.keyboard('{ArrowRight}{ArrowUp}{ArrowRight}')
    expect(document.activeElement).toBe(place('B11'))
    await user.keyboard('{ArrowLeft}{ArrowDown}{ArrowLeft}')
    expect(document.activeElement).toBe(place('A22'))
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(where()).toBe('/bookings-byplace?bookingId=401&placeId=105&place=A22&date=2099-03-04'),
    )
  })

  it('leaves out a place whose drawing cannot be read, and still shows the others', async () => {
    const info = standMap()
    mapServer({
      ...info,
      places: [...info.places.slice(0, 2), { id: 150, place: 'Z9', configJson: '{', available: true }],
    })
    renderPage()
    const map = await screen.findByRole('group', { name: 'Map of places' })
    expect(within(map).getAllByRole('button')).toHaveLength(2)
  })

  it('says something went wrong for a session or map that is not there, and offers to try again when it fails', async () => {
    const warn = expectWarnings()
    mapServer(() => errorResponse(404, 'not_found', 'There is no such session.'))
    const view = renderPage()
    expect(await screen.findByText('Oops, something went wrong. Please try again.')).toBeTruthy()
    view.unmount()

    mapServer(() => errorResponse(500, 'internal', 'Something went wrong.'))
    renderPage()
    expect(await screen.findByText('We could not load the place map.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Crash getting booking template info', expect.anything())
  })

  it('asks a visitor to log in first', async () => {
    window.localStorage.clear()
    mapServer()
    renderPage()
    await waitFor(() => expect(getLoginPrompt()).toEqual({ open: true, mode: 'login', backUrl: ROUTE }))
  })

  describe('in Spanish', () => {
    onTheSpanishSite()

    it('speaks Spanish', async () => {
      mapServer()
      const user = userEvent.setup()
      renderPage()
      expect(await screen.findByRole('heading', { level: 1, name: 'Elige tu plaza' })).toBeTruthy()
      const map = await screen.findByRole('group', { name: 'Mapa de plazas' })
      const free = within(map).getByRole('button', { name: 'Plaza A11, libre' })
      expect(within(map).getByRole('button', { name: 'Plaza A12, ocupada' })).toBeTruthy()
      await user.hover(free)
      expect(tooltip()?.textContent).toBe('A11No reservada')
      expect(screen.getByRole('slider', { name: 'Zoom' })).toBeTruthy()
    })

    it('says in Spanish that a full class has no place to choose, and how many a class has left', async () => {
      mapServer(classOf(2, { unavailableReason: 'Esta sesión está completa.' }))
      const user = userEvent.setup()
      const view = renderPage()
      const map = await screen.findByRole('group', { name: 'Mapa de plazas' })
      const seat = within(map).getByRole('button', { name: 'Plaza A11, no disponible' })
      await user.hover(seat)
      expect(tooltip()?.textContent).toBe('A11Esta sesión está completa.')
      expect(
        within(screen.getByRole('list', { name: 'Leyenda' })).getAllByRole('listitem')[0]?.textContent,
      ).toBe('No disponible')
      view.unmount()

      mapServer(classOf(3))
      renderPage()
      await screen.findByRole('group', { name: 'Mapa de plazas' })
      expect(
        within(screen.getByRole('list', { name: 'Leyenda' })).getAllByRole('listitem')[0]?.textContent,
      ).toBe('Libre (queda 1 plaza)')
    })
  })
})
