import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MainSettings } from '@clubhouse/contract'
import { saveSession } from '../../lib/storage.ts'
import { fakeServer } from '../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'
import { expectWarnings } from '../../test/console-watch.ts'

const SLOW = { timeout: 5000 }
const settings: Partial<MainSettings> = {
  dateFormat: 'dd/MM/yyyy',
  timeZone: 'Europe/Madrid',
  culture: 'es-ES',
  decimalSeparator: ',',
}

beforeEach(() => {
  saveSession('b'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
})

const orders = [
  {
    id: 42,
    date: '2026-03-14T18:30:00Z',
    total: 64.9,
    online: true,
    paymentMethod: 'Card (Redsys)',
    number: 'W-2026-00042',
    items: [
      { name: 'Tramontana Tour racket', logo: '/uploads/racket.svg', productId: 12, category: 1 },
      { name: 'Padel 90 min — Court 2', logo: '', productId: null, category: 0 },
    ],
  },
  {
    id: 40,
    date: '2026-01-02T09:00:00Z',
    total: 12,
    online: false,
    paymentMethod: "At the centre's desk",
    number: 'T-2026-00040',
    items: [],
  },
]

const order = {
  id: 42,
  number: 'W-2026-00042',
  items: [
    {
      productId: 12,
      name: 'Tramontana Tour racket',
      logo: '/uploads/racket.svg',
      price: 49.9,
      units: 1,
      total: 49.9,
    },
    { productId: null, name: 'Padel 90 min — Court 2', logo: '', price: 7.5, units: 2, total: 15 },
  ],
  paymentMethod: 'Card',
  date: '2026-03-14T18:30:00Z',
  subTotal: 64.9,
  shipping: 0,
  shipped: true,
  discount: 0,
  total: 64.9,
}

describe('your orders', () => {
  it('shows one table per order with date only, total, how it was paid and number, and links products only', async () => {
    fakeServer({ '/api/shop/customer-orders/7': () => jsonResponse({ ok: true, model: orders }) })
    renderWithApp(<AppRoutes />, { route: '/customer-orders', settings })

    const first = (await screen.findByRole('table', { name: 'Order W-2026-00042' }, SLOW)) as HTMLTableElement
    expect(
      within(first)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Total', 'Paid with', 'Order Nº'])
    const cells = first.querySelectorAll('.order-card__summary td')
    expect([...cells].map((td) => td.textContent)).toEqual([
      '14/03/2026',
      '64,90\u00A0€',
      'Card (Redsys)',
      'W-2026-00042',
    ])
    expect(within(first).getByRole('link', { name: 'Tramontana Tour racket' }).getAttribute('href')).toBe(
      '/shop/12',
    )
    // A service has no product page: its name is not a link.
    expect(within(first).getByText('Padel 90 min — Court 2').closest('a')).toBeNull()
    expect(screen.getByRole('link', { name: 'View Order W-2026-00042' }).getAttribute('href')).toBe(
      '/customer-orders/42',
    )

    const second = screen.getByRole('table', { name: 'Order T-2026-00040' })
    expect([...second.querySelectorAll('.order-card__summary td')].map((td) => td.textContent)).toEqual([
      '02/01/2026',
      '12\u00A0€',
      "At the centre's desk",
      'T-2026-00040',
    ])
  })

  it("says 'No orders yet' when there are none", async () => {
    fakeServer({ '/api/shop/customer-orders/7': () => jsonResponse({ ok: true, model: [] }) })
    renderWithApp(<AppRoutes />, { route: '/customer-orders', settings })
    expect(await screen.findByText('No orders yet', {}, SLOW)).toBeTruthy()
  })

  it('logs a failed load and offers to try again, keeping the page', async () => {
    const warn = expectWarnings()
    fakeServer({
      '/api/shop/customer-orders/7': () =>
        jsonResponse({ ok: false, code: 'internal', errorMsg: 'Something went wrong.' }, { status: 500 }),
    })
    renderWithApp(<AppRoutes />, { route: '/customer-orders', settings })
    expect(await screen.findByText('We could not load your orders.', {}, { timeout: 15000 })).toBeTruthy()
    expect(warn.mock.calls.some(([text]) => text === 'Crash getting orders')).toBe(true)
    expect(screen.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeTruthy()
  }, 20000)
})

describe('the order detail', () => {
  it('shows the header image, number, lines, payment, and Free shipping without a discount line', async () => {
    fakeServer({ '/api/shop/customer-orders/7/42': () => jsonResponse({ ok: true, model: order }) })
    renderWithApp(<AppRoutes />, {
      route: '/customer-orders/42',
      settings: { ...settings, headerImage: '/uploads/header.jpg' },
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Order W-2026-00042' }, SLOW)).toBeTruthy()
    expect(document.querySelector('.page-banner img')?.getAttribute('src')).toBe('/uploads/header.jpg')
    const lines = screen.getByRole('table')
    expect(
      within(lines)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Price', 'Units', 'Total'])
    const rows = within(lines).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Tramontana Tour racket', '49,90\u00A0€', '1', '49,90\u00A0€'],
      ['Padel 90 min — Court 2', '7,50\u00A0€', '2', '15\u00A0€'],
    ])
    expect(within(lines).getByRole('link', { name: 'Tramontana Tour racket' }).getAttribute('href')).toBe(
      '/shop/12',
    )
    expect(within(lines).getByText('Padel 90 min — Court 2').closest('a')).toBeNull()

    const summary = (term: string) =>
      screen.queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent
    expect(summary('Payment method')).toBe('Card')
    expect(summary('Date')).toBe('14/03/2026 19:30')
    expect(summary('Subtotal')).toBe('64,90\u00A0€')
    expect(summary('Shipping')).toBe('Free')
    expect(screen.queryByText('Discount')).toBeNull()
    expect(summary('Total')).toBe('64,90\u00A0€')
  })

  it('shows no shipping line for an order where nothing was shipped, such as a booking', async () => {
    fakeServer({
      '/api/shop/customer-orders/7/42': () =>
        jsonResponse({
          ok: true,
          model: { ...order, items: [order.items[1]], subTotal: 15, total: 15, shipped: false },
        }),
    })
    renderWithApp(<AppRoutes />, { route: '/customer-orders/42', settings })
    await screen.findByRole('heading', { level: 1, name: 'Order W-2026-00042' }, SLOW)
    expect(screen.queryByText('Shipping', { selector: 'dt' })).toBeNull()
    expect(screen.queryByText('Free')).toBeNull()
    expect(screen.getByText('Total', { selector: 'dt' }).nextElementSibling?.textContent).toBe('15\u00A0€')
  })

  it('shows shipping as money and the discount when they are not 0', async () => {
    fakeServer({
      '/api/shop/customer-orders/7/42': () =>
        jsonResponse({ ok: true, model: { ...order, shipping: 4.95, discount: 5, total: 64.85 } }),
    })
    renderWithApp(<AppRoutes />, { route: '/customer-orders/42', settings })
    await screen.findByRole('heading', { level: 1, name: 'Order W-2026-00042' }, SLOW)
    const summary = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(summary('Shipping')).toBe('4,95\u00A0€')
    expect(summary('Discount')).toBe('-5\u00A0€')
    expect(summary('Total')).toBe('64,85\u00A0€')
  })

  it('says clearly when the order does not exist', async () => {
    const warn = expectWarnings()
    fakeServer({
      '/api/shop/customer-orders/7/99': () =>
        jsonResponse({ ok: false, code: 'not_found', errorMsg: 'There is no such order.' }, { status: 404 }),
    })
    renderWithApp(<AppRoutes />, { route: '/customer-orders/99', settings })
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' }, SLOW)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to your orders' }).getAttribute('href')).toBe(
      '/customer-orders',
    )
    expect(warn).toHaveBeenCalledWith('Crash getting order', expect.anything())
  })
})

const vouchers = {
  active: [
    {
      id: 3,
      description: 'Monedero 100 €',
      kind: 0,
      balance: 62.5,
      expires: '2026-12-31T22:59:59Z',
      movements: [
        {
          id: 9,
          created: '2026-03-02T17:00:00Z',
          amount: -7.5,
          previousAmount: 70,
          current: 62.5,
          concept: 'Padel 90 min',
        },
        {
          id: 8,
          created: '2026-02-01T10:00:00Z',
          amount: 70,
          previousAmount: 0,
          current: 70,
          concept: 'Recharge',
        },
      ],
    },
    { id: 4, description: 'Bono 10 clases', kind: 1, balance: 8, expires: null, movements: [] },
  ],
  inactive: [],
}

describe('vouchers', () => {
  it('shows active and inactive vouchers, expanding one to its movements with spends set apart', async () => {
    fakeServer({
      '/api/publicvouchers/customer-vouchers/7': () => jsonResponse({ ok: true, model: vouchers }),
    })
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />, { route: '/customer-vouchers', settings })

    const wallet = await screen.findByRole('button', { name: /Monedero 100 €/ }, SLOW)
    expect(screen.getByRole('heading', { level: 2, name: /^Active/ })).toBeTruthy()
    expect(screen.getByText('You have no inactive vouchers.')).toBeTruthy()
    expect(wallet.textContent).toContain('Valid until 31/12/2026')
    expect(wallet.textContent).toContain('62,50\u00A0€')
    expect(screen.getByRole('button', { name: /Bono 10 clases/ }).textContent).toContain('8 sessions')
    expect(wallet.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('table')).toBeNull()

    await user.click(wallet)
    expect(wallet.getAttribute('aria-expanded')).toBe('true')
    const table = screen.getByRole('table', { name: 'Movements of Monedero 100 €' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Concept', 'Amount', 'Previous', 'Current'])
    const [spend, recharge] = within(table).getAllByRole('row').slice(1)
    expect(
      within(spend!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['02/03/2026 18:00', 'Padel 90 min', 'Spend: −7,50\u00A0€', '70\u00A0€', '62,50\u00A0€'])
    expect(spend!.className).toContain('movement--spend')
    expect(within(recharge!).getAllByRole('cell')[2]!.textContent).toBe('Recharge: +70\u00A0€')
    expect(recharge!.className).toContain('movement--recharge')

    await user.click(screen.getByRole('button', { name: /Bono 10 clases/ }))
    expect(screen.getByText('No movements yet.')).toBeTruthy()
  })

  it('says so when there are no vouchers at all', async () => {
    fakeServer({
      '/api/publicvouchers/customer-vouchers/7': () =>
        jsonResponse({ ok: true, model: { active: [], inactive: [] } }),
    })
    renderWithApp(<AppRoutes />, { route: '/customer-vouchers', settings })
    expect(await screen.findByText('You have no active vouchers.', {}, SLOW)).toBeTruthy()
    expect(screen.getByText('You have no inactive vouchers.')).toBeTruthy()
  })
})

describe('communications', () => {
  it('lists emails linking to each email and SMS with their dates, in collapsible groups', async () => {
    fakeServer({
      '/api/publiccomms/customer-comms/7': () =>
        jsonResponse({
          ok: true,
          model: {
            emails: [{ id: 51, subject: 'Your booking is confirmed', created: '2026-03-01T08:15:00Z' }],
            smss: [{ id: 61, body: 'Court 2 at 19:00 today. See you!', created: '2026-03-01T08:16:00Z' }],
          },
        }),
      '/api/publiccomms/customer-comms/emails/51/7': () =>
        jsonResponse({
          id: 51,
          subject: 'Your booking is confirmed',
          body: '<p>Hello Laura, <strong>Court 2</strong> is yours.</p>',
          created: '2026-03-01T08:15:00Z',
        }),
    })
    const user = userEvent.setup()
    renderWithApp(<AppRoutes />, { route: '/customer-comms', settings })

    expect(await screen.findByRole('heading', { level: 1, name: 'Communications' }, SLOW)).toBeTruthy()
    const email = await screen.findByRole('link', { name: /Your booking is confirmed/ })
    expect(email.getAttribute('href')).toBe('/customer-comms/emails/51')
    expect(email.textContent).toContain('01/03/2026 09:15')
    expect(screen.getByText('Court 2 at 19:00 today. See you!')).toBeTruthy()

    const smsToggle = screen.getByRole('button', { name: /^Sms/ })
    expect(smsToggle.getAttribute('aria-expanded')).toBe('true')
    await user.click(smsToggle)
    expect(smsToggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByText('Court 2 at 19:00 today. See you!').closest('[hidden]')).not.toBeNull()

    await user.click(email)
    // The email's page is headed by its subject, as a mailbox shows it, not by a number.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, SLOW),
    ).toBeTruthy()
    // Its number (spec 2 §2) beside its date, under the subject.
    expect(screen.getByText('Email Nº 51')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'You are here' }).textContent).toContain(
      'Your booking is confirmed',
    )
    expect(screen.getByText('Court 2', { selector: 'strong' })).toBeTruthy()
    expect(screen.getByText('01/03/2026 09:15')).toBeTruthy()
  })

  it("says 'No emails' and 'No sms' when there are none", async () => {
    fakeServer({
      '/api/publiccomms/customer-comms/7': () => jsonResponse({ ok: true, model: { emails: [], smss: [] } }),
    })
    renderWithApp(<AppRoutes />, { route: '/customer-comms', settings })
    expect(await screen.findByText('No emails', {}, SLOW)).toBeTruthy()
    expect(screen.getByText('No sms')).toBeTruthy()
  })

  it('answers an email of someone else as not found', async () => {
    const warn = expectWarnings()
    fakeServer({
      '/api/publiccomms/customer-comms/emails/77/7': () =>
        jsonResponse({ ok: false, code: 'not_found', errorMsg: 'There is no such email.' }, { status: 404 }),
    })
    renderWithApp(<AppRoutes />, { route: '/customer-comms/emails/77', settings })
    expect(await screen.findByRole('heading', { level: 1, name: 'Email not found' }, SLOW)).toBeTruthy()
    await waitFor(() => expect(document.title).toContain('Email not found'))
    expect(warn).toHaveBeenCalledWith('Crash getting email', expect.anything())
  })
})
