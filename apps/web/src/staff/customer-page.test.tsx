import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  staffCustomerRoutes,
  staffDeskRoutes,
  staffRoutes,
  type StaffCustomer,
  type StaffCustomerProfile,
  type StaffPendingSale,
  type StaffRole,
} from '@clubhouse/contract/server'
import { contractResponse, errorResponse, fakeServer } from '../test/fake-server.ts'
import { padel, spinning } from '../test/bookings-data.ts'
import { renderWithApp } from '../test/render.tsx'
import { CustomerPage, voucherUnits } from './customer-page.tsx'
import { centsOf } from './desk-number.ts'
import { saveStaffToken } from './staff-session.ts'

const laura = (pendingSales: StaffPendingSale[] = []): StaffCustomer => ({
  id: 4,
  name: 'Laura',
  surname: 'Martínez',
  email: 'demo@clubmistral.es',
  phone: '+34 600 11 22 33',
  walkIn: false,
  activated: false,
  disabled: false,
  activatedAt: null,
  disabledAt: null,
  createdAt: '2029-01-01T10:00:00.000Z',
  nextBookings: [
    {
      id: 31,
      bookingType: 'Padel',
      resourceName: 'Court 1',
      start: '2030-01-07 19:00',
      duration: 90,
      description: '',
      canCancel: true,
      status: 'confirmed',
    },
  ],
  pastBookings: [],
  orders: [
    {
      id: 8,
      number: 'S-0008',
      date: '2029-12-01T10:00:00.000Z',
      totalCents: 4500,
      online: true,
      paymentMethod: 'Card',
      items: ['Grip'],
    },
  ],
  vouchers: [
    {
      id: 5,
      kind: 'money',
      description: 'Wallet',
      balance: 2000,
      active: true,
      expiresAt: null,
      movements: [
        {
          id: 1,
          at: '2029-12-01T10:00:00.000Z',
          amount: 2000,
          previousAmount: 0,
          current: 2000,
          concept: 'Gift',
        },
      ],
    },
  ],
  pendingSales,
})

/** Laura's profile as the writes answer it: the account without its lists. */
function profileOf(): StaffCustomerProfile {
  const {
    nextBookings: _n,
    pastBookings: _p,
    orders: _o,
    vouchers: _v,
    pendingSales: _s,
    ...profile
  } = laura()
  return profile
}

const debt: StaffPendingSale = {
  id: 90,
  saleNumber: 'P-0090',
  concept: 'Broken racket',
  totalCents: 2550,
  paidCents: 0,
  lines: [{ concept: 'Racket', quantity: 1, unitPriceCents: 2550, taxPercent: 21, totalCents: 2550 }],
}

function serve(
  role: StaffRole,
  extra: Parameters<typeof fakeServer>[0] = {},
  pending: () => StaffPendingSale[] = () => [],
) {
  fakeServer({
    [staffRoutes.staffMe.path]: () =>
      contractResponse(staffRoutes.staffMe, {
        ok: true,
        data: { id: 1, email: 'desk@demo.clubhouse', name: 'Desk Demo', role, mustEnrol: false },
      }),
    '/api/staff/customers/4': () =>
      contractResponse(staffCustomerRoutes.staffCustomer, { ok: true, model: laura(pending()) }),
    ...extra,
  })
}

const renderCustomer = () =>
  renderWithApp(
    <Routes>
      <Route path="/staff/customers/:id" element={<CustomerPage />} />
    </Routes>,
    { route: '/staff/customers/4' },
  )

beforeEach(() => saveStaffToken('desk-token'))

/** The centre's booking types as the desk lists them: a desk-only one among them. */
const deskTypes = [
  { id: padel.id, name: 'Padel', isOnline: true, byPlace: false, durations: [60, 90] },
  { id: spinning.id, name: 'Spinning', isOnline: true, byPlace: true, durations: [] },
  { id: 7, name: 'Tennis', isOnline: false, byPlace: false, durations: [60, 120] },
]

