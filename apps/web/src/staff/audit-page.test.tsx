import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { staffAuditRoutes, staffRoutes, type StaffAuditEntry } from '@clubhouse/contract/server'
import { contractResponse, errorResponse, fakeServer } from '../test/fake-server.ts'
import { renderWithApp } from '../test/render.tsx'
import { onTheSpanishSite } from '../test/language.ts'
import { AUDIT_ACTIONS, actionKey, AuditPage } from './audit-page.tsx'
import { auditTextsEnUS, auditTextsEsES } from './audit-texts.ts'
import { saveStaffToken } from './staff-session.ts'

const marta = { id: 2, email: 'manager@demo.clubhouse', name: 'Marta' }

const entries: StaffAuditEntry[] = [
  {
    id: 9,
    at: '2029-12-03T09:00:00.000Z',
    staff: marta,
    action: 'order.refund',
    subject: 'sale:12',
    before: { state: 'shipped', paidCents: 6550, refundedCents: 0 },
    after: { state: 'refunded', paidCents: 6550, refundedCents: 1250, reason: 'Scratched' },
  },
  {
    id: 8,
    at: '2029-12-02T08:00:00.000Z',
    staff: null,
    action: 'account.add',
    subject: 'staff:2',
    before: null,
    after: { email: 'manager@demo.clubhouse', role: 'manager', hasPassword: false },
  },
]

/** Writes whose values are words, a text in both languages, yes or no, and lists. */
const worded: StaffAuditEntry[] = [
  {
    id: 12,
    at: '2029-12-05T11:00:00.000Z',
    staff: marta,
    action: 'second-factor.reset',
    subject: 'staff:3',
    before: { hasSecondFactor: true },
    after: { hasSecondFactor: false },
  },
  {
    id: 11,
    at: '2029-12-05T10:00:00.000Z',
    staff: marta,
    action: 'account.role',
    subject: 'staff:3',
    before: { email: 'desk@demo.clubhouse', role: 'desk' },
    after: { email: 'desk@demo.clubhouse', role: 'manager' },
  },
  {
    id: 10,
    at: '2029-12-05T09:00:00.000Z',
    staff: marta,
    action: 'booking.cancel',
    subject: 'booking:40',
    before: { status: 'confirmed', description: { 'es-ES': 'Pista 1, 10:00', 'en-US': 'Court 1, 10:00' } },
    after: {
      status: 'cancelled',
      description: { 'en-US': 'Court 1, 10:00' },
      refund: 'voucher',
      refunds: [
        { paymentMethod: 'Bono monedero', amount: 12 },
        { paymentMethod: 'Efectivo', amount: 3 },
      ],
      resourceIds: [3, 4],
      priceCents: 1550,
    },
  },
]

function serve(asked: string[] = [], recorded = entries) {
  fakeServer({
    [staffAuditRoutes.staffAudit.path]: (url) => {
      asked.push(url.search)
      const staff = url.searchParams.get('staffId')
      const action = url.searchParams.get('action')
      const data = recorded.filter(
        (e) => (!staff || e.staff?.id === Number(staff)) && (!action || e.action === action),
      )
      return contractResponse(staffAuditRoutes.staffAudit, { ok: true, data, totalCount: data.length })
    },
    [staffRoutes.staffAccounts.path]: () =>
      contractResponse(staffRoutes.staffAccounts, {
        ok: true,
        data: [
          {
            ...marta,
            role: 'manager',
            hasPassword: true,
            hasSecondFactor: true,
            disabledAt: null,
            createdAt: '2029-01-01T00:00:00.000Z',
          },
        ],
      }),
  })
}

const renderAudit = (route = '/staff/audit') =>
  renderWithApp(
    <Routes>
      <Route path="/staff/audit" element={<AuditPage />} />
    </Routes>,
    { route },
  )

beforeEach(() => saveStaffToken('owner-token'))

