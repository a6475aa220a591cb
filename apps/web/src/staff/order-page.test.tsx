import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { staffOrderRoutes, type StaffOrder } from '@clubhouse/contract/server'
import { contractResponse, errorResponse, fakeServer } from '../test/fake-server.ts'
import { renderWithApp } from '../test/render.tsx'
import { OrderPage } from './order-page.tsx'
import { saveStaffToken } from './staff-session.ts'

/** A racket and a tube of balls sent by courier, paid 65,50 € by card at Redsys. */
const paid = (patch: Partial<StaffOrder> = {}): StaffOrder => ({
  id: 12,
  number: 'W-2029-00012',
  customer: { id: 4, name: 'Laura Martínez' },
  totalCents: 6550,
  paidCents: 6550,
  refundedCents: 0,
  state: 'paid',
  createdAt: '2029-12-01T10:00:00.000Z',
  paidAt: '2029-12-01T10:01:00.000Z',
  shippedAt: null,
  shippingCents: 450,
  discountCents: 0,
  paymentMethod: 'Card (Redsys)',
  refundableCents: 6550,
  lines: [
    { name: 'Xaloc racket', detail: 'Grip 2', units: 1, unitPriceCents: 5500, totalCents: 5500 },
    { name: 'Ball tube', detail: '', units: 1, unitPriceCents: 600, totalCents: 600 },
  ],
  delivery: {
    name: 'Laura Martínez',
    addressLine1: 'Carrer de la Brisa, 3',
    postalCode: '46011',
    city: 'València',
    town: 'València',
    country: 'Spain',
    phone: '+34 600 11 22 33',
  },
  payments: [
    {
      id: 3,
      provider: 'redsys',
      method: 'Card (Redsys)',
      status: 'confirmed',
      amountCents: 6550,
      refundedCents: 0,
      confirmedAt: '2029-12-01T10:01:00.000Z',
    },
  ],
  refunds: [],
  ...patch,
})

/** The order after `cents` more were given back, as the server answers it. */
function refunded(order: StaffOrder, cents: number, reason: string): StaffOrder {
  return {
    ...order,
    state: 'refunded',
    refundedCents: order.refundedCents + cents,
    refundableCents: order.refundableCents - cents,
    refunds: [
      ...order.refunds,
      {
        id: order.refunds.length + 1,
        amountCents: cents,
        status: 'pending',
        reason,
        createdAt: '2029-12-03T09:00:00.000Z',
        doneAt: null,
      },
    ],
  }
}

const renderOrder = (route = '/staff/orders/12') =>
  renderWithApp(
    <Routes>
      <Route path="/staff/orders/:id" element={<OrderPage />} />
    </Routes>,
    { route },
  )

/** The order's routes, the writes answered by `write` (which sees the body sent). */
function serve(
  order: () => StaffOrder,
  write: Record<string, (body: Record<string, unknown>) => Response | Promise<Response>> = {},
) {
  fakeServer({
    '/api/staff/orders/12': () => contractResponse(staffOrderRoutes.staffOrder, { ok: true, model: order() }),
    ...Object.fromEntries(
      Object.entries(write).map(([path, answer]) => [
        path,
        (_url: URL, init: RequestInit | undefined) =>
          answer(init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}),
      ]),
    ),
  })
}

beforeEach(() => saveStaffToken('desk-token'))

