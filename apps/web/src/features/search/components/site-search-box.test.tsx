import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useLocation } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { fakeServer } from '../../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../../test/render.tsx'
import { SiteSearchBox } from './site-search-box.tsx'

// The live search's code arrives only when the test lets it: what a slow phone does while the
// visitor is already typing.
const codeArrives = vi.hoisted(() => {
  let open: () => void = () => {}
  const gate = new Promise<void>((resolve) => (open = resolve))
  return { gate, open: () => open() }
})
vi.mock('./site-search.tsx', async (importOriginal) => {
  await codeArrives.gate
  return importOriginal()
})

function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{`${pathname}${search}`}</p>
}

describe("the menu's search box while the live search's code loads", () => {
  it('keeps every letter typed at once after focusing, and suggests for the whole word when the code arrives', async () => {
    const searched: string[] = []
    fakeServer({
      '/api/shop/list': (url) => {
        searched.push(JSON.parse(url.searchParams.get('gridStatus') ?? '{}').filterModel.search.filter)
        return jsonResponse({
          ok: true,
          data: [
            {
              id: 1,
              name: 'Pilates mat',
              logo: '',
              detailImage: '',
              grossPrice: 30,
              price: 24.79,
              taxPercent: 21,
              detail: '',
              description: '',
              productTypeId: 1,
              created: '2025-05-01T10:00:00Z',
              stock: null,
              hasStock: true,
              transportRequired: false,
              variants: [],
            },
          ],
          popular: [],
          productTypes: [],
          totalCount: 1,
        })
      },
      '/api/cztextblocks/list-by-page': () => jsonResponse({ ok: true, data: [], totalCount: 0 }),
    })
    const user = userEvent.setup()
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
    const box = screen.getByRole('combobox', { name: 'Search the site' }) as HTMLInputElement

    await user.click(box)
    await user.keyboard('pilates')
    // The code has not arrived: the letters are all there, in the box that has the focus.
    const typedInto = screen.getByRole('combobox', { name: 'Search the site' }) as HTMLInputElement
    expect(typedInto.value).toBe('pilates')
    expect(document.activeElement).toBe(typedInto)

    codeArrives.open()
    const list = await screen.findByRole('listbox', { name: 'Suggestions' })
    expect(within(list).getAllByRole('option')[0]?.textContent).toContain('Pilates mat')
    // The suggestions end up for the whole word (on a loaded machine a search of part of it may
    // come first, once the code is there and the visitor is slower than the search's delay).
    await waitFor(() => expect(searched.at(-1)).toBe('pilates'))
    expect(searched.every((text) => 'pilates'.startsWith(text) && text.length >= 3)).toBe(true)
    // The same box, never replaced: the focus, the caret and the letters stay.
    const live = screen.getByRole('combobox', { name: 'Search the site' }) as HTMLInputElement
    expect(live).toBe(box)
    expect(document.activeElement).toBe(box)
    expect(box.value).toBe('pilates')

    await user.keyboard(' mat{Enter}')
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/shop?search=pilates%20mat'))
  })
})