describe("the owner's audit", () => {
  it('shows who did what, when, to what, and the thing before and after with the changes marked', async () => {
    serve()
    renderAudit()
    const list = await screen.findByRole('list', { name: 'Audit' })
    const [refund, added] = within(list).getAllByRole('listitem')
    expect(within(refund!).getByText('Order refunded')).toBeTruthy()
    expect(within(refund!).getByRole('link', { name: 'Sale 12' }).getAttribute('href')).toBe(
      '/staff/orders/12',
    )
    expect(within(refund!).getByText('Marta')).toBeTruthy()
    expect(within(refund!).getByText('03/12/2029 10:00:00')).toBeTruthy()
    const changed = within(refund!).getByRole('row', { name: /^Refunded/ })
    expect(changed.className).toBe('is-changed')
    expect(changed.textContent).toMatch(/^Refunded0\s€12,50\s€$/)
    expect(within(refund!).getByRole('row', { name: /^Paid/ }).className).toBe('')
    expect(within(refund!).getByRole('row', { name: /^Reason/ }).textContent).toBe('Reason—Scratched')

    expect(within(added!).getByText('Staff account added')).toBeTruthy()
    expect(within(added!).getByText('Command line')).toBeTruthy()
    expect(within(added!).getByRole('table', { name: 'Created' })).toBeTruthy()
    expect(within(added!).getByRole('row', { name: /^Role/ }).textContent).toBe('Rolemanager')
    // A field the page has no words for reads as its name in words; a boolean as yes or no.
    expect(within(added!).getByRole('row', { name: /^Has password/ }).textContent).toBe('Has passwordNo')
    expect(screen.getByRole('status').textContent).toBe('Showing 1–2 of 2 changes')
  })

  it('filters by staff member and action, kept in the address', async () => {
    const user = userEvent.setup()
    const asked: string[] = []
    serve(asked)
    renderAudit()
    await screen.findByRole('list', { name: 'Audit' })
    await user.selectOptions(await screen.findByLabelText('Staff member'), 'Marta')
    await waitFor(() => expect(asked.at(-1)).toBe('?staffId=2&page=1'))
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Audit' })).getAllByRole('listitem')).toHaveLength(1),
    )
    await user.selectOptions(screen.getByLabelText('Action'), 'Order shipped')
    await waitFor(() => expect(asked.at(-1)).toBe('?staffId=2&action=order.ship&page=1'))
    expect(await screen.findByText('No change matches these filters.')).toBeTruthy()
  })

  it('tells a manager their role does not open the audit', async () => {
    fakeServer({
      [staffAuditRoutes.staffAudit.path]: () => errorResponse(403, 'forbidden', 'Owners only.'),
      [staffRoutes.staffAccounts.path]: () => errorResponse(403, 'forbidden', 'Owners only.'),
    })
    renderAudit()
    expect((await screen.findByRole('alert')).textContent).toBe('Your role does not open this page.')
  })

  it('words the values in English: a text in both languages, a list of records, a known word', async () => {
    serve([], worded)
    renderAudit()
    const list = await screen.findByRole('list', { name: 'Audit' })
    const [reset, , cancel] = within(list).getAllByRole('listitem')
    expect(within(reset!).getByText('Second factor reset')).toBeTruthy()
    expect(within(reset!).getByRole('row', { name: /^Second factor/ }).textContent).toBe('Second factorYesNo')
    expect(within(cancel!).getByRole('row', { name: /^Description/ }).textContent).toBe(
      'DescriptionCourt 1, 10:00Court 1, 10:00',
    )
    expect(within(cancel!).getByRole('row', { name: /^Status/ }).textContent).toBe('StatusConfirmedCancelled')
    expect(within(cancel!).getByRole('row', { name: /^Refund\b/ }).textContent).toBe(
      'Refund—To the money voucher',
    )
    const refunds = within(cancel!).getByRole('row', { name: /^Refunds/ })
    expect(
      within(refunds)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Payment method Bono monedero · Amount 12', 'Payment method Efectivo · Amount 3'])
    expect(within(cancel!).getByRole('row', { name: /^Resources/ }).textContent).toBe('Resources—3, 4')
    expect(within(cancel!).getByRole('row', { name: /^Price/ }).textContent).toBe('Price—15,50\u00a0€')
  })

  it('has words in both languages for every action the server writes', () => {
    for (const action of AUDIT_ACTIONS) {
      const key = actionKey(action) as keyof typeof auditTextsEnUS.staffAudit
      expect(auditTextsEnUS.staffAudit[key], action).toBeTruthy()
      expect(auditTextsEsES.staffAudit[key], action).toBeTruthy()
    }
    expect(actionKey('second-factor.reset')).toBe('action_second_factor_reset')
  })
})

describe("the owner's audit in Spanish", () => {
  onTheSpanishSite()

  it('reads the values in Spanish: the description, the role, yes or no, the status', async () => {
    serve([], worded)
    renderAudit()
    const list = await screen.findByRole('list', { name: 'Auditoría' })
    const [reset, role, cancel] = within(list).getAllByRole('listitem')
    expect(within(reset!).getByText('Segundo factor restablecido')).toBeTruthy()
    expect(within(reset!).getByRole('row', { name: /^Segundo factor/ }).textContent).toBe(
      'Segundo factorSíNo',
    )
    expect(within(role!).getByText('Rol del personal cambiado')).toBeTruthy()
    const changed = within(role!).getByRole('row', { name: /^Rol/ })
    expect(changed.className).toBe('is-changed')
    expect(changed.textContent).toBe('Rolrecepcióngerencia')
    // The text of the page's language, or the other one when it has none.
    expect(within(cancel!).getByRole('row', { name: /^Descripción/ }).textContent).toBe(
      'DescripciónPista 1, 10:00Court 1, 10:00',
    )
    expect(within(cancel!).getByRole('row', { name: /^Situación/ }).textContent).toBe(
      'SituaciónConfirmadaCancelada',
    )
    expect(within(cancel!).getByRole('row', { name: /^Devolución\b/ }).textContent).toBe(
      'Devolución—Al bono monedero',
    )
    expect(within(cancel!).getByText('Forma de pago Bono monedero · Cantidad 12')).toBeTruthy()
  })

  it('lists the second-factor reset among the actions and filters by its name', async () => {
    const user = userEvent.setup()
    const asked: string[] = []
    serve(asked, worded)
    renderAudit()
    await screen.findByRole('list', { name: 'Auditoría' })
    await user.selectOptions(screen.getByLabelText('Acción'), 'Segundo factor restablecido')
    await waitFor(() => expect(asked.at(-1)).toBe('?action=second-factor.reset&page=1'))
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Auditoría' })).getAllByRole('listitem')).toHaveLength(
        1,
      ),
    )
  })
})
