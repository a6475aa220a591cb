import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'react-router'
import { bookingRoutes, placeBookingRoutes, type BookingResource } from '@clubhouse/contract'
import { addDays, FILTER_AUTO_OPEN_MS, firstBookableDay } from '../../features/bookings/booking-rules.ts'
import { getCart } from '../../features/cart/cart-store.ts'
import { getLoginPrompt } from '../../lib/login-prompt.ts'
import { saveSession } from '../../lib/storage.ts'
import { court, dayModel, entry, filtersModel, padel, spinning, yoga } from '../../test/bookings-data.ts'
import {
  checkoutOfSales,
  contractResponse,
  errorResponse,
  fakeServer,
  noBookingsOf,
} from '../../test/fake-server.ts'
import { renderWithApp, testSettings } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { expectWarnings } from '../../test/console-watch.ts'

type Body = Record<string, unknown>
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Body

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}
const where = () => screen.getByTestId('where').textContent

/**
 * The page reads the clock to tell the times still to book from those gone by: every test runs on a
 * fixed clock, a Wednesday at 07:00 in Madrid (the centre's zone) unless it sets its own, so the
 * fixtures' 09:00, 10:30 and 12:00 are still ahead whatever the hour the tests run at.
 */
const MORNING = new Date('2026-06-03T05:00:00Z')
const atCentreTime = (wallClock: string) => {
  // Madrid is two hours ahead of UTC in June.
  const [date, time] = wallClock.split(' ') as [string, string]
  return new Date(Date.parse(`${date}T${time}:00Z`) - 2 * 3_600_000)
}

/** The first day the page offers: today in the centre's zone, after the 60 minutes' anticipation. */
const firstDay = () => firstBookableDay(Date.now(), 60, testSettings.timeZone)

interface Options {
  types?: (typeof padel)[]
  resources?: (date: string) => BookingResource[]
  related?: boolean | 'optional'
  followUps?: () => Response
  prebook?: (body: Body) => Response
  list?: (body: Body) => Response
}

/** The booking calls of the contract, every answer checked against its schema. */
/** The sale of a held padel booking, waiting to be paid. */
const padelSale = {
  id: 900,
  title: 'Padel · Court 1 · 90 min',
  saleNumber: 'B-900',
  pending: 21,
  paid: 0,
  cancelUrl: 'publicbookings/cancel/501/7',
  holdExpiresAt: '2099-01-01T10:15:00.000Z',
}