describe('one order at the desk', () => {
  it('shows its lines and totals, the customer with a link, the delivery and the payment', async () => {
    serve(() => paid())
    renderOrder()
    expect(await screen.findByRole('heading', { level: 1, name: 'Order W-2029-00012' })).toBeTruthy()
    const lines = screen.getByRole('table')
    expect(within(lines).getByRole('rowheader', { name: /^Xaloc racket/ }).textContent).toContain('Grip 2')
    expect(within(lines).getByRole('row', { name: /^Shipping/ }).textContent).toMatch(/4,50\s€/)
    expect(within(lines).getByRole('row', { name: /^Total/ }).textContent).toMatch(/65,50\s€/)
    expect(screen.getByRole('link', { name: 'Laura Martínez' }).getAttribute('href')).toBe(
      '/staff/customers/4',
    )
    expect(screen.getByText('Carrer de la Brisa, 3')).toBeTruthy()
    expect(screen.getByText('46011 València')).toBeTruthy()
    const payments = screen.getByRole('list', { name: 'Payments' })
    expect(within(payments).getByText('Card (Redsys) · Confirmed')).toBeTruthy()
    expect(screen.getByText('Nothing given back.')).toBeTruthy()
  })

  it('marks it shipped once, however often pressed, and shows when after', async () => {
    let order = paid()
    let shipped = 0
    serve(() => order, {
      '/api/staff/orders/12/ship': async () => {
        shipped += 1
        order = { ...order, state: 'shipped', shippedAt: '2029-12-03T09:30:00.000Z' }
        return contractResponse(staffOrderRoutes.staffOrderShip, { ok: true, model: order })
      },
    })
    renderOrder()
    const ship = await screen.findByRole('button', { name: 'Mark shipped' })
    fireEvent.click(ship)
    fireEvent.click(ship)
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Marked shipped. The customer is told by mail.'),
    )
    expect(shipped).toBe(1)
    expect(screen.getByText('Shipped on 03/12/2029 10:30.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull()
  })

  it('shows the server’s refusal to ship', async () => {
    const user = userEvent.setup()
    serve(() => paid(), {
      '/api/staff/orders/12/ship': () =>
        errorResponse(409, 'already_shipped', 'This order was marked shipped already.'),
    })
    renderOrder()
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This order was marked shipped already.')
  })

  it('refunds part of it within what is left, checking the amount and reason before sending', async () => {
    const user = userEvent.setup()
    let order = paid()
    const sent: unknown[] = []
    serve(() => order, {
      '/api/staff/orders/12/refund': async (body) => {
        sent.push(body)
        order = refunded(order, body.amountCents as number, String(body.reason))
        return contractResponse(staffOrderRoutes.staffOrderRefund, { ok: true, model: order })
      },
    })
    renderOrder()
    const form = await screen.findByRole('form', { name: 'Refund' })
    await user.click(within(form).getByLabelText('Part of it'))
    const amount = within(form).getByLabelText(/^Amount/)
    await user.type(amount, '0')
    await user.type(within(form).getByLabelText(/^Reason/), 'Racket arrived scratched')
    await user.click(within(form).getByRole('button', { name: /^Refund/ }))
    expect((await within(form).findByRole('alert')).textContent).toMatch(
      /^The amount is more than 0 and at most 65,50\s€\.$/,
    )
    await user.clear(amount)
    await user.type(amount, '70')
    await user.click(within(form).getByRole('button', { name: /^Refund/ }))
    expect(within(form).getByRole('alert').textContent).toMatch(/^The amount is more than 0/)
    expect(sent).toEqual([])

    await user.clear(amount)
    await user.type(amount, '12,50')
    await user.click(within(form).getByRole('button', { name: /^Refund 12,50\s€$/ }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /^12,50\s€ refunded\. The provider confirms it shortly\.$/,
      ),
    )
    expect(sent).toEqual([{ amountCents: 1250, reason: 'Racket arrived scratched' }])
    const refunds = screen.getByRole('list', { name: 'Refunds' })
    expect(within(refunds).getByText('Pending')).toBeTruthy()
    expect(within(refunds).getByText('Racket arrived scratched')).toBeTruthy()
    // What is left is the most the form offers now.
    expect(screen.getByLabelText(/^All that is left/).parentElement?.textContent).toMatch(/53\s€/)
  })

  it('refunds all that is left once, however often pressed, sending no amount', async () => {
    let order = paid()
    const sent: unknown[] = []
    serve(() => order, {
      '/api/staff/orders/12/refund': async (body) => {
        sent.push(body)
        order = refunded(order, order.refundableCents, String(body.reason))
        return contractResponse(staffOrderRoutes.staffOrderRefund, { ok: true, model: order })
      },
    })
    renderOrder()
    const form = await screen.findByRole('form', { name: 'Refund' })
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'Order lost' } })
    const button = within(form).getByRole('button', { name: /^Refund 65,50\s€$/ })
    fireEvent.click(button)
    fireEvent.click(button)
    await screen.findByText('Nothing is left to give back.')
    expect(sent).toEqual([{ reason: 'Order lost' }])
  })

  it('asks for the articles back in stock only with the whole refund, and sends it', async () => {
    const user = userEvent.setup()
    let order = paid()
    const sent: unknown[] = []
    serve(() => order, {
      '/api/staff/orders/12/refund': async (body) => {
        sent.push(body)
        order = refunded(order, order.refundableCents, String(body.reason))
        return contractResponse(staffOrderRoutes.staffOrderRefund, { ok: true, model: order })
      },
    })
    renderOrder()
    const form = await screen.findByRole('form', { name: 'Refund' })
    await user.click(within(form).getByRole('radio', { name: 'Part of it' }))
    expect(within(form).queryByLabelText('Put its articles back in stock')).toBeNull()
    await user.click(within(form).getByRole('radio', { name: /^All that is left/ }))
    await user.click(within(form).getByLabelText('Put its articles back in stock'))
    await user.type(within(form).getByLabelText(/^Reason/), 'Returned unopened')
    await user.click(within(form).getByRole('button', { name: /^Refund/ }))
    await screen.findByText('Nothing is left to give back.')
    expect(sent).toEqual([{ reason: 'Returned unopened', restock: true }])
  })

  it('shows the server’s errorMsg when it refuses the refund', async () => {
    const user = userEvent.setup()
    serve(() => paid({ payments: [] }), {
      '/api/staff/orders/12/refund': () =>
        errorResponse(
          422,
          'refund_not_online',
          'This order was not paid online: give its money back at the desk or as voucher credit.',
        ),
    })
    renderOrder()
    const form = await screen.findByRole('form', { name: 'Refund' })
    await user.type(within(form).getByLabelText(/^Reason/), 'Changed her mind')
    await user.click(within(form).getByRole('button', { name: /^Refund/ }))
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This order was not paid online: give its money back at the desk or as voucher credit.',
    )
    expect((within(form).getByLabelText(/^Reason/) as HTMLInputElement).value).toBe('Changed her mind')
  })

  it('offers neither shipment nor refund before the order is paid', async () => {
    serve(() =>
      paid({ state: 'awaiting_payment', paidAt: null, paidCents: 0, refundableCents: 0, payments: [] }),
    )
    renderOrder()
    expect(await screen.findByText('Only a paid order can be shipped.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Refund' })).toBeNull()
  })

  it('says so when the order does not exist', async () => {
    serve(() => paid())
    renderOrder('/staff/orders/999')
    expect(await screen.findByText('This order does not exist.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the orders' }).getAttribute('href')).toBe(
      '/staff/orders',
    )
  })
})
