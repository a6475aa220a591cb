import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useLocation } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { fakeServer } from '../../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../../test/render.tsx'
import { interleave, LIVE_SEARCH_DELAY_MS } from '../api/search-site.ts'
import { SiteSearchBox } from './site-search-box.tsx'

const product = (id: number) => ({
  id,
  name: `Racket ${id}`,
  logo: '',
  detailImage: '',
  grossPrice: 50 + id,
  price: 40,
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
const post = (id: number) => ({
  id,
  title: `Padel post ${id}`,
  text: '',
  smalText: '',
  image: '',
  name: 'Laura',
  created: '2025-05-01T10:00:00Z',
  textBlockType: 0,
})

function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{`${pathname}${search}`}</p>
}

function searchServer() {
  const searched: string[] = []
  const fetchMock = fakeServer({
    '/api/shop/list': (url) => {
      searched.push(
        `shop:${JSON.parse(url.searchParams.get('gridStatus') ?? '{}').filterModel.search.filter}`,
      )
      expect(url.searchParams.get('endRow')).toBe('4')
      return jsonResponse({
        ok: true,
        data: [1, 2, 3].map(product),
        popular: [],
        productTypes: [],
        totalCount: 3,
      })
    },
    '/api/cztextblocks/list-by-page': (url) => {
      searched.push(
        `blog:${JSON.parse(url.searchParams.get('gridStatus') ?? '{}').filterModel.search.filter}`,
      )
      return jsonResponse({ ok: true, data: [7, 8].map(post), totalCount: 2 })
    },
  })
  return { searched, fetchMock }
}

const renderSearch = (hasShop = true) =>
  renderWithApp(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SiteSearchBox />
            <Where />
          </>
        }
      />
    </Routes>,
    { settings: { hasShop } },
  )

describe('the site search', () => {
  it('waits for a third character, then suggests 4 products and posts taking turns', async () => {
    const { searched } = searchServer()
    const user = userEvent.setup()
    renderSearch()
    const box = screen.getByRole('combobox', { name: 'Search the site' })

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    try {
      await user.type(box, 'pa')
      // Well past the moment the suggestions would be asked for after the last key.
      await act(() => vi.advanceTimersByTimeAsync(LIVE_SEARCH_DELAY_MS * 2))
      expect(box.getAttribute('aria-expanded')).toBe('false')
    } finally {
      vi.useRealTimers()
    }

    await user.type(box, 'd')
    const list = await screen.findByRole('listbox', { name: 'Suggestions' })
    const options = await within(list).findAllByRole('option')
    expect(options.map((o) => o.querySelector('.site-search__title')?.textContent)).toEqual([
      'Racket 1',
      'Padel post 7',
      'Racket 2',
      'Padel post 8',
    ])
    // Asked in order: suggestions for "pa" would have been asked for before those for "pad".
    expect(searched.sort()).toEqual(['blog:pad', 'shop:pad'])
    expect(box.getAttribute('aria-expanded')).toBe('true')
  })

  it('opens a suggestion chosen with the arrow keys', async () => {
    searchServer()
    const user = userEvent.setup()
    renderSearch()
    const box = screen.getByRole('combobox', { name: 'Search the site' })

    await user.type(box, 'padel')
    await screen.findAllByRole('option')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id)
    await user.keyboard('{Enter}')

    expect(screen.getByTestId('where').textContent).toBe('/post/7')
    expect((box as HTMLInputElement).value).toBe('')
  })

  it('opens the shop searched for the text on Enter when it is longer than 3 characters', async () => {
    searchServer()
    const user = userEvent.setup()
    renderSearch()

    await user.type(screen.getByRole('combobox', { name: 'Search the site' }), 'grip{Enter}')

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/shop?search=grip'))
  })

  it('searches posts only when the centre has no shop', async () => {
    const { searched } = searchServer()
    const user = userEvent.setup()
    renderSearch(false)

    await user.type(screen.getByRole('combobox', { name: 'Search the site' }), 'padel')

    expect(await screen.findAllByRole('option')).toHaveLength(2)
    expect(searched).toEqual(['blog:padel'])
  })
})

describe("the menu's search box", () => {
  const renderBox = () =>
    renderWithApp(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SiteSearchBox id="menu-search" />
              <Where />
            </>
          }
        />
      </Routes>,
    )
  /** The live search has taken the box's place (its input is described by the hint). */
  const liveBox = () =>
    waitFor(() => {
      const box = screen.getByRole('combobox', { name: 'Search the site' })
      expect(box.getAttribute('aria-describedby')).toBeTruthy()
      return box as HTMLInputElement
    })

  it('shows the box at once and loads the live search when it is focused, keeping the focus', async () => {
    searchServer()
    const user = userEvent.setup()
    renderBox()
    const first = screen.getByRole('combobox', { name: 'Search the site' })
    expect(first.getAttribute('placeholder')).toBe('Search…')
    expect(first.getAttribute('aria-describedby')).toBeNull()

    await user.click(first)
    const box = await liveBox()
    expect(box.id).toBe('menu-search')
    expect(document.activeElement).toBe(box)

    await user.keyboard('pad')
    const list = await screen.findByRole('listbox', { name: 'Suggestions' })
    expect(await within(list).findAllByRole('option')).toHaveLength(4)
    await user.keyboard('el{Enter}')
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/shop?search=padel'))
  })

  it('keeps what was typed before the live search loaded, the caret after it', async () => {
    searchServer()
    const user = userEvent.setup()
    renderBox()
    const first = screen.getByRole('combobox', { name: 'Search the site' })
    first.focus()
    fireEvent.change(first, { target: { value: 'pad' } })

    const box = await liveBox()
    expect(box.value).toBe('pad')
    expect(document.activeElement).toBe(box)
    expect(box.selectionStart).toBe(3)
    expect(await screen.findAllByRole('option')).toHaveLength(4)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})

describe('taking turns', () => {
  it('fills up with the other kind when one runs out', () => {
    expect(interleave<number | string>([1, 2, 3], ['a'], 4)).toEqual([1, 'a', 2, 3])
    expect(interleave<string>([], ['a', 'b', 'c', 'd', 'e'], 4)).toEqual(['a', 'b', 'c', 'd'])
  })
})
