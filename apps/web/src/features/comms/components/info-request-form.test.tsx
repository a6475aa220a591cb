import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, renderWithApp } from '../../../test/render.tsx'
import { InfoRequestForm } from './info-request-form.tsx'
import { expectWarnings } from '../../../test/console-watch.ts'

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
})

describe('the info request form', () => {
  it('has a labelled, required email field and question', () => {
    renderWithApp(<InfoRequestForm />)

    const email = screen.getByLabelText(/email/i)
    expect(email.getAttribute('type')).toBe('email')
    expect((email as HTMLInputElement).required).toBe(true)
    expect((screen.getByLabelText(/question/i) as HTMLTextAreaElement).required).toBe(true)
  })

  it('sends nothing and says nothing while a field is empty', async () => {
    const user = userEvent.setup()
    renderWithApp(<InfoRequestForm />)

    await user.click(screen.getByRole('button', { name: 'Send' }))
    await user.type(screen.getByLabelText(/email/i), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await user.clear(screen.getByLabelText(/email/i))
    await user.type(screen.getByLabelText(/question/i), 'Do you have padel classes for kids?')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText('Thanks! we will contact you ASAP!')).toBeNull()
  })

  it('puts the focus on the first empty field', async () => {
    const user = userEvent.setup()
    renderWithApp(<InfoRequestForm />)

    await user.type(screen.getByLabelText(/email/i), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect(document.activeElement).toBe(screen.getByLabelText(/question/i))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows a spinner while sending, then the thanks message instead of the form', async () => {
    let finish: (response: Response) => void = () => {}
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (finish = resolve)))
    const user = userEvent.setup()
    renderWithApp(<InfoRequestForm />)

    await user.type(screen.getByLabelText(/email/i), ' ana@example.com ')
    await user.type(screen.getByLabelText(/question/i), 'Do you have padel classes for kids?')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Sending…')
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull()
    finish(jsonResponse({ ok: true }))

    expect(await screen.findByText('Thanks! we will contact you ASAP!')).toBeTruthy()
    expect(screen.queryByLabelText(/email/i)).toBeNull()
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/publiccomms/info-request')
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ana@example.com',
      question: 'Do you have padel classes for kids?',
    })
  })

  it("shows the server's message under the form when it refuses the request", async () => {
    // A refused request is logged as the spec words it; the test expects that line.
    const warn = expectWarnings()
    fetchMock.mockResolvedValue(
      jsonResponse(
        { ok: false, code: 'bad_request', errorMsg: 'This address cannot receive mail.' },
        { status: 422 },
      ),
    )
    const user = userEvent.setup()
    renderWithApp(<InfoRequestForm />)

    await user.type(screen.getByLabelText(/email/i), 'ana@example.com')
    await user.type(screen.getByLabelText(/question/i), 'Hello?')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect((await screen.findByRole('alert')).textContent).toBe('This address cannot receive mail.')
    expect(screen.getByLabelText(/email/i)).toHaveProperty('value', 'ana@example.com')
    expect(warn).toHaveBeenCalledWith('Crash sending info request', expect.anything())
  })

  it('names a badly written email in its own words', async () => {
    // A refused request is logged as the spec words it; the test expects that line.
    const warn = expectWarnings()
    fetchMock.mockResolvedValue(
      jsonResponse(
        { ok: false, code: 'validation', errorMsg: 'Check the field "email"', errors: { email: 'Invalid' } },
        { status: 400 },
      ),
    )
    const user = userEvent.setup()
    renderWithApp(<InfoRequestForm />)

    await user.type(screen.getByLabelText(/email/i), 'ana@')
    await user.type(screen.getByLabelText(/question/i), 'Hello?')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address'))
    expect(warn).toHaveBeenCalledWith('Crash sending info request', expect.anything())
  })

  it("shows the server's message for a field under that field, focused, with what was typed", async () => {
    // A refused request is logged as the spec words it; the test expects that line.
    const warn = expectWarnings()
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          ok: false,
          code: 'validation',
          errorMsg: 'Check the field "question"',
          errors: { question: 'At most 2000 characters' },
        },
        { status: 400 },
      ),
    )
    const user = userEvent.setup()
    renderWithApp(<InfoRequestForm />)

    await user.type(screen.getByLabelText(/email/i), 'ana@example.com')
    await user.type(screen.getByLabelText(/question/i), 'Hello?')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    const question = await screen.findByRole('textbox', {
      name: 'Question',
      description: 'At most 2000 characters',
    })
    expect(question.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(question)
    expect(question).toHaveProperty('value', 'Hello?')
    expect(warn).toHaveBeenCalledWith('Crash sending info request', expect.anything())
    expect(screen.getByLabelText(/email/i)).toHaveProperty('value', 'ana@example.com')
  })
})
