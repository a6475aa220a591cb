import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useLocation } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { staffOrderRoutes, type StaffOrderRow } from '@clubhouse/contract/server'
import { contractResponse, errorResponse, fakeServer } from '../test/fake-server.ts'
import { renderWithApp } from '../test/render.tsx'
import { OrdersPage, readOrderFilters } from './orders-page.tsx'
import { saveStaffToken } from './staff-session.ts'

const row = (id: number, patch: Partial<StaffOrderRow> = {}): StaffOrderRow => ({
  id,
  number: `W-2029-${String(id).padStart(5, '0')}`,
  customer: { id: 4, name: 'Laura Martínez' },
  totalCents: 4550,
  paidCents: 4550,
  refundedCents: 0,
  state: 'paid',
  createdAt: '2029-12-01T10:00:00.000Z',
  paidAt: '2029-12-01T10:01:00.000Z',
  shippedAt: null,
  ...patch,
})

/** Where the page is, to see the filters kept in the address. */
function Address() {
  const { search } = useLocation()
  return <p data-testid="address">{search}</p>
}

const renderOrders = (route = '/staff/orders') =>
  renderWithApp(
    <Routes>
      <Route
        path="/staff/orders"
        element={
          <>
            <OrdersPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  )

beforeEach(() => saveStaffToken('desk-token'))

describe("the desk's orders", () => {
  it('reads its filters from the address, leaving out what is no state or day', () => {
    expect(
      readOrderFilters(new URLSearchParams('state=shipped&from=2029-12-01&to=2029-12-31&page=3')),
    ).toEqual({
      state: 'shipped',
      from: '2029-12-01',
      to: '2029-12-31',
      page: 3,
    })
    expect(readOrderFilters(new URLSearchParams('state=lost&from=yesterday&page=-2'))).toEqual({
      state: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    })
  })

  it('lists the orders with their state and money in the page’s language, each a link to it', async () => {
    fakeServer({
      [staffOrderRoutes.staffOrders.path]: () =>
        contractResponse(staffOrderRoutes.staffOrders, {
          ok: true,
          data: [
            row(12, { state: 'refunded', refundedCents: 1025 }),
            row(11, { state: 'shipped', shippedAt: '2029-12-02T09:00:00.000Z' }),
          ],
          totalCount: 2,
        }),
    })
    renderOrders()
    const table = await screen.findByRole('table', { name: 'Orders' })
    const first = within(table).getAllByRole('row')[1]!
    expect(within(first).getByRole('link', { name: 'W-2029-00012' }).getAttribute('href')).toBe(
      '/staff/orders/12',
    )
    expect(within(first).getByText('Refunded')).toBeTruthy()
    expect(first.textContent).toMatch(/45,50\s€/)
    expect(first.textContent).toMatch(/10,25\s€ refunded/)
    expect(within(first).getByRole('link', { name: 'Laura Martínez' }).getAttribute('href')).toBe(
      '/staff/customers/4',
    )
    expect(screen.getByRole('status').textContent).toBe('Showing 1–2 of 2 orders')
  })

  it('keeps the state and days chosen in the address and asks the server for them, from page 1', async () => {
    const user = userEvent.setup()
    const asked: string[] = []
    fakeServer({
      [staffOrderRoutes.staffOrders.path]: (url) => {
        asked.push(url.search)
        return contractResponse(staffOrderRoutes.staffOrders, { ok: true, data: [row(11)], totalCount: 1 })
      },
    })
    renderOrders('/staff/orders?page=2')
    await screen.findByRole('table', { name: 'Orders' })
    await user.selectOptions(screen.getByLabelText('State'), 'Paid')
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?state=paid'))
    const from = screen.getByLabelText('From')
    await user.type(from, '2029-12-01')
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?state=paid&from=2029-12-01'))
    await waitFor(() => expect(asked.at(-1)).toBe('?state=paid&from=2029-12-01&page=1'))
    expect(asked[0]).toBe('?page=2')
    await user.click(screen.getAllByRole('button', { name: 'Clear the filters' })[0]!)
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''))
  })

  it('says when no order matches, and offers to clear the filters', async () => {
    fakeServer({
      [staffOrderRoutes.staffOrders.path]: () =>
        contractResponse(staffOrderRoutes.staffOrders, { ok: true, data: [], totalCount: 0 }),
    })
    renderOrders('/staff/orders?state=cancelled')
    expect(await screen.findByText('No order matches these filters.')).toBeTruthy()
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('cancelled')
  })

  it('links the pages of a long list, keeping the filters', async () => {
    fakeServer({
      [staffOrderRoutes.staffOrders.path]: () =>
        contractResponse(staffOrderRoutes.staffOrders, {
          ok: true,
          data: Array.from({ length: 50 }, (_, i) => row(200 - i)),
          totalCount: 120,
        }),
    })
    renderOrders('/staff/orders?state=paid')
    await screen.findByRole('table', { name: 'Orders' })
    expect(screen.getByRole('status').textContent).toBe('Showing 1–50 of 120 orders')
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/staff/orders?state=paid&page=3',
    )
  })

  it('shows a failure with a retry, and a role too low as such', async () => {
    const user = userEvent.setup()
    let calls = 0
    fakeServer({
      [staffOrderRoutes.staffOrders.path]: () => {
        calls += 1
        return calls === 1
          ? errorResponse(500, 'internal', 'Boom')
          : contractResponse(staffOrderRoutes.staffOrders, { ok: true, data: [row(11)], totalCount: 1 })
      },
    })
    renderOrders()
    expect((await screen.findByRole('alert')).textContent).toBe('The desk could not load this. Try again.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'W-2029-00011' })).toBeTruthy()
  })

  it('tells a desk member their role does not open the orders', async () => {
    fakeServer({
      [staffOrderRoutes.staffOrders.path]: () => errorResponse(403, 'forbidden', 'Managers only.'),
    })
    renderOrders()
    expect((await screen.findByRole('alert')).textContent).toBe('Your role does not open this page.')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })
})
