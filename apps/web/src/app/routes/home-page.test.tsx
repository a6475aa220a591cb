import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { activityRoutes, bookingRoutes } from '@clubhouse/contract'
import { padel } from '../../test/bookings-data.ts'
import { contractResponse, fakeServer } from '../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { HomePage } from './home-page.tsx'
import { expectWarnings } from '../../test/console-watch.ts'
import { onTheSpanishSite } from '../../test/language.ts'

const template = {
  mainTrandingProductImage: '/uploads/trending.svg',
  number1: 12,
  number2: null,
  number3: 35,
  number4: null,
  textNumbers1: 'Padel courts',
  textNumbers2: '',
  textNumbers3: 'Classes a week',
  textNumbers4: '',
  image1: '/uploads/slide-1.svg',
  image2: '',
  image3: '',
  textColor1: '#ffffff',
  textColor2: '',
  textColor3: '',
  textSlideInLeft1: 'Your next match starts here',
  textSlideInLeft2: '',
  textSlideInLeft3: '',
  textSlideInUp1: '12 courts, 8 of them covered.',
  textSlideInUp2: '',
  textSlideInUp3: '',
  textSmall1: 'Padel in València',
  textSmall2: '',
  textSmall3: '',
  textButton1: 'Book a court',
  textButton2: '',
  textButton3: '',
  urlButton1: '/bookingtypes',
  urlButton2: '',
  urlButton3: '',
}
const product = (id: number, name: string) => ({
  id,
  name,
  logo: `/uploads/p${id}.svg`,
  detailImage: '',
  grossPrice: 10 + id,
  price: 8,
  taxPercent: 21,
  detail: '',
  description: '',
  productTypeId: 1,
  created: '2025-05-01T10:00:00Z',
  stock: null,
  hasStock: true,
  transportRequired: false,
  variants: [],
})
const block = (id: number, title: string, textBlockType: number) => ({
  id,
  title,
  text: `<p>${title} text</p>`,
  smalText: '',
  image: '',
  name: `Person ${id}`,
  created: '2025-05-01T10:00:00Z',
  textBlockType,
})

const empty = {
  '/api/publicactivities/list': () => jsonResponse({ ok: true, model: [] }),
  '/api/czconfigs/template': () =>
    jsonResponse({
      ok: true,
      data: {
        ...template,
        image1: '',
        textSlideInLeft1: '',
        number1: null,
        number3: null,
        mainTrandingProductImage: '',
      },
    }),
  '/api/banners/open-list': () => jsonResponse({ rowData: [] }),
  '/api/products/trending-products': () => jsonResponse({ ok: true, data: [] }),
  '/api/products/popular-products': () => jsonResponse({ ok: true, data: [] }),
  '/api/fileuploads/open-list': () => jsonResponse({ ok: true, data: [] }),
  '/api/cztextblocks/list': () => jsonResponse({ rowData: [] }),
  '/api/cztextblocks/list-with-users': () => jsonResponse([]),
  '/api/publicbookings/booking-types-list': () =>
    contractResponse(bookingRoutes.bookingTypesList, { ok: true, model: [] }),
}

const full = {
  '/api/publicactivities/list': () => jsonResponse({ ok: true, model: [] }),
  '/api/czconfigs/template': () => jsonResponse({ ok: true, data: template }),
  '/api/banners/open-list': () =>
    jsonResponse({
      rowData: [
        {
          id: 1,
          title: 'Summer camp',
          text: '<p>Book <b>now</b></p>',
          image: '/uploads/b1.svg',
          url: '/shop',
        },
        {
          id: 2,
          title: 'Gift cards',
          text: '<p>For any amount</p>',
          image: null,
          url: 'https://example.com/gift',
        },
      ],
    }),
  '/api/products/trending-products': () =>
    jsonResponse({ ok: true, data: [product(1, 'Racket'), product(2, 'Balls')] }),
  '/api/products/popular-products': () =>
    jsonResponse({ ok: true, data: [product(3, 'Bag'), product(4, 'Bottle')] }),
  '/api/fileuploads/open-list': (url: URL) =>
    jsonResponse({
      ok: true,
      data:
        url.searchParams.get('category') === 'CzGallery'
          ? [{ url: '/uploads/g1.svg', description: '', title: 'The courts' }]
          : [{ url: '/uploads/s1.svg', description: 'https://www.cafe-brisa.es' }],
    }),
  '/api/cztextblocks/list': (url: URL) => {
    const type = (
      JSON.parse(url.searchParams.get('gridstatus') ?? '{}') as {
        filterModel: { TextBlockType: { filter: number } }
      }
    ).filterModel.TextBlockType.filter
    return jsonResponse({
      rowData: type === 1 ? [block(20, 'Member since 2023', 1)] : [block(30, 'Head coach', 2)],
    })
  },
  '/api/cztextblocks/list-with-users': () => jsonResponse([block(5, 'Summer tournament', 0)]),
  '/api/publicbookings/booking-types-list': () =>
    contractResponse(bookingRoutes.bookingTypesList, { ok: true, model: [padel] }),
}

