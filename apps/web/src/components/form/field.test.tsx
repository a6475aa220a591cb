import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CheckboxField, PasswordField, SelectField, TextAreaField, TextField } from './field.tsx'

function Controlled({ error, hint }: { error?: string; hint?: string }) {
  const [value, setValue] = useState('')
  return (
    <>
      <TextField
        id="surname"
        label="Surname"
        required
        value={value}
        onValueChange={setValue}
        error={error}
        hint={hint}
      />
      <p data-testid="value">{JSON.stringify(value)}</p>
    </>
  )
}

describe('the field kit', () => {
  it('puts the label on the control and marks a required field for the eye and for assistive technology', () => {
    render(<Controlled />)

    const input = screen.getByRole('textbox', { name: 'Surname' })
    expect((input as HTMLInputElement).required).toBe(true)
    expect(screen.getByText('Surname').closest('label')?.textContent).toBe('Surname *')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(input.getAttribute('aria-describedby')).toBeNull()
  })

  it('shows the error under the field and reads it with the field, marked invalid', () => {
    render(<Controlled error="Required" hint="As on your ID card" />)

    const input = screen.getByRole('textbox', { name: 'Surname', description: 'As on your ID card Required' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const error = screen.getByText('Required')
    // Under the control, after the hint.
    expect(input.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByText('As on your ID card').nextElementSibling).toBe(error)
  })

  it('drops non-printable characters as they are typed', async () => {
    const user = userEvent.setup()
    render(<Controlled />)

    await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Ló\u0007pez\u200B')

    expect(screen.getByTestId('value').textContent).toBe('"López"')
  })

  it('shows a password on request and hides it again', async () => {
    const user = userEvent.setup()
    render(
      <PasswordField
        id="pw"
        label="Password"
        value="Padel-2026"
        onValueChange={() => {}}
        error="Too short"
      />,
    )

    const input = screen.getByLabelText('Password')
    expect(input.getAttribute('type')).toBe('password')
    expect(input.getAttribute('aria-describedby')).toBe('pw-error')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(input.getAttribute('type')).toBe('text')
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(input.getAttribute('type')).toBe('password')
  })

  it('draws a text area and a list of options the same way', () => {
    render(
      <>
        <TextAreaField id="q" label="Question" required value="" onValueChange={() => {}} error="Required" />
        <SelectField
          id="level"
          label="Level"
          value=""
          onValueChange={() => {}}
          placeholder="Choose…"
          options={[{ value: 'a', label: 'Advanced' }]}
          error="Pick one"
        />
      </>,
    )

    expect(screen.getByRole('textbox', { name: 'Question', description: 'Required' })).toBeTruthy()
    const select = screen.getByRole('combobox', { name: 'Level', description: 'Pick one' })
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Choose…',
      'Advanced',
    ])
  })

  it('puts a checkbox before its label, with its hint and error read with it', async () => {
    const user = userEvent.setup()
    function Conditions() {
      const [checked, setChecked] = useState(false)
      return (
        <CheckboxField
          id="conditions"
          label="I accept the conditions"
          required
          checked={checked}
          onCheckedChange={setChecked}
          hint="Read them first."
          error={checked ? undefined : 'Please accept our legal conditions'}
        />
      )
    }
    render(<Conditions />)

    const box = screen.getByRole('checkbox', {
      name: 'I accept the conditions',
      description: 'Read them first. Please accept our legal conditions',
    })
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect((box as HTMLInputElement).required).toBe(true)
    await user.click(screen.getByText('I accept the conditions'))
    expect((box as HTMLInputElement).checked).toBe(true)
    expect(box.getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByText('Please accept our legal conditions')).toBeNull()
  })
})
