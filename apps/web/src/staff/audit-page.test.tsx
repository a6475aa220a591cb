import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { staffAuditRoutes, staffRoutes, type StaffAuditEntry } from '@clubhouse/contract/server'
import { contractResponse, errorResponse, fakeServer } from '../test/fake-server.ts'
import { renderWithApp } from '../test/render.tsx'
import { AuditPage } from './audit-page.tsx'
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

function serve(asked: string[] = []) {
  fakeServer({
    [staffAuditRoutes.staffAudit.path]: (url) => {
      asked.push(url.search)
      const staff = url.searchParams.get('staffId')
      const action = url.searchParams.get('action')
      const data = entries.filter(
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
    // A field the page has no words for reads as its name in words.
    expect(within(added!).getByRole('row', { name: /^Has password/ }).textContent).toBe('Has passwordfalse')
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
})
