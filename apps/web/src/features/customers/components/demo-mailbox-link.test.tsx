import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useLocation } from 'react-router'
import { isDemoMailboxOn, setDemoMailboxOn } from '../../../lib/demo-mailbox.ts'
import { openLogin } from '../../../lib/login-prompt.ts'
import { fakeServer } from '../../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../../test/render.tsx'
import { carryEmail } from './carried-email.ts'
import { LoginDialog } from './login-dialog.tsx'

/** The server's answer to "send me the link". */
const linkSent = {
  ok: true,
  model: { sentAt: '2026-11-23T10:00:00.000Z', resendAfter: '2026-11-23T10:10:00.000Z', alreadySent: false },
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

async function register() {
  fakeServer({ '/api/publiccustomers/register': () => jsonResponse({ ok: true, model: { id: 31 } }) })
  const user = userEvent.setup()
  renderWithApp(
    <>
      <LoginDialog />
      <Where />
    </>,
  )
  act(() => openLogin({ mode: 'register' }))
  await user.type(screen.getByLabelText(/^Name/), 'Ana')
  await user.type(screen.getByLabelText(/^Surname/), 'López')
  await user.type(screen.getByLabelText(/^Email/), 'ana@example.com')
  await user.type(screen.getByLabelText(/^Phone/), '600111222')
  await user.type(screen.getByLabelText(/^Password/), 'Padel-Ana-2026')
  await user.click(screen.getByRole('checkbox', { name: /accept the legal conditions/ }))
  await user.click(screen.getByRole('button', { name: 'Register' }))
  await screen.findByText(/Thanks for registering!/)
  return user
}

async function requestReset() {
  fakeServer({ '/api/publiccustomers/reset-password-request-cz': () => jsonResponse(linkSent) })
  const user = userEvent.setup()
  renderWithApp(<LoginDialog />)
  act(() => openLogin({ mode: 'reset' }))
  await user.type(screen.getByLabelText(/^Email/), 'laura@example.com')
  await user.click(screen.getByRole('button', { name: 'Send' }))
  await screen.findByText(/If an account exists for this email/)
}

beforeEach(() => {
  carryEmail('')
})
afterEach(() => setDemoMailboxOn(undefined))

describe('the way to the demo mailbox in the login popup', () => {
  it('follows the registration message when the site sends no mail, and leads there', async () => {
    setDemoMailboxOn(true)
    const user = await register()
    const link = screen.getByRole('link', { name: 'Open the demo mailbox' })
    expect(link.getAttribute('href')).toBe('/demo-mailbox')
    await user.click(link)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('where').textContent).toBe('/demo-mailbox')
  })

  it('follows the reset-sent message when the site sends no mail', async () => {
    setDemoMailboxOn(true)
    await requestReset()
    expect(screen.getByRole('link', { name: 'Open the demo mailbox' }).getAttribute('href')).toBe(
      '/demo-mailbox',
    )
  })

  it('is not there when the site sends mail', async () => {
    setDemoMailboxOn(false)
    await register()
    expect(screen.queryByRole('link', { name: 'Open the demo mailbox' })).toBeNull()
  })

  it('is on only when the page the server sent says so', () => {
    const page = (boot: unknown) => {
      const doc = document.implementation.createHTMLDocument('page')
      doc.head.innerHTML = `<script type="application/json" id="clubhouse-boot">${JSON.stringify(boot)}</script>`
      return doc
    }
    const cases: Array<[Document, boolean]> = [
      [page({ version: 'x', language: 'en-US', settings: {}, demoMailbox: true }), true],
      [page({ version: 'x', language: 'en-US', settings: {} }), false],
      [document.implementation.createHTMLDocument('dev server'), false],
    ]
    for (const [doc, on] of cases) {
      setDemoMailboxOn(undefined)
      expect(isDemoMailboxOn(doc)).toBe(on)
    }
  })
})