describe("a customer's account at the desk", () => {
  it('reads euros, hours and sessions as the units the server keeps', () => {
    expect(centsOf('25,50')).toBe(2550)
    expect(centsOf('3')).toBe(300)
    expect(Number.isNaN(centsOf('abc'))).toBe(true)
    expect(voucherUnits('hours', '1,5')).toBe(90)
    expect(voucherUnits('sessions', '10')).toBe(10)
  })

  it('shows the profile, its badges, bookings, orders and vouchers; the desk sees no voucher actions', async () => {
    serve('desk')
    renderCustomer()
    expect(await screen.findByRole('heading', { level: 1, name: 'Laura Martínez' })).toBeTruthy()
    expect(screen.getByText('Not activated')).toBeTruthy()
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('demo@clubmistral.es')
    expect(screen.getByText('Monday 07/01/2030 19:00')).toBeTruthy()
    expect(screen.getByText('Court 1 · 90 min')).toBeTruthy()
    expect(screen.getByText('S-0008')).toBeTruthy()
    expect(screen.getByText('Wallet')).toBeTruthy()
    expect(screen.getByText('Nothing owed.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Resend activation' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'New voucher' })).toBeNull()
    expect(screen.queryByText('Top up')).toBeNull()
  })

  it('gives managers the new voucher and a top-up on each voucher, sent in the voucher’s unit', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    serve('manager', {
      '/api/staff/vouchers/5/top-up': async (_url, init) => {
        sent.push(JSON.parse(String(init?.body)))
        const wallet = laura().vouchers[0]!
        return contractResponse(staffCustomerRoutes.staffVoucherTopUp, {
          ok: true,
          model: { ...wallet, balance: 3250 },
        })
      },
    })
    renderCustomer()
    expect(await screen.findByRole('heading', { level: 2, name: 'New voucher' })).toBeTruthy()
    await user.click(screen.getByText('Top up', { selector: 'summary' }))
    const form = screen.getByRole('form', { name: 'Top up Wallet' })
    await user.type(within(form).getByLabelText(/^Amount/), '12,5')
    await user.type(within(form).getByLabelText(/^Concept of the movement/), 'Paid at the desk')
    await user.click(within(form).getByRole('button', { name: 'Top up' }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/^“Wallet” topped up: 32[.,]50/),
    )
    expect(sent).toEqual([{ amount: 1250, concept: 'Paid at the desk' }])
  })

  it('gives a sessions voucher that pays the booking types chosen, and asks for one first', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    serve('manager', {
      [staffDeskRoutes.staffBookingTypes.path]: () =>
        contractResponse(staffDeskRoutes.staffBookingTypes, { ok: true, data: deskTypes }),
      '/api/staff/customers/4/vouchers': async (_url, init) => {
        sent.push(JSON.parse(String(init?.body)))
        return contractResponse(staffCustomerRoutes.staffCustomerVoucher, {
          ok: true,
          model: {
            ...laura().vouchers[0]!,
            id: 9,
            kind: 'sessions',
            description: 'Ten classes',
            balance: 10,
          },
        })
      },
    })
    renderCustomer()
    const heading = await screen.findByRole('heading', { level: 2, name: 'New voucher' })
    const form = within(heading.closest('section')!)
    // A money voucher pays anything: no choice of what it pays.
    expect(form.queryByRole('group', { name: 'What it pays' })).toBeNull()
    await user.selectOptions(form.getByLabelText(/^Kind/), 'sessions')
    const pays = await form.findByRole('group', { name: 'What it pays' })
    await user.type(form.getByLabelText(/^Description/), 'Ten classes')
    await user.type(form.getByLabelText(/^Sessions/), '10')
    await user.type(form.getByLabelText(/^Concept of the movement/), 'Sold at the desk')
    await user.click(form.getByRole('button', { name: 'Give the voucher' }))
    expect((await form.findByRole('alert')).textContent).toBe('Choose what the voucher pays.')
    expect(sent).toEqual([])

    // A class has no lengths to choose; a court type offers its own, a desk-only one says so.
    await user.click(await within(pays).findByLabelText('Spinning'))
    expect(form.queryByRole('group', { name: 'Lengths it pays' })).toBeNull()
    await user.click(form.getByRole('button', { name: 'Give the voucher' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      kind: 'sessions',
      description: 'Ten classes',
      amount: 10,
      concept: 'Sold at the desk',
      bookingTypeIds: [spinning.id],
    })

    await user.selectOptions(form.getByLabelText(/^Kind/), 'hours')
    const again = await form.findByRole('group', { name: 'What it pays' })
    await user.click(within(again).getByLabelText('Padel'))
    await user.click(within(again).getByLabelText('Tennis (desk only)'))
    const lengths = await form.findByRole('group', { name: 'Lengths it pays' })
    expect(within(lengths).getAllByRole('checkbox').map((c) => c.getAttribute('id'))).toEqual([
      'voucher-length-60',
      'voucher-length-90',
      'voucher-length-120',
    ])
    await user.click(within(lengths).getByLabelText('90 min'))
    await user.type(form.getByLabelText(/^Description/), 'Ten hours')
    await user.type(form.getByLabelText(/^Hours/), '10')
    await user.type(form.getByLabelText(/^Concept of the movement/), 'Sold at the desk')
    await user.click(form.getByRole('button', { name: 'Give the voucher' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]).toEqual({
      kind: 'hours',
      description: 'Ten hours',
      amount: 600,
      concept: 'Sold at the desk',
      bookingTypeIds: [padel.id, 7],
      durationMinutes: [90],
    })
  })

  it('adds a debt of one line, sends its body in cents, and shows it among the pending sales', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    let pending: StaffPendingSale[] = []
    serve(
      'desk',
      {
        '/api/staff/customers/4/debts': async (_url, init) => {
          sent.push(JSON.parse(String(init?.body)))
          if (sent.length === 1) return errorResponse(422, 'rule', 'The customer owes too much already.')
          pending = [debt]
          return contractResponse(staffCustomerRoutes.staffCustomerDebt, { ok: true, model: debt })
        },
      },
      () => pending,
    )
    renderCustomer()
    await screen.findByRole('heading', { level: 1, name: 'Laura Martínez' })
    await user.type(screen.getByLabelText(/^Concept of the debt/), 'Broken racket')
    const line = screen.getByRole('group', { name: 'Line 1' })
    await user.type(within(line).getByLabelText(/^Concept/), 'Racket')
    await user.type(within(line).getByLabelText(/^Unit price/), '25,50')
    await user.click(screen.getByRole('button', { name: 'Add the debt' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The customer owes too much already.')

    await user.click(screen.getByRole('button', { name: 'Add the debt' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Debt P-0090 added: /))
    const sales = await screen.findByRole('list', { name: 'Pending sales' })
    expect(within(sales).getByText('Broken racket')).toBeTruthy()
    const body = {
      concept: 'Broken racket',
      lines: [{ concept: 'Racket', quantity: 1, unitPriceCents: 2550, taxPercent: 21 }],
    }
    expect(sent).toEqual([body, body])
  })

  it('sends only what changed of the profile', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    serve('desk', {
      '/api/staff/customers/4': async (_url, init) => {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)))
          const profile = profileOf()
          return contractResponse(staffCustomerRoutes.staffCustomerEdit, {
            ok: true,
            model: { ...profile, phone: '600 99 88 77' },
          })
        }
        return contractResponse(staffCustomerRoutes.staffCustomer, { ok: true, model: laura() })
      },
    })
    renderCustomer()
    const phone = (await screen.findByLabelText(/^Phone/)) as HTMLInputElement
    await user.clear(phone)
    await user.type(phone, '600 99 88 77')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The profile is saved.'))
    expect(sent).toEqual([{ phone: '600 99 88 77' }])
  })

  it('asks before disabling the account', async () => {
    const user = userEvent.setup()
    let disabled = 0
    serve('desk', {
      '/api/staff/customers/4/disable': () => {
        disabled += 1
        const profile = profileOf()
        return contractResponse(staffCustomerRoutes.staffCustomerDisable, {
          ok: true,
          model: { ...profile, disabled: true, disabledAt: '2030-01-01T10:00:00.000Z' },
        })
      },
    })
    renderCustomer()
    await user.click(await screen.findByRole('button', { name: 'Disable account' }))
    expect(disabled).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Yes, disable it' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The account is disabled.'))
    expect(disabled).toBe(1)
  })

  it('enables a disabled account again', async () => {
    const user = userEvent.setup()
    let enabled = 0
    const disabledLaura = { ...laura(), disabled: true, disabledAt: '2030-01-01T10:00:00.000Z' }
    serve('desk', {
      '/api/staff/customers/4': () =>
        contractResponse(staffCustomerRoutes.staffCustomer, {
          ok: true,
          model: enabled ? laura() : disabledLaura,
        }),
      '/api/staff/customers/4/enable': () => {
        enabled += 1
        return contractResponse(staffCustomerRoutes.staffCustomerEnable, { ok: true, model: profileOf() })
      },
    })
    renderCustomer()
    expect(await screen.findByText(/^Disabled on /)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Disable account' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Enable the account' }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The account is enabled again: the customer can log in.',
      ),
    )
    expect(enabled).toBe(1)
    expect(await screen.findByRole('button', { name: 'Disable account' })).toBeTruthy()
  })

  it('says so when the customer does not exist', async () => {
    serve('desk')
    renderWithApp(
      <Routes>
        <Route path="/staff/customers/:id" element={<CustomerPage />} />
      </Routes>,
      { route: '/staff/customers/999' },
    )
    expect(await screen.findByText('This customer does not exist.')).toBeTruthy()
  })
})
