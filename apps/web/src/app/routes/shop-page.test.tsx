import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SEARCH_DELAY_MS } from '../../components/ui/list-controls.tsx'
import { fakeServer } from '../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'

const product = (id: number, name: string, grossPrice: number, productTypeId = 1) => ({
  id,
  name,
  logo: '',
  detailImage: '',
  grossPrice,
  price: grossPrice,
  taxPercent: 21,
  detail: '',
  description: '',
  productTypeId,
  created: '2025-05-01T10:00:00Z',
  stock: null,
  hasStock: true,
  transportRequired: false,
  variants: [],
})

interface Status {
  sortModel: { colId: string; sort: string }[]
  filterModel: Record<string, { filter: unknown }>
}

/** A shop of 45 products; records the gridStatus of every list call. */
function shopServer() {
  const asked: { startRow: number; status: Status }[] = []
  const fetchMock = fakeServer({
    '/api/shop/list': (url) => {
      const status = JSON.parse(url.searchParams.get('gridStatus') ?? '{}') as Status
      const startRow = Number(url.searchParams.get('startRow'))
      asked.push({ startRow, status })
      const rows = Array.from({ length: 45 }, (_, i) => product(i + 1, `Product ${i + 1}`, 10 + i))
      return jsonResponse({
        ok: true,
        data: rows.slice(startRow, Number(url.searchParams.get('endRow'))),
        popular: [product(99, 'Popular racket', 120)],
        productTypes: [
          { id: 1, name: 'Rackets' },
          { id: 2, name: 'Balls' },
        ],
        totalCount: 45,
      })
    },
  })
  return { asked, fetchMock, last: () => asked[asked.length - 1]! }
}

beforeEach(() => {})

describe('the shop page', () => {
  it('shows the count, the products with Add to cart, the popular list and the pages', async () => {
    shopServer()
    renderWithApp(<AppRoutes />, { route: '/shop' })

    // The first render of the file loads the lazy page: allow for a busy machine.
    expect(await screen.findByText('Showing 1–30 of 45 results', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Product 1' }).getAttribute('href')).toBe('/shop/1')
    expect(screen.getAllByRole('button', { name: /^Add to cart/ })).toHaveLength(30)
    const popular = screen.getByRole('complementary', { name: 'Popular products' })
    expect(within(popular).getByRole('link', { name: 'Popular racket' })).toBeTruthy()
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/shop?page=2')
  })

  it('keeps the place of the product type row while the list loads, then shows the types', async () => {
    shopServer()
    renderWithApp(<AppRoutes />, { route: '/shop' })

    expect(await screen.findByTestId('type-filter-loading')).toBeTruthy()
    const types = await screen.findByRole('group', { name: 'Product type' })
    expect(
      within(types)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Rackets', 'Balls'])
    expect(screen.queryByTestId('type-filter-loading')).toBeNull()
  })

  it('asks for page 2 from its address', async () => {
    const server = shopServer()
    renderWithApp(<AppRoutes />, { route: '/shop?page=2&sort=2' })

    expect(await screen.findByText('Showing 31–45 of 45 results')).toBeTruthy()
    expect(server.last().startRow).toBe(30)
    expect(server.last().status.sortModel).toEqual([{ colId: 'GrossPrice', sort: 'asc' }])
  })

  it('honours ?search= and searches only when the text is empty or longer than 3 characters', async () => {
    const server = shopServer()
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />, { route: '/shop?search=grip' })

    const box = await screen.findByRole('searchbox', { name: 'Search products' })
    expect((box as HTMLInputElement).value).toBe('grip')
    await waitFor(() => expect(server.last().status.filterModel.search?.filter).toBe('grip'))

    await user.clear(box)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    try {
      await user.type(box, 'pad')
      expect(await screen.findByText('Type at least 4 characters to search.')).toBeTruthy()
      // Well past the moment a search would be sent after the last key.
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS * 2))
    } finally {
      vi.useRealTimers()
    }
    await user.type(box, 'el')
    await waitFor(() => expect(server.last().status.filterModel.search?.filter).toBe('padel'))
    // Lists are asked in order: a search for "pad" would have come before the one for "padel".
    expect(server.asked.map((a) => a.status.filterModel.search?.filter)).not.toContain('pad')

    await user.clear(box)
    await waitFor(() => expect(server.last().status.filterModel.search).toBeUndefined())
  })

  it('keeps two quick choices: a type and a sort', async () => {
    const server = shopServer()
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />, { route: '/shop' })

    await user.click(await screen.findByRole('button', { name: 'Balls' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low')

    await waitFor(() =>
      expect(server.last().status).toEqual({
        sortModel: [{ colId: 'GrossPrice', sort: 'desc' }],
        filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: 2 } },
      }),
    )
    expect(screen.getByRole('button', { name: 'Balls' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('is not offered by a centre without a shop', async () => {
    shopServer()
    renderWithApp(<AppRoutes />, { route: '/shop', settings: { hasShop: false } })

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy()
  })
})
