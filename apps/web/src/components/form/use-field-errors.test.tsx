import { useState, type FormEvent } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.ts'
import { TextField } from './field.tsx'
import { serverFieldErrors, useFieldErrors } from './use-field-errors.ts'

type Values = { name: string; email: string; city: string }
type Errors = Partial<Record<keyof Values, string>>

const check = (values: Values): Errors => {
  const found: Errors = {}
  // Listed out of the form's order on purpose: the form's order decides what is focused.
  if (!values.email.includes('@')) found.email = 'Needs an @'
  if (!values.name.trim()) found.name = 'Required'
  return found
}

/**
 * A form as the site's forms use the kit: name and email, and the city in a section that starts
 * folded. `answer` plays the server: a refusal, or nothing for a success.
 */
function DemoForm({ answer }: { answer: () => ApiError | undefined }) {
  const [values, setValues] = useState<Values>({ name: '', email: '', city: '' })
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState(0)
  const ids = { name: 'demo-name', email: 'demo-email', city: 'demo-city' }
  const { errors, passes, edited, showServer } = useFieldErrors<Errors>(ids, {
    reveal: (field) => field === 'city' && setOpen(true),
  })

  function change(field: keyof Values, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    edited(field, () => check(next))
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!passes(check(values))) return
    setSent((count) => count + 1)
    const refusal = answer()
    if (refusal) {
      showServer(serverFieldErrors(refusal, { name: 'name', email: 'email', 'address.city': 'city' }))
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField
        id={ids.name}
        label="Name"
        required
        value={values.name}
        onValueChange={(v) => change('name', v)}
        error={errors.name}
      />
      <TextField
        id={ids.email}
        label="Email"
        required
        value={values.email}
        onValueChange={(v) => change('email', v)}
        error={errors.email}
      />
      <div hidden={!open}>
        <TextField
          id={ids.city}
          label="City"
          value={values.city}
          onValueChange={(v) => change('city', v)}
          error={errors.city}
        />
      </div>
      <button type="submit">Save</button>
      <p data-testid="sent">{sent}</p>
    </form>
  )
}

const field = (name: string) => screen.getByRole('textbox', { name })

describe('the field messages of a form', () => {
  it('says nothing before the first submit, then shows every error and focuses the first in the order of the form', async () => {
    const user = userEvent.setup()
    render(<DemoForm answer={() => undefined} />)

    await user.type(field('Email'), 'laura')
    expect(field('Email').getAttribute('aria-invalid')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(screen.getByRole('textbox', { name: 'Name', description: 'Required' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Email', description: 'Needs an @' })).toBeTruthy()
    expect(document.activeElement).toBe(field('Name'))
    expect(screen.getByTestId('sent').textContent).toBe('0')
    // Nothing typed is lost.
    expect(field('Email')).toHaveProperty('value', 'laura')
  })

  it('checks again on every change once the form has been submitted', async () => {
    const user = userEvent.setup()
    render(<DemoForm answer={() => undefined} />)

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.type(field('Name'), 'L')
    expect(field('Name').getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByText('Required')).toBeNull()
    await user.clear(field('Name'))
    expect(screen.getByText('Required')).toBeTruthy()
    await user.type(field('Email'), 'laura@example.com')
    expect(screen.queryByText('Needs an @')).toBeNull()
  })

  it("puts the server's messages on the fields they name and keeps each until its field changes", async () => {
    const user = userEvent.setup()
    const refusal = new ApiError(400, 'validation', 'Check the form', {
      'address.city': 'We do not deliver to this city',
      email: 'This email is already registered.',
      somethingElse: 'Not a field of this form',
    })
    render(<DemoForm answer={() => refusal} />)

    await user.type(field('Name'), 'Laura')
    await user.type(field('Email'), 'laura@example.com')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(screen.getByTestId('sent').textContent).toBe('1')
    expect(
      screen.getByRole('textbox', { name: 'Email', description: 'This email is already registered.' }),
    ).toBeTruthy()
    // Its section stays folded: only the first field in error is brought into view.
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByText('Not a field of this form')).toBeNull()
    // The first in the form's order, though the server listed the city first.
    expect(document.activeElement).toBe(field('Email'))
    expect(field('Name')).toHaveProperty('value', 'Laura')
    expect(field('Email')).toHaveProperty('value', 'laura@example.com')

    await user.type(field('Name'), 'a')
    expect(screen.getByText('This email is already registered.')).toBeTruthy()
    await user.type(field('Email'), 'm')
    expect(screen.queryByText('This email is already registered.')).toBeNull()
    expect(screen.getByText('We do not deliver to this city')).toBeTruthy()
  })

  it('opens the folded section of the first field in error before focusing it', async () => {
    const user = userEvent.setup()
    const refusal = new ApiError(400, 'validation', 'Check the form', {
      'address.city': 'We do not deliver to this city',
    })
    render(<DemoForm answer={() => refusal} />)
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull()

    await user.type(field('Name'), 'Laura')
    await user.type(field('Email'), 'laura@example.com')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const city = screen.getByRole('textbox', { name: 'City', description: 'We do not deliver to this city' })
    expect(document.activeElement).toBe(city)
  })
})

describe('serverFieldErrors', () => {
  it('maps field names through a function, for names with an index', () => {
    const refusal = new ApiError(400, 'validation', 'Check the form', {
      'customFieldValues.1.value': 'Choose one of these options',
      phone: 'Required',
    })
    const fields = ['level', 'hand']

    expect(
      serverFieldErrors(refusal, (name) => {
        const match = /^customFieldValues\.(\d+)/.exec(name)
        return match ? fields[Number(match[1])] : undefined
      }),
    ).toEqual({ hand: 'Choose one of these options' })
  })

  it('finds nothing in a failure that is not a refusal with field messages', () => {
    expect(serverFieldErrors(new TypeError('offline'), { email: 'email' })).toEqual({})
    expect(serverFieldErrors(new ApiError(409, 'email_taken', 'Taken'), { email: 'email' })).toEqual({})
  })
})
