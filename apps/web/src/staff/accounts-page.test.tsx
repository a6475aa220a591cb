import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { staffRoutes, type StaffAccountShown, type StaffRole } from '@clubhouse/contract/server'
import { contractResponse, errorResponse, fakeServer } from '../test/fake-server.ts'
import { renderWithApp } from '../test/render.tsx'
import { AccountsPage } from './accounts-page.tsx'
import { saveStaffToken } from './staff-session.ts'

const account = (over: Partial<StaffAccountShown>): StaffAccountShown => ({
  id: 1,
  email: 'owner@demo.clubhouse',
  name: 'Eva Owner',
  role: 'owner',
  hasPassword: true,
  hasSecondFactor: true,
  disabledAt: null,
  createdAt: '2029-01-01T10:00:00.000Z',
  ...over,
})

const eva = account({})
const rosa = account({ id: 2, email: 'rosa@demo.clubhouse', name: 'Rosa', role: 'desk' })

function serve(
  role: StaffRole,
  accounts: () => StaffAccountShown[],
  extra: Parameters<typeof fakeServer>[0] = {},
) {
  return fakeServer({
    [staffRoutes.staffMe.path]: () =>
      contractResponse(staffRoutes.staffMe, {
        ok: true,
        data: { id: 1, email: eva.email, name: eva.name, role, mustEnrol: false },
      }),
    ...extra,
    '/api/staff/accounts': (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { email: string; name: string; role: StaffRole }
        return contractResponse(staffRoutes.staffAddAccount, {
          ok: true,
          model: {
            account: account({ id: 3, ...body, hasPassword: false, hasSecondFactor: false }),
            link: 'https://club.example/staff/set-password?token=abc',
            expiresAt: '2030-01-02T10:00:00.000Z',
          },
        })
      }
      return contractResponse(staffRoutes.staffAccounts, { ok: true, data: accounts() })
    },
  })
}

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/staff/accounts" element={<AccountsPage />} />
    </Routes>,
    { route: '/staff/accounts' },
  )

beforeEach(() => saveStaffToken('owner-token'))

