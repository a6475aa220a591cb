import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { closeLogin, getLoginPrompt } from '../../lib/login-prompt.ts'
import { reloadPage } from '../../lib/reload.ts'
import { getLanguage, saveCart, saveSession, setLanguage, StorageKey } from '../../lib/storage.ts'
import { EMPTY_HOME, EMPTY_LEGAL_SETTINGS, fakeServer } from '../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { expectWarnings } from '../../test/console-watch.ts'

const post = { text: '<p>Text</p>', smalText: '', image: '', textBlockType: 0 }
const posts = [
  { ...post, id: 3, title: 'Summer padel camp', name: 'Laura', created: '2025-05-01T10:00:00Z' },
  { ...post, id: 2, title: 'New yoga timetable', name: 'Marc', created: '2025-04-20T10:00:00Z' },
]

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' })

describe('the main menu', () => {
  it('offers Shop, Book, Account and Login to a visitor of a centre with a shop', async () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />, { settings: { hasShop: true } })

    const menu = mainMenu()
    expect(within(menu).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/shop')
    expect(within(menu).getByRole('link', { name: 'Book' }).getAttribute('href')).toBe('/bookingtypes')
    expect(within(menu).getByRole('button', { name: 'Account' })).toBeTruthy()
    expect(within(menu).getByRole('button', { name: 'Login' })).toBeTruthy()
  })

  it('hides Shop when the centre has no shop', () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />, { settings: { hasShop: false } })

    expect(within(mainMenu()).queryByRole('link', { name: 'Shop' })).toBeNull()
    expect(within(mainMenu()).getByRole('link', { name: 'Book' })).toBeTruthy()
  })

  it('shows Blog with all posts and the 2 latest only when there are posts', async () => {
    fakeServer({ ...EMPTY_HOME, '/api/cztextblocks/list-with-users': () => jsonResponse(posts) })
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />)

    const blog = await within(mainMenu()).findByRole('button', { name: 'Blog' })
    await user.click(blog)

    expect(blog.getAttribute('aria-expanded')).toBe('true')
    const links = within(mainMenu())
      .getAllByRole('link')
      .filter((link) => link.closest('.submenu'))
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['All posts', '/blog'],
      ['Summer padel camp', '/post/3'],
      ['New yoga timetable', '/post/2'],
    ])
  })

  it('leaves Blog out and logs when the posts cannot be loaded', async () => {
    const warn = expectWarnings()
    const fetchMock = fakeServer({
      ...EMPTY_HOME,
      '/api/cztextblocks/list-with-users': () =>
        jsonResponse({ ok: false, code: 'internal', errorMsg: 'Something went wrong.' }, { status: 500 }),
    })
    renderWithApp(<AppRoutes />)

    await waitFor(() => expect(warn).toHaveBeenCalledWith('Crash getting posts', expect.anything()))
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/cztextblocks/list-with-users?count=2')
    expect(within(mainMenu()).queryByRole('button', { name: 'Blog' })).toBeNull()
  })

  it('opens the Account submenu with its seven entries', async () => {
    fakeServer(EMPTY_HOME)
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />)

    const toggle = within(mainMenu()).getByRole('button', { name: 'Account' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)

    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const entries = within(mainMenu())
      .getAllByRole('link')
      .filter((link) => link.className.includes('submenu__link'))
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(entries).toEqual([
      ['Account', '/account'],
      ['Change Password', '/changePass'],
      ['Pending Sales', '/debts'],
      ['Your Orders', '/customer-orders'],
      ['Your Bookings', '/customer-bookings'],
      ['Your Vouchers', '/customer-vouchers'],
      ['Your Communications', '/customer-comms'],
    ])

    await user.keyboard('{Escape}')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  it("shows the customer's first name by the Account menu once logged in, and no name before", async () => {
    fakeServer({
      ...EMPTY_HOME,
      '/api/publiccustomers/cauth': () =>
        jsonResponse({
          ok: true,
          model: { id: 7, name: 'Laura', token: 'c'.repeat(64), expiry: '2099-01-01T00:00:00.000Z' },
        }),
    })
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />)
    expect(within(mainMenu()).getByRole('button', { name: 'Account' })).toBeTruthy()
    expect(within(mainMenu()).queryByText('Laura')).toBeNull()

    await user.click(within(mainMenu()).getByRole('button', { name: 'Login' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    await user.type(within(dialog).getByLabelText(/^Email/), 'laura@example.com')
    await user.type(within(dialog).getByLabelText(/^Password/), 'Mistral-Demo-2026')
    await user.click(within(dialog).getByRole('button', { name: 'Login' }))

    const account = await within(mainMenu()).findByRole('button', { name: /^Account\W+Laura$/ })
    expect(within(account).getByText('Laura')).toBeTruthy()
    expect(within(mainMenu()).getByRole('button', { name: 'Logout' })).toBeTruthy()
  }, 20_000)

  it('folds behind a menu button that says whether it is open', async () => {
    fakeServer(EMPTY_HOME)
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />)

    const button = screen.getByRole('button', { name: 'Menu' })
    expect(button.getAttribute('aria-controls')).toBe(mainMenu().id)
    await user.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(mainMenu().className).toContain('is-open')
  })

  it('opens the login dialog with the current page as the way back', async () => {
    fakeServer({ ...EMPTY_HOME, ...EMPTY_LEGAL_SETTINGS })
    const user = userEvent.setup()
    window.history.replaceState(null, '', '/privacy')
    renderWithApp(<AppRoutes />, { route: '/privacy' })

    await user.click(within(mainMenu()).getByRole('button', { name: 'Login' }))

    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy()
    expect(getLoginPrompt().backUrl).toBe('/privacy')
    window.history.replaceState(null, '', '/')
  })

  it('logs out: revokes the token, empties the cart, forgets the session and reloads', async () => {
    const fetchMock = fakeServer({
      ...EMPTY_HOME,
      '/api/publiccustomers/logout': () => jsonResponse({ ok: true }),
    })
    saveSession('token', { id: 5 }, Date.now() + 60_000)
    saveCart({ count: 2 })
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />)

    await user.click(within(mainMenu()).getByRole('button', { name: 'Logout' }))

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1))
    const revoke = fetchMock.mock.calls.find(([url]) => String(url) === '/api/publiccustomers/logout')
    expect(new Headers(revoke?.[1]?.headers).get('Authorization')).toBe('Bearer token')
    expect(window.localStorage.getItem(StorageKey.cart)).toBeNull()
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull()
    expect(window.localStorage.getItem(StorageKey.customer)).toBeNull()
  })

  it('logs out from the top bar too, even when the server does not answer', async () => {
    const warn = expectWarnings()
    fakeServer({
      ...EMPTY_HOME,
      '/api/publiccustomers/logout': () => Promise.reject(new TypeError('offline')),
    })
    saveSession('token', { id: 5 }, Date.now() + 60_000)
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />)

    const topBar = screen.getByRole('button', { name: 'English' }).closest('.top-bar') as HTMLElement
    await user.click(within(topBar).getByRole('button', { name: 'Logout' }))

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1))
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull()
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Crash revoking the login', expect.anything()))
  })
})

