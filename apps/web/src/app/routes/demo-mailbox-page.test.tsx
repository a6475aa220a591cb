import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route, Routes, useLocation } from 'react-router'
import { fakeServer } from '../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { DemoMailboxPage } from './demo-mailbox-page.tsx'

const activation = {
  id: 41,
  to: 'nuria@example.com',
  subject: 'Activa tu cuenta en Club Mistral',
  created: '2026-11-22T10:15:00.000Z',
}
const reset = {
  id: 40,
  to: 'laura@example.com',
  subject: 'Restablece tu contraseña en Club Mistral',
  created: '2026-11-22T10:05:00.000Z',
}
const bodies: Record<number, string> = {
  41: `<h1>Club Mistral</h1><p>Hola Nuria:</p><p><a href="${window.location.origin}/customer/activate/${'a'.repeat(64)}"><strong>Activar mi cuenta</strong></a></p>`,
  40: '<p>Hola Laura:</p><p><a href="https://example.org/help">Help</a></p>',
}

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname}</p>
}

function renderPage(route = '/demo-mailbox') {
  return renderWithApp(
    <Routes>
      <Route path="/demo-mailbox" element={<DemoMailboxPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  )
}

function mailbox(list: () => unknown[]) {
  return fakeServer({
    '/api/demo-mailbox': () => jsonResponse({ ok: true, data: list() }),
    '/api/demo-mailbox/41': () =>
      jsonResponse({ ok: true, model: { ...activation, html: bodies[41], text: 'Activar' } }),
    '/api/demo-mailbox/40': () =>
      jsonResponse({ ok: true, model: { ...reset, html: bodies[40], text: 'Help' } }),
  })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the demo mailbox page', () => {
  it('says that no mail is sent, lists the mails and shows the newest', async () => {
    mailbox(() => [activation, reset])
    renderPage()

    expect(screen.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeTruthy()
    expect(screen.getByRole('note').textContent).toBe(
      'Demo mailbox — this site sends no real mail: SMTP is not configured. Every mail the site would send is shown here.',
    )
    const list = await screen.findByRole('navigation', { name: 'Mails (2)' })
    const links = within(list).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Activa tu cuenta en Club Mistral'),
      expect.stringContaining('Restablece tu contraseña en Club Mistral'),
    ])
    expect(links[0]!.textContent).toContain('nuria@example.com')
    expect(links[0]!.getAttribute('aria-current')).toBe('true')
    const mail = await screen.findByRole('article', { name: 'Activa tu cuenta en Club Mistral' })
    expect(within(mail).getByText('nuria@example.com')).toBeTruthy()
    expect(within(mail).getByText('Hola Nuria:')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Demo mailbox · Club Mistral'))
  })

  it('opens the chosen mail, and a link of the site inside it in this tab', async () => {
    mailbox(() => [activation, reset])
    const user = userEvent.setup()
    renderPage()

    await user.click(await screen.findByRole('link', { name: /Restablece tu contraseña/ }))
    const mail = await screen.findByRole('article', { name: 'Restablece tu contraseña en Club Mistral' })
    expect(within(mail).getByRole('link', { name: 'Help' }).getAttribute('target')).toBeNull()
    expect(screen.getByRole('link', { name: /Restablece tu contraseña/ }).getAttribute('aria-current')).toBe(
      'true',
    )

    await user.click(screen.getByRole('link', { name: /Activa tu cuenta/ }))
    const activationMail = await screen.findByRole('article', { name: 'Activa tu cuenta en Club Mistral' })
    await user.click(within(activationMail).getByRole('link', { name: 'Activar mi cuenta' }))
    expect(screen.getByTestId('where').textContent).toBe(`/customer/activate/${'a'.repeat(64)}`)
  })

  it('asks for new mail every 5 seconds while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let mails = [reset]
    const fetchMock = mailbox(() => mails)
    renderPage()
    await screen.findByRole('navigation', { name: 'Mails (1)' })

    mails = [activation, reset]
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(await screen.findByRole('navigation', { name: 'Mails (2)' })).toBeTruthy()
    const listCalls = fetchMock.mock.calls.filter(
      ([url]) => new URL(String(url), window.location.origin).pathname === '/api/demo-mailbox',
    )
    expect(listCalls).toHaveLength(2)
  })

  it('says how to get mail when there is none', async () => {
    mailbox(() => [])
    renderPage()
    expect(
      await screen.findByText(
        'No mail yet. Register or ask for a new password, and the mail appears here within a few seconds.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy()
  })

  it('says the mailbox is off when the site sends its mail', async () => {
    fakeServer()
    renderPage()
    expect(
      await screen.findByText('The demo mailbox is off: this site sends its mail to your inbox.'),
    ).toBeTruthy()
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})