describe('the owners’ staff accounts page', () => {
  it('lists the accounts with their role, second factor and state', async () => {
    serve('owner', () => [
      eva,
      account({ ...rosa, hasSecondFactor: false, disabledAt: '2029-06-01T10:00:00.000Z' }),
    ])
    renderPage()
    const rows = await screen.findAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('Second factor on')).toBeTruthy()
    expect(within(rows[0]!).getByText('You')).toBeTruthy()
    expect(within(rows[1]!).getByText('No second factor')).toBeTruthy()
    expect(within(rows[1]!).getByText(/^Disabled on /)).toBeTruthy()
    expect(within(rows[1]!).queryByRole('button', { name: 'Disable' })).toBeNull()
  })

  it('adds an account and shows its set-password link once', async () => {
    const user = userEvent.setup()
    const fetchMock = serve('owner', () => [eva])
    renderPage()
    await user.type(await screen.findByLabelText(/^Email/), 'new@demo.clubhouse')
    await user.type(screen.getByLabelText('Name'), 'Nina')
    await user.selectOptions(screen.getByLabelText(/^Role/), 'manager')
    await user.click(screen.getByRole('button', { name: 'Create the account' }))
    const link = await screen.findByLabelText('Set-password link')
    expect((link as HTMLInputElement).value).toBe('https://club.example/staff/set-password?token=abc')
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      email: 'new@demo.clubhouse',
      name: 'Nina',
      role: 'manager',
    })
    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByLabelText('Set-password link')).toBeNull()
  })

  it('shows the server’s refusal to disable the last owner', async () => {
    const user = userEvent.setup()
    serve('owner', () => [eva], {
      '/api/staff/accounts/1/disable': () =>
        errorResponse(
          409,
          'last_owner',
          'This is the last owner who can log in: add another owner before disabling this one.',
        ),
    })
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Disable' }))
    await user.click(screen.getByRole('button', { name: 'Yes, disable the account' }))
    expect((await screen.findByText(/last owner who can log in/)).textContent).toBe(
      'This is the last owner who can log in: add another owner before disabling this one.',
    )
  })

  it('resets a second factor after asking', async () => {
    const user = userEvent.setup()
    let reset = false
    serve('owner', () => [eva, reset ? { ...rosa, hasSecondFactor: false } : rosa], {
      '/api/staff/accounts/2/second-factor/reset': () => {
        reset = true
        return contractResponse(staffRoutes.staffResetSecondFactor, {
          ok: true,
          data: { ...rosa, hasSecondFactor: false },
        })
      },
    })
    renderPage()
    const rows = await screen.findAllByRole('listitem')
    await user.click(within(rows[1]!).getByRole('button', { name: 'Reset second factor' }))
    expect(reset).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Yes, reset it' }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('The second factor of Rosa is reset.'),
    )
    expect(await screen.findByText('No second factor')).toBeTruthy()
  })

  it('gives an account another role after asking, and enables a disabled one', async () => {
    const user = userEvent.setup()
    let rosaNow = rosa
    let nina = account({
      id: 3,
      email: 'nina@demo.clubhouse',
      name: 'Nina',
      role: 'desk',
      disabledAt: '2029-06-01T10:00:00.000Z',
    })
    const sent: unknown[] = []
    serve('owner', () => [eva, rosaNow, nina], {
      '/api/staff/accounts/2/role': (_url, init) => {
        const body = JSON.parse(String(init!.body)) as { role: StaffRole }
        sent.push(body)
        rosaNow = { ...rosa, role: body.role }
        return contractResponse(staffRoutes.staffChangeRole, { ok: true, data: rosaNow })
      },
      '/api/staff/accounts/3/enable': () => {
        nina = { ...nina, disabledAt: null }
        return contractResponse(staffRoutes.staffEnableAccount, { ok: true, data: nina })
      },
    })
    renderPage()
    const rows = await screen.findAllByRole('listitem')
    await user.click(within(rows[1]!).getByRole('button', { name: 'Change role' }))
    await user.selectOptions(within(rows[1]!).getByLabelText(/^New role of Rosa/), 'manager')
    expect(sent).toEqual([])
    await user.click(within(rows[1]!).getByRole('button', { name: 'Save the role' }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('The role of Rosa is now manager.'),
    )
    expect(sent).toEqual([{ role: 'manager' }])
    expect(within(rows[1]!).getByText('manager')).toBeTruthy()

    // A disabled account offers only to be enabled.
    expect(within(rows[2]!).queryByRole('button', { name: 'Change role' })).toBeNull()
    await user.click(within(rows[2]!).getByRole('button', { name: 'Enable' }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Nina can sign in again, with the password they had.',
      ),
    )
    await waitFor(() => expect(within(rows[2]!).queryByText(/^Disabled on /)).toBeNull())
  })

  it('gives a new set-password link, shown once in the account’s row', async () => {
    const user = userEvent.setup()
    serve('owner', () => [eva, rosa], {
      '/api/staff/accounts/2/link': () =>
        contractResponse(staffRoutes.staffNewPasswordLink, {
          ok: true,
          model: {
            link: 'https://club.example/staff/set-password?token=new',
            expiresAt: '2030-01-02T10:00:00.000Z',
          },
        }),
    })
    renderPage()
    const rows = await screen.findAllByRole('listitem')
    await user.click(within(rows[1]!).getByRole('button', { name: 'New password link' }))
    const link = await within(rows[1]!).findByLabelText('Set-password link')
    expect((link as HTMLInputElement).value).toBe('https://club.example/staff/set-password?token=new')
    expect(within(rows[1]!).getByText(/^A new link for Rosa to set their password/)).toBeTruthy()
    await user.click(within(rows[1]!).getByRole('button', { name: 'Done' }))
    expect(screen.queryByLabelText('Set-password link')).toBeNull()
  })

  it('tells another role the page is the owners’', async () => {
    serve('manager', () => [eva])
    renderPage()
    expect(await screen.findByText('Only an owner manages the staff accounts.')).toBeTruthy()
  })
})