describe('the top bar', () => {
  it("shows the centre's phone, email and social profiles", () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />)

    const contact = screen.getByRole('list', { name: 'Contact details' })
    expect(within(contact).getByRole('link', { name: '+34 963 00 12 34' }).getAttribute('href')).toBe(
      'tel:+34963001234',
    )
    expect(within(contact).getByRole('link', { name: 'hola@clubmistral.es' }).getAttribute('href')).toBe(
      'mailto:hola@clubmistral.es',
    )
    const facebook = screen.getAllByRole('link', { name: 'Facebook (opens in a new tab)' })[0]
    expect(facebook?.getAttribute('href')).toBe('https://www.facebook.com/clubmistral')
    expect(screen.getAllByRole('link', { name: /^Instagram/ }).length).toBeGreaterThan(0)
    expect(screen.getAllByRole('link', { name: /^Twitter/ }).length).toBeGreaterThan(0)
  })

  it('offers Register only when registration is on', async () => {
    fakeServer(EMPTY_HOME)
    const user = userEvent.setup()
    const { unmount } = renderWithApp(<AppRoutes />, { settings: { registerOn: true } })

    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeTruthy()
    unmount()
    act(() => closeLogin())

    renderWithApp(<AppRoutes />, { settings: { registerOn: false } })
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Login' }).length).toBe(2)
  })

  it('switches the language: stores it and reloads', async () => {
    fakeServer(EMPTY_HOME)
    setLanguage('en-US')
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />)

    const english = screen.getByRole('button', { name: 'English' })
    expect(english.getAttribute('aria-current')).toBe('true')
    await user.click(english)
    expect(reloadPage).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Español' }))

    expect(getLanguage()).toBe('es-ES')
    expect(document.cookie).toContain('cz-lang=es-ES')
    expect(reloadPage).toHaveBeenCalledTimes(1)
  })

  it('drops the language the address names before it reloads in the other one', async () => {
    fakeServer(EMPTY_HOME)
    setLanguage('en-US')
    window.history.replaceState(null, '', '/shop?lang=en&utm_source=x')
    try {
      renderWithApp(<AppRoutes />)
      await userEvent.setup().click(screen.getByRole('button', { name: 'Español' }))

      expect(window.location.pathname + window.location.search).toBe('/shop?utm_source=x')
      expect(getLanguage()).toBe('es-ES')
      expect(reloadPage).toHaveBeenCalledTimes(1)
    } finally {
      window.history.replaceState(null, '', '/')
    }
  })
})

