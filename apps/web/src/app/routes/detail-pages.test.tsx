import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { getCart } from '../../features/cart/cart-store.ts'
import { fakeServer } from '../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { expectWarnings } from '../../test/console-watch.ts'

const racket = {
  id: 12,
  name: 'Tramontana Tour racket',
  logo: '/uploads/racket.svg',
  detailImage: '',
  grossPrice: 249,
  price: 205.79,
  taxPercent: 21,
  detail: '<p>Carbon faces and a <strong>soft core</strong>.</p>',
  description: 'For advanced players.',
  productTypeId: 1,
  created: '2025-05-01T10:00:00Z',
  stock: null,
  hasStock: true,
  transportRequired: false,
  variants: [],
}
const post = (id: number, title: string) => ({
  id,
  title,
  text: '<h2>How to</h2><p>Hit the ball late.</p>',
  smalText: '<em>Technique</em>',
  image: '',
  name: 'Marta Soler',
  created: '2025-11-09T09:00:00Z',
  textBlockType: 0,
})

describe('the product page', () => {
  it('shows the product with its price, stars, detail and share links', async () => {
    fakeServer({ '/api/shop/get/12': () => jsonResponse({ ok: true, data: racket, popular: [] }) })
    renderWithApp(<AppRoutes />, { route: '/shop/12', settings: { mainlogo: '/uploads/logo.svg' } })

    expect(await screen.findByRole('heading', { level: 1, name: 'Tramontana Tour racket' })).toBeTruthy()
    expect(document.querySelector('.product-detail__price')?.textContent).toBe('249\u00A0€Taxes included')
    expect(screen.getByText('soft core')).toBeTruthy()
    // The detail image is missing: the list image stands in, in the 530x480 frame.
    const image = screen.getByRole('img', { name: 'Tramontana Tour racket' })
    expect([image.getAttribute('src'), image.getAttribute('width'), image.getAttribute('height')]).toEqual([
      '/uploads/racket.svg',
      '530',
      '480',
    ])
    const share = screen.getByRole('link', { name: 'Share on Facebook' }).getAttribute('href')
    expect(share).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('http://localhost:3000/shop/12')}`,
    )
    expect(screen.getByRole('link', { name: 'Share by email' }).getAttribute('href')).toContain(
      'mailto:?subject=',
    )
    await waitFor(() => expect(document.title).toBe('Tramontana Tour racket · Club Mistral'))
  })

  it('adds the chosen quantity, held within 1 and 1000', async () => {
    fakeServer({ '/api/shop/get/12': () => jsonResponse({ ok: true, data: racket, popular: [] }) })
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />, { route: '/shop/12' })
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' })

    await user.clear(quantity)
    await user.type(quantity, '2000')
    expect((quantity as HTMLInputElement).value).toBe('1000')
    await user.clear(quantity)
    await user.type(quantity, '3')
    await user.click(screen.getByRole('button', { name: /^Add to cart\s*Tramontana Tour racket$/ }))

    await waitFor(() => expect(getCart().sItems.map((i) => [i.productId, i.units])).toEqual([[12, 3]]))
    expect(screen.getByRole('button', { name: /^Added\s*Tramontana Tour racket$/ })).toBeTruthy()
  })

  it('asks for a size before the product can be added, and puts the size on the cart line', async () => {
    const shirt = {
      ...racket,
      id: 14,
      name: 'Club T-shirt',
      grossPrice: 19.9,
      transportRequired: true,
      variants: [
        { id: 101, group: 'Size', name: 'S', stock: 0, hasStock: false },
        { id: 102, group: 'Size', name: 'M', stock: 3, hasStock: true },
        { id: 103, group: 'Size', name: 'L', stock: 20, hasStock: true },
      ],
    }
    fakeServer({ '/api/shop/get/14': () => jsonResponse({ ok: true, data: shirt, popular: [] }) })
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />, { route: '/shop/14' })

    const add = await screen.findByRole('button', { name: /^Add to cart\s*Club T-shirt$/ })
    expect((add as HTMLButtonElement).disabled).toBe(true)
    expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose a size to add it to the cart.',
    )
    const sizes = within(screen.getByRole('group', { name: 'Size' }))
    expect((sizes.getByRole('radio', { name: /^S/ }) as HTMLInputElement).disabled).toBe(true)
    expect(sizes.getByRole('radio', { name: /^M/ }).closest('label')?.textContent).toBe('MOnly 3 left')
    expect(sizes.getByRole('radio', { name: /^L/ }).closest('label')?.textContent).toBe('L')

    await user.click(sizes.getByRole('radio', { name: /^M/ }))
    await user.click(screen.getByRole('button', { name: /^Add to cart\s*Club T-shirt$/ }))

    await waitFor(() =>
      expect(getCart().sItems.map((i) => [i.productId, i.stockParentId, i.stockDetail, i.units])).toEqual([
        [14, 102, 'M', 1],
      ]),
    )
  })

  it('answers an unknown product with a way back to the shop', async () => {
    const warn = expectWarnings()
    fakeServer()
    renderWithApp(<AppRoutes />, { route: '/shop/404' })

    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/shop')
    expect(warn).toHaveBeenCalledWith('Crash getting product', expect.anything())
  })
})

describe('the post page', () => {
  it('shows the title, badge, date in the centre format, author, main logo and popular posts', async () => {
    fakeServer({
      '/api/cztextblocks/get-with-user': (url) =>
        jsonResponse(post(Number(url.searchParams.get('id')), 'The víbora with a sting')),
      // The footer asks for the latest posts (none here); the page for the popular ones.
      '/api/cztextblocks/list-with-users': (url) => {
        if (url.searchParams.get('popular') !== 'true') return jsonResponse([])
        return jsonResponse([
          post(14, 'The víbora with a sting'),
          post(3, 'New LED lighting'),
          post(2, 'Snacks'),
        ])
      },
    })
    renderWithApp(<AppRoutes />, {
      route: '/post/14',
      settings: { mainlogo: '/uploads/logo.svg', dateFormat: 'dd/MM/yyyy', timeZone: 'Europe/Madrid' },
    })

    const article = (
      await screen.findByRole('heading', { level: 1, name: 'The víbora with a sting' })
    ).closest('article')!
    expect(within(article).getByText('Technique')).toBeTruthy()
    expect(within(article).getByText('09/11/2025')).toBeTruthy()
    expect(within(article).getByText('by Marta Soler')).toBeTruthy()
    expect(within(article).getByRole('heading', { level: 2, name: 'How to' })).toBeTruthy()
    const image = article.querySelector('.post__image img')!
    expect([image.getAttribute('src'), image.getAttribute('width'), image.getAttribute('height')]).toEqual([
      '/uploads/logo.svg',
      '770',
      '430',
    ])
    const popular = await screen.findByRole('complementary', { name: 'Popular Posts' })
    expect(
      within(popular)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['New LED lighting', 'Snacks', 'All posts'])
  })
})