describe('the home page', () => {
  it('shows every section that has data', async () => {
    fakeServer(full)
    renderWithApp(<HomePage />)

    expect(await screen.findByText('Your next match starts here')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Club Mistral' })).toBeTruthy()
    const direct = await screen.findByRole('navigation', { name: 'Book directly' })
    expect(within(direct).getByRole('link', { name: 'Padel' }).getAttribute('href')).toBe('/bookings/1')
    expect(await screen.findByRole('link', { name: /Summer camp/ })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Gift cards For any amount/ }).getAttribute('href')).toBe(
      'https://example.com/gift',
    )
    for (const name of [
      'Trending products',
      'Gallery',
      'Us in numbers',
      'What our members say',
      'Our team',
      'Popular products',
      'Latest from the blog',
      'Our sponsors',
      'Plan your visit',
    ]) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy()
    }
    expect(screen.getByRole('link', { name: 'Summer tournament' }).getAttribute('href')).toBe('/post/5')
    expect(screen.getByRole('link', { name: /^Sponsor: cafe-brisa.es/ }).getAttribute('href')).toBe(
      'https://www.cafe-brisa.es',
    )
  })

  it('names the trending picture by its caption and each sponsor by its name, linking to them', async () => {
    fakeServer({
      ...full,
      '/api/czconfigs/template': () =>
        jsonResponse({
          ok: true,
          data: { ...template, mainTrandingProductText: 'The new padel collection' },
        }),
      '/api/fileuploads/open-list': (url: URL) =>
        jsonResponse({
          ok: true,
          data:
            url.searchParams.get('category') === 'CzGallery'
              ? [{ url: '/uploads/g1.svg', description: '', title: 'The courts' }]
              : [
                  {
                    url: '/uploads/s1.svg',
                    description: 'https://tramontana.example',
                    title: 'Tramontana Padel',
                  },
                  { url: '/uploads/s2.svg', description: 'https://xaloc.example', title: 'Xaloc Sports' },
                ],
        }),
    })
    renderWithApp(<HomePage />)

    const trending = (await screen.findByRole('heading', { level: 2, name: 'Trending products' })).closest(
      'section',
    )!
    const feature = within(trending).getByRole('link', { name: 'The new padel collection' })
    expect(feature.getAttribute('href')).toBe('/shop')
    expect(within(feature).getByText('The new padel collection')).toBeTruthy()

    const sponsors = (await screen.findByRole('heading', { level: 2, name: 'Our sponsors' })).closest(
      'section',
    )!
    const tramontana = within(sponsors).getByRole('link', { name: /^Tramontana Padel/ })
    expect(tramontana.getAttribute('href')).toBe('https://tramontana.example')
    expect(within(tramontana).getByText('Tramontana Padel')).toBeTruthy()
    expect(within(sponsors).getByText('Xaloc Sports')).toBeTruthy()
  })

  it('gives the trending picture a caption of its own when the centre wrote none', async () => {
    fakeServer(full)
    renderWithApp(<HomePage />)
    const trending = (await screen.findByRole('heading', { level: 2, name: 'Trending products' })).closest(
      'section',
    )!
    expect(
      within(trending).getByRole('link', { name: 'See what is trending in our shop' }).getAttribute('href'),
    ).toBe('/shop')
  })

  it('shows only the counters that have a number', async () => {
    fakeServer(full)
    renderWithApp(<HomePage />)

    const numbers = (await screen.findByRole('heading', { name: 'Us in numbers' })).closest('section')!
    const items = within(numbers).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('.numbers__label')?.textContent)).toEqual([
      'Padel courts',
      'Classes a week',
    ])
    // Without IntersectionObserver (jsdom) the counters count as seen; they end on their number.
    await waitFor(() =>
      expect(within(numbers).getByText('35', { selector: '.visually-hidden' })).toBeTruthy(),
    )
  })

  it('leaves out every section whose data is empty and opens under the header image instead of a slider', async () => {
    const fetchMock = fakeServer(empty)
    renderWithApp(<HomePage />, { settings: { headerImage: '/uploads/header.svg' } })

    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(9))
    await waitFor(() => expect(screen.queryByLabelText('Loading…')).toBeNull())
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(headings).toEqual(['Plan your visit'])
    expect(screen.getByRole('heading', { level: 1, name: 'Club Mistral' }).closest('.hero')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull()
  })

  it('leaves a section out when its data cannot be loaded, and logs the failure', async () => {
    expectWarnings()
    fakeServer({ ...full, '/api/banners/open-list': () => jsonResponse({ ok: false }, { status: 500 }) })
    renderWithApp(<HomePage />)

    expect(await screen.findByRole('heading', { name: 'Our team' })).toBeTruthy()
    await waitFor(
      () => expect(console.warn).toHaveBeenCalledWith('Crash getting banners', expect.anything()),
      {
        timeout: 5000,
      },
    )
    expect(screen.queryByRole('heading', { name: 'News and offers' })).toBeNull()
  })

  it('offers at most 5 booking types flagged for the home page, and View all when there are more than 5', async () => {
    const types = Array.from({ length: 7 }, (_, i) => ({
      ...padel,
      id: i + 1,
      name: `Type ${i + 1}`,
      showInMainPage: i !== 1,
      byPlace: i === 2,
    }))
    fakeServer({
      ...empty,
      '/api/publicbookings/booking-types-list': () =>
        contractResponse(bookingRoutes.bookingTypesList, { ok: true, model: types }),
    })
    renderWithApp(<HomePage />)

    const menu = await screen.findByRole('navigation', { name: 'Book directly' })
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Type 1', '/bookings/1'],
      ['Type 3', '/bookings-byplace/3'],
      ['Type 4', '/bookings/4'],
      ['Type 5', '/bookings/5'],
      ['Type 6', '/bookings/6'],
      ['View all…', '/bookingtypes'],
    ])
  })

  it('offers no View all with 5 types or fewer', async () => {
    const model = [padel, { ...padel, id: 2, name: 'Tennis' }]
    fakeServer({
      ...empty,
      '/api/publicbookings/booking-types-list': () =>
        contractResponse(bookingRoutes.bookingTypesList, { ok: true, model }),
    })
    renderWithApp(<HomePage />)
    const menu = await screen.findByRole('navigation', { name: 'Book directly' })
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Padel', 'Tennis'])
  })
  const activities = [
    { id: 5, name: 'Sunrise yoga', poster: '/uploads/yoga.jpg', start: '2099-06-13T08:00:00.000Z' },
    { id: 6, name: 'Padel clinic', poster: '', start: '2099-06-20T16:00:00.000Z' },
  ]
  const withActivities = () =>
    fakeServer({
      ...empty,
      '/api/publicactivities/list': () =>
        contractResponse(activityRoutes.activitiesList, { ok: true, model: activities }),
    })
  /** The More Info links of the Activities section: text, accessible name, hidden part, target. */
  async function moreInfoLinks(heading: string, more: RegExp) {
    const section = (await screen.findByRole('heading', { level: 2, name: heading })).closest('section')!
    const links = await within(section).findAllByRole('link', { name: more })
    return links.map((link) => ({
      text: link.textContent,
      hidden: link.querySelector('.visually-hidden')?.textContent,
      href: link.getAttribute('href'),
    }))
  }

  // The link's own text names its activity (a hidden part after the visible More Info), so a
  // screen reader's list of links and a search engine (Lighthouse's link-text audit) tell them apart.
  it('shows the open activities, each with More Info to its page, its text naming the activity', async () => {
    withActivities()
    renderWithApp(<HomePage />)
    expect(await moreInfoLinks('Activities', /^More Info about/)).toEqual([
      { text: 'More Info about Sunrise yoga', hidden: 'about Sunrise yoga', href: '/activity/5' },
      { text: 'More Info about Padel clinic', hidden: 'about Padel clinic', href: '/activity/6' },
    ])
  })

  describe('in Spanish', () => {
    onTheSpanishSite()
    it('names the activity in the text of each Más información link', async () => {
      withActivities()
      renderWithApp(<HomePage />)
      expect(await moreInfoLinks('Actividades', /^Más información sobre/)).toEqual([
        { text: 'Más información sobre Sunrise yoga', hidden: 'sobre Sunrise yoga', href: '/activity/5' },
        { text: 'Más información sobre Padel clinic', hidden: 'sobre Padel clinic', href: '/activity/6' },
      ])
    })
  })
})