describe('the footer', () => {
  it('links the four legal pages and opens each text as a popup', async () => {
    fakeServer({
      ...EMPTY_HOME,
      '/api/czconfigs/legal-settings': () =>
        jsonResponse({
          ok: true,
          data: {
            generalConditions: '<p>Conditions</p>',
            wayver: '<p>Waiver</p>',
            privacyPolicyFull: '<h2>Who we are</h2><p>We keep your data safe.</p>',
            cookiesPolicy: '<p>Cookies</p>',
          },
        }),
    })
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />)

    const footer = await screen.findByRole('contentinfo')
    const hrefs = ['Privacy policy', 'Waiver and release', 'General conditions', 'Cookie policy'].map(
      (name) => within(footer).getByRole('link', { name }).getAttribute('href'),
    )
    expect(hrefs).toEqual(['/privacy', '/wayver', '/generalConditions', '/cookies'])

    const quickView = within(footer).getByRole('button', { name: 'Privacy policy: quick view' })
    await user.click(quickView)
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' })
    expect(await within(dialog).findByText('We keep your data safe.')).toBeTruthy()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(quickView)
  })

  it("ends with a copyright line in the centre's name", async () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />)

    expect(
      within(await screen.findByRole('contentinfo')).getByText(
        /© \d{4} Club Mistral\. All rights reserved\./,
      ),
    ).toBeTruthy()
  })
})

describe('pages', () => {
  it("shows the centre's name as the home page heading and title", async () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />)

    expect(await screen.findByRole('heading', { level: 1, name: 'Club Mistral' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe('/bookingtypes')
    await waitFor(() => expect(document.title).toBe('Club Mistral'))
  })

  it('falls back to Clubhouse when the centre has no name', async () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />, { settings: { name: '' } })

    await waitFor(() => expect(document.title).toBe('Clubhouse'))
  })

  it('answers an unknown address with a way home', async () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />, { route: '/no-such-page' })

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/')
  })

  it('sends the old payment return hash to the result page and empties the cart', async () => {
    fakeServer(EMPTY_HOME)
    saveCart({ count: 1 })
    renderWithApp(<AppRoutes />, { route: '/#/cz/ok' })

    expect(
      await screen.findByRole('heading', { name: 'The payment has been processed successfully' }),
    ).toBeTruthy()
    expect(window.localStorage.getItem(StorageKey.cart)).toBeNull()
  })

  it('says when a payment did not go through', async () => {
    fakeServer(EMPTY_HOME)
    saveCart({ count: 1 })
    renderWithApp(<AppRoutes />, { route: '/#/cz/ko' })

    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! The payment has not been completed. Please try again later.',
      }),
    ).toBeTruthy()
    expect(window.localStorage.getItem(StorageKey.cart)).not.toBeNull()
  })

  it('shows a legal text as a page under its title', async () => {
    fakeServer({
      ...EMPTY_HOME,
      '/api/czconfigs/legal-settings': () =>
        jsonResponse({
          ok: true,
          data: {
            generalConditions: '<p>Book up to 7 days ahead.</p>',
            wayver: '',
            privacyPolicyFull: '',
            cookiesPolicy: '',
          },
        }),
    })
    renderWithApp(<AppRoutes />, { route: '/generalConditions' })

    expect(await screen.findByRole('heading', { level: 1, name: 'General conditions' })).toBeTruthy()
    expect(await screen.findByText('Book up to 7 days ahead.')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('General conditions · Club Mistral'))
  })
})

describe('the header', () => {
  it("reserves the logo's box, so nothing moves when the logo loads", () => {
    fakeServer(EMPTY_HOME)
    renderWithApp(<AppRoutes />, { settings: { mainlogo: '/uploads/demo/logo.svg', name: 'Club Mistral' } })

    const logo = within(screen.getByRole('banner')).getByRole('img', { name: 'Club Mistral' })
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['180', '48'])
  })
})