function bookingServer(options: Options = {}) {
  const types = options.types ?? [padel, yoga, spinning]
  const listBodies: Body[] = []
  const prebookBodies: Body[] = []
  const followUpBodies: Body[] = []
  const fetchMock = fakeServer({
    // My bookings, where a free booking lands.
    ...noBookingsOf(7),
    // The checkout, where a paid booking goes.
    ...checkoutOfSales([padelSale]),
    // The page of a type booked by place.
    '/api/publicbookings/byplace-list': () =>
      contractResponse(placeBookingRoutes.byPlaceList, { ok: true, errorMsg: null, data: [] }),
    '/api/publicbookings/filters': () =>
      contractResponse(bookingRoutes.filters, { ok: true, model: filtersModel(types) }),
    '/api/publicbookings/filters/1': () =>
      contractResponse(bookingRoutes.filtersOfType, { ok: true, model: filtersModel(types) }),
    '/api/publicbookings/filters/2': () =>
      contractResponse(bookingRoutes.filtersOfType, { ok: true, model: filtersModel(types) }),
    '/api/publicbookings/filters/3': () =>
      contractResponse(bookingRoutes.filtersOfType, { ok: true, model: filtersModel(types) }),
    '/api/publicbookings/list': (_url, init) => {
      const body = bodyOf(init)
      listBodies.push(body)
      if (options.list) return options.list(body)
      const date = String(body.date)
      return contractResponse(bookingRoutes.list, {
        ok: true,
        errorMsg: null,
        model: { ...dayModel(date, options.resources?.(date), options.related) },
      })
    },
    '/api/publicbookings/date-availability': (_url, init) => {
      followUpBodies.push(bodyOf(init))
      return (
        options.followUps?.() ??
        contractResponse(bookingRoutes.dateAvailability, {
          ok: true,
          model: [
            { id: 71, name: 'Rackets A', image: '', description: 'Two carbon rackets', price: 3 },
            { id: 72, name: 'Rackets B', image: '', description: '', price: 0 },
          ],
        })
      )
    },
    '/api/publicbookings/prebook': (_url, init) => {
      const body = bodyOf(init)
      prebookBodies.push(body)
      return (
        options.prebook?.(body) ??
        contractResponse(bookingRoutes.prebook, {
          ok: true,
          errorMsg: null,
          model: {
            serviceFree: false,
            bookingId: 501,
            description: 'Padel, Court 1, 90 min',
            sale: padelSale,
          },
        })
      )
    },
  })
  return { fetchMock, listBodies, prebookBodies, followUpBodies }
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

/** The chip of `time` in the resource card named `name`. */
async function slot(name: string, time: string) {
  const card = (await screen.findByRole('heading', { level: 2, name })).closest('article')!
  return within(card).getByRole('button', { name: time })
}

/** Chooses `time` on Court 1 for `minutes`: the follow-up popup and its group of rackets. */
async function followUpsAt(user: ReturnType<typeof userEvent.setup>, time: string, minutes: number) {
  await user.click(await slot('Court 1', time))
  await user.click(
    within(screen.getByRole('group', { name: /^Durations at/ })).getByRole('button', {
      name: new RegExp(`^${minutes} min`),
    }),
  )
  const followUps = await screen.findByRole('dialog', { name: 'Complete your booking' })
  return { followUps, rackets: await within(followUps).findByRole('group', { name: 'Rackets' }) }
}

beforeEach(() => {
  // Only the date is fixed: Testing Library's waits and the user's events keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(MORNING)
})

describe('booking by type', () => {
  it("shows a skeleton, then the type's name, the anticipation note, and each resource's day as time chips", async () => {
    const { listBodies } = bookingServer()
    renderPage('/bookings/1')

    expect(await screen.findByText('Loading…', { selector: '.booking-day [role=status]' })).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 1, name: 'Padel' })).toBeTruthy()
    expect(screen.getByText('Book at least 1 hour ahead.')).toBeTruthy()

    const court1 = (await screen.findByRole('heading', { level: 2, name: 'Court 1' })).closest('article')!
    expect(within(court1).getByText('Indoor courts')).toBeTruthy()
    expect(within(court1).getByText('Court 1, glass walls.')).toBeTruthy()
    const chips = within(within(court1).getByRole('list', { name: 'Times of Court 1' })).getAllByRole(
      'listitem',
    )
    expect(chips.map((chip) => chip.textContent)).toEqual(['09:00', '10:30 taken', '12:00'])
    // A taken time is no button and cannot be reached with Tab.
    expect(within(court1).queryByRole('button', { name: /10:30/ })).toBeNull()
    expect(within(chips[1]!).queryAllByRole('button')).toEqual([])

    expect(listBodies[0]).toEqual({
      date: firstDay(),
      bookingTypeId: 1,
      customerId: null,
      resourceTypeId: null,
    })
    await waitFor(() => expect(document.title).toBe('Padel · Club Mistral'))
  })

  it('opens a time to its durations with their prices', async () => {
    logIn()
    bookingServer()
    const user = userEvent.setup()
    renderPage('/bookings/1')

    const chip = await slot('Court 1', '09:00')
    await user.click(chip)

    expect(chip.getAttribute('aria-expanded')).toBe('true')
    const durations = screen.getByRole('group', { name: 'Durations at 09:00' })
    expect(
      within(durations)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['60 min12\u00A0€', '90 min18\u00A0€'])
    // The summary of the choice says what is chosen so far.
    expect(screen.getByRole('complementary', { name: 'Your choice' }).textContent).toContain('Court 1')
  })

  it('shows the filter button only when there is more than one booking type', async () => {
    bookingServer({ types: [padel] })
    renderPage('/bookings/1')
    await screen.findByRole('heading', { level: 2, name: 'Court 1' })
    expect(screen.queryByRole('button', { name: 'Filter' })).toBeNull()
  })

  it('opens the filters by themselves 100 ms after opening without a booking type, and not with one', async () => {
    const timers = vi.spyOn(window, 'setTimeout')
    bookingServer()
    const user = userEvent.setup()
    const view = renderPage('/bookings')

    const button = await screen.findByRole('button', { name: 'Filter' })
    expect(timers.mock.calls.some(([, delay]) => delay === FILTER_AUTO_OPEN_MS)).toBe(true)
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'))
    const panel = screen.getByRole('region', { name: 'Filters' })
    expect(within(panel).getByRole('group', { name: 'Courts' })).toBeTruthy()
    expect(screen.getByText('Choose in the filters what you would like to book.')).toBeTruthy()

    // Choosing a type opens its page; choosing it again clears it.
    await user.click(within(panel).getByRole('button', { name: 'Padel' }))
    await waitFor(() => expect(where()).toBe('/bookings/1'))
    await screen.findByRole('heading', { level: 2, name: 'Court 1' })
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const padelButton = within(screen.getByRole('region', { name: 'Filters' })).getByRole('button', {
      name: 'Padel',
    })
    expect(padelButton.getAttribute('aria-pressed')).toBe('true')
    await user.click(padelButton)
    await waitFor(() => expect(where()).toBe('/bookings'))
    view.unmount()

    timers.mockClear()
    bookingServer()
    renderPage('/bookings/1')
    await screen.findByRole('heading', { level: 2, name: 'Court 1' })
    expect(timers.mock.calls.some(([, delay]) => delay === FILTER_AUTO_OPEN_MS)).toBe(false)
    expect(screen.getByRole('button', { name: 'Filter' }).getAttribute('aria-expanded')).toBe('false')
  })

  it('filters by resource type, and choosing the same one again clears it', async () => {
    const { listBodies } = bookingServer()
    const user = userEvent.setup()
    renderPage('/bookings/1')
    await screen.findByRole('heading', { level: 2, name: 'Court 1' })

    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const indoor = screen.getByRole('button', { name: 'Indoor courts' })
    await user.click(indoor)
    await waitFor(() => expect(listBodies.at(-1)?.resourceTypeId).toBe(4))
    expect(where()).toBe('/bookings/1?resourceType=4')
    expect(screen.getByRole('button', { name: 'Indoor courts' }).getAttribute('aria-pressed')).toBe('true')

    await user.click(screen.getByRole('button', { name: 'Indoor courts' }))
    await waitFor(() => expect(where()).toBe('/bookings/1'))
    expect(listBodies.at(-1)?.resourceTypeId).toBeNull()
  })

  it('offers duration buttons that narrow the times, and none when the day has a single duration', async () => {
    logIn()
    bookingServer()
    const user = userEvent.setup()
    const view = renderPage('/bookings/1')
    const durations = await screen.findByRole('group', { name: 'Duration' })
    expect(
      within(durations)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['60 min', '90 min'])

    await user.click(within(durations).getByRole('button', { name: '90 min' }))
    await user.click(await slot('Court 1', '09:00'))
    expect(
      within(screen.getByRole('group', { name: 'Durations at 09:00' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['90 min18\u00A0€'])
    view.unmount()

    bookingServer({
      resources: (date) => [court(11, 'Court 1', date, [60]), court(12, 'Court 2', date, [60])],
    })
    renderPage('/bookings/1')
    await screen.findByRole('heading', { level: 2, name: 'Court 1' })
    expect(screen.queryByRole('group', { name: 'Duration' })).toBeNull()
  })

  it('books the one duration of a day directly: a time leads to the confirm popup without asking how long', async () => {
    logIn()
    const { prebookBodies } = bookingServer({
      resources: (date) => [court(11, 'Court 1', date, [60]), court(12, 'Court 2', date, [60])],
    })
    const user = userEvent.setup()
    renderPage('/bookings/1')

    // Closing the popup forgets the time, as with any choice.
    await user.click(await slot('Court 1', '12:00'))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('complementary', { name: 'Your choice' })).toBeNull()

    await user.click(await slot('Court 1', '09:00'))
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your booking' })
    expect(screen.queryByRole('group', { name: /^Durations at/ })).toBeNull()
    expect(screen.queryByText(/how long\?/)).toBeNull()
    expect(confirm.textContent).toContain('60 min')
    expect(confirm.textContent).toContain('12\u00A0€')
    await user.click(within(confirm).getByRole('button', { name: 'Add to Cart' }))
    await waitFor(() => expect(prebookBodies).toHaveLength(1))
    expect((prebookBodies[0]!.blocks as Body[]).map((block) => [block.resourceId, block.duration])).toEqual([
      [11, 60],
    ])
  })

  it.each([
    [360, 1],
    [479, 1],
    [480, 2],
    [600, 3],
    [1023, 3],
    [1024, 4],
    [1223, 4],
    [1224, 8],
    [1280, 8],
  ])('shows as many resources at once as the spec says at %i px: %i', async (width, shown) => {
    vi.stubGlobal('matchMedia', (query: string) => {
      const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? NaN)
      return {
        matches: Number.isFinite(min) ? width >= min : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }
    })
    const courts = (date: string) =>
      Array.from({ length: 10 }, (_, i) => court(20 + i, `Court ${i + 1}`, date))
    bookingServer({ resources: courts })
    renderPage('/bookings/1')

    const carousel = await screen.findByRole('region', { name: 'Times by resource' })
    const slides = within(carousel).getAllByRole('group', { name: /of 10$/, hidden: true })
    expect(slides.filter((s) => s.getAttribute('aria-hidden') !== 'true')).toHaveLength(shown)
  })

  it('asks a visitor to log in when they choose a time, coming back to this page and day', async () => {
    bookingServer()
    const user = userEvent.setup()
    const date = addDays(firstDay(), 3)
    renderPage(`/bookings/1?date=${date}`)

    const chip = await slot('Court 1', '09:00')
    await user.click(chip)

    expect(getLoginPrompt()).toEqual({ open: true, mode: 'login', backUrl: `/bookings/1?date=${date}` })
    expect(chip.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('group', { name: 'Durations at 09:00' })).toBeNull()
  })

  it('books with a follow-up resource: the follow-up popup, the confirm popup, then the cart and the checkout', async () => {
    logIn()
    const { prebookBodies, followUpBodies } = bookingServer({ related: true })
    const user = userEvent.setup()
    renderPage('/bookings/1')

    const { followUps, rackets } = await followUpsAt(user, '12:00', 90)
    expect(followUpBodies[0]).toEqual({
      date: `${firstDay()} 12:00`,
      customerId: 7,
      bookingTypeResourceId: 7,
      bookingTypeId: 1,
      duration: 90,
    })
    await user.click(within(followUps).getByRole('button', { name: 'Continue' }))
    expect(within(followUps).getByRole('alert').textContent).toBe('Choose one of each.')
    await user.click(within(rackets).getByRole('radio', { name: /Rackets A/ }))
    await user.click(within(followUps).getByRole('button', { name: 'Continue' }))

    const confirm = await screen.findByRole('dialog', { name: 'Confirm your booking' })
    const text = confirm.textContent ?? ''
    expect(text).toContain('Padel')
    expect(text).toContain('12:00')
    expect(text).toContain('90 min')
    expect(text).toContain('21\u00A0€')
    expect(
      within(confirm)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Court 1', 'Rackets A'])
    expect(text).toContain('Free cancellation up to 24 hours before.')

    await user.click(within(confirm).getByRole('button', { name: 'Add to Cart' }))

    await waitFor(() => expect(where()).toBe('/checkout'))
    expect(prebookBodies[0]).toEqual({
      booking: {
        customerId: 7,
        bookingTypeId: 1,
        bookingTypeName: 'Padel',
        isValidated: false,
        sendCommunications: false,
        origin: 0,
        bookingByPlace: false,
      },
      customerIsParticipant: true,
      blocks: [
        {
          duration: 90,
          resourceId: 11,
          resourceName: 'Court 1',
          startDate: `${firstDay()} 12:00`,
          sstart: '12:00',
          noOnline: false,
          customerId: 7,
        },
        {
          duration: 90,
          resourceId: 71,
          resourceName: 'Rackets A',
          startDate: `${firstDay()} 12:00`,
          sstart: '12:00',
          noOnline: false,
          customerId: 7,
        },
      ],
      isMultiple: false,
    })
    expect(getCart().sales).toEqual([
      {
        id: 900,
        title: 'Padel · Court 1 · 90 min',
        saleNumber: 'B-900',
        pending: 21,
        cancelUrl: 'publicbookings/cancel/501/7',
        holdExpiresAt: '2099-01-01T10:15:00.000Z',
      },
    ])
    // On to the checkout, which pays it (its own tests show the hold counting down there).
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy()
  })

  it('offers "No, thanks" first for an optional follow-up, and Continue alone books without it', async () => {
    logIn()
    const { prebookBodies } = bookingServer({ related: 'optional' })
    const user = userEvent.setup()
    renderPage('/bookings/1')

    const { followUps, rackets } = await followUpsAt(user, '12:00', 90)
    const choices = within(rackets).getAllByRole('radio')
    expect(choices.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'No, thanks',
      'Rackets ATwo carbon rackets+ 3\u00A0€',
      'Rackets BIncluded',
    ])
    expect((choices[0] as HTMLInputElement).checked).toBe(true)

    // Changing one's mind back to "No, thanks" is a choice too.
    await user.click(choices[1]!)
    await user.click(choices[0]!)
    await user.click(within(followUps).getByRole('button', { name: 'Continue' }))

    const confirm = await screen.findByRole('dialog', { name: 'Confirm your booking' })
    expect(confirm.textContent).toContain('18\u00A0€')
    expect(
      within(confirm)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Court 1'])
    await user.click(within(confirm).getByRole('button', { name: 'Add to Cart' }))
    await waitFor(() => expect(prebookBodies).toHaveLength(1))
    expect((prebookBodies[0]!.blocks as Body[]).map((block) => block.resourceId)).toEqual([11])
  })

  it('offers only "No, thanks" for an optional follow-up with nothing free', async () => {
    logIn()
    bookingServer({
      related: 'optional',
      followUps: () => contractResponse(bookingRoutes.dateAvailability, { ok: true, model: [] }),
    })
    const user = userEvent.setup()
    renderPage('/bookings/1')

    const { followUps, rackets } = await followUpsAt(user, '09:00', 60)
    expect(
      within(rackets)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['No, thanksNone free at this time'])
    await user.click(within(followUps).getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('dialog', { name: 'Confirm your booking' })).toBeTruthy()
  })

  it('says so when no follow-up resource is free, and closing the popup clears the chosen time', async () => {
    logIn()
    bookingServer({
      related: true,
      followUps: () => contractResponse(bookingRoutes.dateAvailability, { ok: true, model: [] }),
    })
    const user = userEvent.setup()
    renderPage('/bookings/1')

    const chip = await slot('Court 1', '09:00')
    await user.click(chip)
    await user.click(
      within(screen.getByRole('group', { name: /^Durations at/ })).getByRole('button', { name: /^60 min/ }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Complete your booking' })
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Sorry, nothing found. Try with other filters.',
    )

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(chip.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('complementary', { name: 'Your choice' })).toBeNull()
  })

  it('lands a free booking on My bookings', async () => {
    logIn()
    bookingServer({
      prebook: () =>
        contractResponse(bookingRoutes.prebook, {
          ok: true,
          errorMsg: null,
          model: { serviceFree: true, bookingId: 502, description: 'Yoga room, 60 min', sale: null },
        }),
    })
    const user = userEvent.setup()
    renderPage('/bookings/1')

    await user.click(await slot('Court 1', '09:00'))
    await user.click(
      within(screen.getByRole('group', { name: /^Durations at/ })).getByRole('button', { name: /^60 min/ }),
    )
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add to Cart' }))

    await waitFor(() => expect(where()).toBe('/customer-bookings'))
    expect(getCart().sales).toEqual([])
  })

  it('reads the day again and says the time was just taken when the prebook answers slot_taken', async () => {
    logIn()
    const { listBodies } = bookingServer({
      prebook: () => errorResponse(409, 'slot_taken', 'This time was just booked by someone else.'),
    })
    const user = userEvent.setup()
    renderPage('/bookings/1')

    await user.click(await slot('Court 1', '09:00'))
    await user.click(
      within(screen.getByRole('group', { name: /^Durations at/ })).getByRole('button', { name: /^60 min/ }),
    )
    const asked = listBodies.length
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add to Cart' }))

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone has just booked that time. Choose another one.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(listBodies.length).toBe(asked + 1))
    expect(where()).toBe('/bookings/1')
  })

  it("offers no day after the type's days ahead: the last one has no next day, and a later one gives way to the first", async () => {
    bookingServer({ types: [padel, yoga] })
    const user = userEvent.setup()
    const today = firstBookableDay(Date.now(), 0, testSettings.timeZone)
    const view = renderPage(`/bookings/1?date=${addDays(today, 14)}`)
    await screen.findByRole('heading', { level: 2, name: 'Court 1' })
    expect(screen.getByRole('button', { name: 'Next day' }).hasAttribute('disabled')).toBe(true)
    await user.click(screen.getByRole('button', { name: /^Date:/ }))
    const grid = await screen.findByRole('grid')
    const lastDay = Number(addDays(today, 14).slice(8))
    const cell = within(grid)
      .getAllByRole('gridcell')
      .filter((c) => !c.hasAttribute('data-outside'))
      .find((c) => c.textContent === String(lastDay))
    expect(cell?.querySelector('button')?.disabled).toBe(false)
    view.unmount()

    const { listBodies } = bookingServer({ types: [padel, yoga] })
    renderPage(`/bookings/1?date=${addDays(today, 15)}`)
    await screen.findByRole('heading', { level: 2, name: 'Court 1' })
    expect(listBodies.map((b) => b.date)).not.toContain(addDays(today, 15))
  })

  it("shows the server's words for a refused prebook (too soon, too many holds), and the crash text when the call fails", async () => {
    logIn()
    let answer = () => errorResponse(422, 'too_soon', 'Book at least 60 minutes ahead.')
    bookingServer({ prebook: () => answer() })
    const user = userEvent.setup()
    renderPage('/bookings/1')

    await user.click(await slot('Court 1', '09:00'))
    await user.click(
      within(screen.getByRole('group', { name: /^Durations at/ })).getByRole('button', { name: /^60 min/ }),
    )
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Book at least 60 minutes ahead.')

    // The customer holds as many unpaid bookings as the centre allows (decision 074).
    const holdLimit =
      'You already have 2 bookings waiting to be paid. Pay for them or remove one from your cart first.'
    answer = () => errorResponse(409, 'hold_limit', holdLimit)
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }))
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(holdLimit))
    expect(getCart().sales).toEqual([])

    answer = () => errorResponse(500, 'internal', 'Something went wrong.')
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Oops! Technical problems. Please try again in a few minutes.',
      ),
    )
    expect(where()).toBe('/bookings/1')
  })

  it('moves on to the next day when the first one has nothing free left', async () => {
    const first = firstDay()
    const { listBodies } = bookingServer({
      resources: (date) =>
        date === first
          ? [{ ...court(11, 'Court 1', date), timeTable: [entry(date, '21:00', { available: false })] }]
          : [court(11, 'Court 1', date)],
    })
    renderPage('/bookings/1')
    expect(await slot('Court 1', '09:00')).toBeTruthy()
    expect(listBodies.map((b) => b.date)).toEqual([first, addDays(first, 1)])
    expect(where()).toBe('/bookings/1')
  })

  it('leaves out the times that have gone by today, and reads taken only the times booked by others', async () => {
    // 11:15 in Madrid: 09:00 and 10:30 are past, 12:00 is closer than the hour's anticipation.
    vi.setSystemTime(atCentreTime('2026-06-03 11:15'))
    const today = '2026-06-03'
    const tomorrow = '2026-06-04'
    bookingServer({
      resources: (date) =>
        date === today
          ? [
              {
                ...court(11, 'Court 1', date),
                timeTable: [
                  entry(date, '09:00', { available: false }),
                  entry(date, '10:30', { available: false }),
                  entry(date, '12:00', { available: false }),
                  entry(date, '12:30'),
                  entry(date, '13:00', { available: false }),
                ],
              },
              {
                ...court(12, 'Court 2', date),
                timeTable: [
                  entry(date, '09:00', { available: false }),
                  entry(date, '10:30', { available: false }),
                ],
              },
            ]
          : [court(11, 'Court 1', date), court(12, 'Court 2', date)],
    })
    const view = renderPage(`/bookings/1?date=${today}`)

    const court1 = (await screen.findByRole('heading', { level: 2, name: 'Court 1' })).closest('article')!
    const chips = within(within(court1).getByRole('list', { name: 'Times of Court 1' })).getAllByRole(
      'listitem',
    )
    expect(chips.map((chip) => chip.textContent)).toEqual(['12:30', '13:00 taken'])
    const court2 = screen
      .getByRole('heading', { level: 2, name: 'Court 2', hidden: true })
      .closest('article')!
    expect(within(court2).queryByRole('list')).toBeNull()
    expect(within(court2).getByText('No times left to book this day.')).toBeTruthy()
    view.unmount()

    // Tomorrow's morning is still ahead: its 09:00 is there, its taken 10:30 reads taken.
    renderPage(`/bookings/1?date=${tomorrow}`)
    const next = (await screen.findByRole('heading', { level: 2, name: 'Court 1' })).closest('article')!
    expect(
      within(within(next).getByRole('list', { name: 'Times of Court 1' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['09:00', '10:30 taken', '12:00'])
  })

  it("keeps a time the server still offers, whatever the browser's clock says", async () => {
    // A browser whose clock runs an hour fast: the server, whose clock decides, still offers 10:30.
    vi.setSystemTime(atCentreTime('2026-06-03 10:15'))
    bookingServer()
    renderPage('/bookings/1?date=2026-06-03')
    expect(await slot('Court 1', '12:00')).toBeTruthy()
    expect(await slot('Court 1', '09:00')).toBeTruthy()
  })

  it("starts on the next day when all of today's remaining times have gone by", async () => {
    vi.setSystemTime(atCentreTime('2026-06-03 21:10'))
    const today = '2026-06-03'
    const { listBodies } = bookingServer({
      resources: (date) =>
        date === today
          ? [
              {
                ...court(11, 'Court 1', date),
                // As the server answers late in the evening: every time past, none taken.
                timeTable: ['09:00', '10:30', '12:00', '21:00', '21:30'].map((time) =>
                  entry(date, time, { available: false }),
                ),
              },
            ]
          : [court(11, 'Court 1', date)],
    })
    renderPage('/bookings/1')
    expect(await slot('Court 1', '09:00')).toBeTruthy()
    expect(listBodies.map((b) => b.date)).toEqual([today, '2026-06-04'])
    expect(where()).toBe('/bookings/1')
  })

  it("says why nothing can be booked on an empty day, and shows the server's words when the day is refused", async () => {
    const warn = expectWarnings()
    const view = (() => {
      bookingServer({
        list: () =>
          contractResponse(bookingRoutes.list, {
            ok: true,
            errorMsg: null,
            model: {
              list: [],
              multipleResources: [],
              relatedResourceTypes: [],
              errorMsg: 'The centre is closed.',
            },
          }),
      })
      return renderPage('/bookings/1')
    })()
    expect(await screen.findByText('The centre is closed.')).toBeTruthy()
    view.unmount()

    bookingServer({
      list: () => errorResponse(422, 'booking_type_closed', 'Padel is not booked online any more.'),
    })
    renderPage('/bookings/1')
    expect(await screen.findByText('Padel is not booked online any more.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Crash getting bookings list', expect.anything())
  })

  it('shows the crash text when the filters cannot be loaded', async () => {
    const warn = expectWarnings()
    fakeServer({
      '/api/publicbookings/filters/1': () => errorResponse(500, 'internal', 'Something went wrong.'),
    })
    renderPage('/bookings/1')
    expect(
      await screen.findByText('Oops! Technical problems. Please try again in a few minutes.'),
    ).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Crash getting booking filters', expect.anything())
  })

  it('sends a type booked by place to the by-place page', async () => {
    bookingServer()
    renderPage('/bookings/3')
    await waitFor(() => expect(where()).toBe('/bookings-byplace/3'))
  })

  it('enables only the days from now plus the anticipation in the calendar', async () => {
    bookingServer({
      types: [padel, yoga],
    })
    const user = userEvent.setup()
    renderPage('/bookings/1')
    await screen.findByRole('heading', { level: 2, name: 'Court 1' })

    expect(screen.getByRole('button', { name: 'Previous day' }).hasAttribute('disabled')).toBe(true)
    await user.click(screen.getByRole('button', { name: /^Date:/ }))
    const grid = await screen.findByRole('grid')
    const day = Number(firstDay().slice(8))
    const cells = within(grid).getAllByRole('gridcell')
    const buttonOf = (n: number) =>
      cells
        .filter((cell) => !cell.hasAttribute('data-outside'))
        .find((cell) => cell.textContent === String(n))
        ?.querySelector('button')
    expect(buttonOf(day)?.disabled).toBe(false)
    if (day > 1) expect(buttonOf(day - 1)?.disabled).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Next day' }))
    await waitFor(() => expect(where()).toMatch(/^\/bookings\/1\?date=\d{4}-\d{2}-\d{2}$/))
    await act(async () => {})
    expect(screen.getByRole('button', { name: 'Previous day' }).hasAttribute('disabled')).toBe(false)
  })
})
