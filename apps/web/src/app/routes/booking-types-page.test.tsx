import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useLocation } from 'react-router'
import { bookingRoutes, type BookingType } from '@clubhouse/contract'
import { filtersModel, padel, spinning, yoga } from '../../test/bookings-data.ts'
import { contractResponse, errorResponse, fakeServer } from '../../test/fake-server.ts'
import { renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { expectWarnings } from '../../test/console-watch.ts'

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

const typesServer = (types: BookingType[]) =>
  fakeServer({
    '/api/publicbookings/booking-types-list': () =>
      contractResponse(bookingRoutes.bookingTypesList, { ok: true, model: types }),
    // Where the only type leads: its own booking page.
    ...Object.fromEntries(
      types.map((type) => [
        `/api/publicbookings/filters/${type.id}`,
        () => contractResponse(bookingRoutes.filtersOfType, { ok: true, model: filtersModel(types) }),
      ]),
    ),
  })

const renderIndex = () =>
  renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route: '/bookingtypes' },
  )

describe('the booking types index', () => {
  it('shows a skeleton, then a card per type with its image, description, price and extended description', async () => {
    typesServer([padel, yoga, spinning])
    renderIndex()

    expect(await screen.findByText('Loading…', { selector: '.booking-type-grid [role=status]' })).toBeTruthy()
    const card = (await screen.findByRole('heading', { level: 2, name: 'Padel' })).closest('article')!
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/uploads/padel.svg')
    expect(within(card).getByText('Glass courts, 8 of them covered.')).toBeTruthy()
    expect(within(card).getByText('From 12 €')).toBeTruthy()
    expect(within(card).getByText('reception').tagName).toBe('STRONG')
    const yogaCard = screen.getByRole('heading', { level: 2, name: 'Yoga room' }).closest('article')!
    expect(within(yogaCard).getByText('Free')).toBeTruthy()
  })

  it('links a type booked by place to the by-place page and every other to booking by type', async () => {
    typesServer([
      padel,
      yoga,
      spinning,
      { ...spinning, id: 4, name: 'Pilates', allowCreateBookByPlace: true },
    ])
    renderIndex()

    const href = async (name: string) =>
      (await screen.findByRole('link', { name: `Book ${name}` })).getAttribute('href')
    expect(await href('Padel')).toBe('/bookings/1')
    expect(await href('Spinning')).toBe('/bookings-byplace/3')
    expect(await href('Pilates')).toBe('/bookings/4')
  })

  it('filters by category: All and one button per category', async () => {
    typesServer([padel, yoga, spinning])
    const user = userEvent.setup()
    renderIndex()

    const filter = await screen.findByRole('group', { name: 'Category' })
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Courts', 'Rooms', 'Classes'])
    await user.click(within(filter).getByRole('button', { name: 'Rooms' }))
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Yoga room'])
    await user.click(within(filter).getByRole('button', { name: 'All' }))
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 })).toHaveLength(3)
  })

  it('goes straight to the only type there is', async () => {
    typesServer([spinning])
    renderIndex()
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bookings-byplace/3'))
  })

  it('says when there is nothing to book, and offers to try again when the list cannot be loaded', async () => {
    const warn = expectWarnings()
    typesServer([])
    const view = renderIndex()
    expect(await screen.findByText('There is nothing to book online right now.')).toBeTruthy()
    view.unmount()

    fakeServer({
      '/api/publicbookings/booking-types-list': () => errorResponse(500, 'internal', 'Something went wrong.'),
    })
    renderIndex()
    expect(await screen.findByText('We could not load what can be booked.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Crash getting booking types', expect.anything())
  })
})
