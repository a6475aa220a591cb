import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { CustomFieldType } from '@clubhouse/contract'
import { initI18n } from '../../lib/i18n/index.ts'
import { CustomFieldInput, type CustomFieldDefinition } from './custom-field-input.tsx'

const club: CustomFieldDefinition = {
  customFieldId: 3,
  name: 'club',
  label: 'Previous club',
  fieldType: CustomFieldType.Text,
  pickListValues: '',
}
const leftHanded: CustomFieldDefinition = {
  customFieldId: 2,
  name: 'hand',
  label: 'Left-handed',
  fieldType: CustomFieldType.Bool,
  pickListValues: '',
}
const level: CustomFieldDefinition = {
  customFieldId: 1,
  name: 'level',
  label: 'Padel level',
  fieldType: CustomFieldType.PickList,
  pickListValues: 'Beginner, Intermediate,,Advanced',
}

/** The input with its value kept as a form keeps it, shown beside it as the API would carry it. */
function Harness(props: {
  field: CustomFieldDefinition
  initial?: string
  error?: string
  required?: boolean
}) {
  const [value, setValue] = useState(props.initial ?? '')
  return (
    <>
      <CustomFieldInput
        id={`custom-${props.field.customFieldId}`}
        field={props.field}
        value={value}
        onValueChange={setValue}
        error={props.error}
        required={props.required}
      />
      <p data-testid="value">{JSON.stringify(value)}</p>
    </>
  )
}

const valueShown = () => screen.getByTestId('value').textContent

afterEach(() => {
  initI18n('en-US')
})

describe('a custom field', () => {
  it('of type text is a labelled text input of at most 500 characters', async () => {
    const user = userEvent.setup()
    render(<Harness field={club} />)

    const input = screen.getByRole('textbox', { name: 'Previous club' })
    expect(input.getAttribute('maxlength')).toBe('500')
    await user.type(input, 'CP Turia')
    expect(valueShown()).toBe('"CP Turia"')
  })

  it("of type bool is a checkbox whose value is 'true' or 'false'", async () => {
    const user = userEvent.setup()
    render(<Harness field={leftHanded} initial="false" />)

    const box = screen.getByRole('checkbox', { name: 'Left-handed' })
    expect((box as HTMLInputElement).checked).toBe(false)
    await user.click(box)
    expect(valueShown()).toBe('"true"')
    await user.click(screen.getByText('Left-handed'))
    expect(valueShown()).toBe('"false"')
  })

  it('of type pick list starts with a placeholder and offers its options, trimmed', async () => {
    const user = userEvent.setup()
    render(<Harness field={level} />)

    const select = screen.getByRole('combobox', { name: 'Padel level' }) as HTMLSelectElement
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Choose…'],
      ['Beginner', 'Beginner'],
      ['Intermediate', 'Intermediate'],
      ['Advanced', 'Advanced'],
    ])
    expect(select.value).toBe('')
    await user.selectOptions(select, 'Advanced')
    expect(valueShown()).toBe('"Advanced"')
  })

  it('keeps a stored choice that is no longer among the options', () => {
    render(<Harness field={level} initial="Professional" />)

    const select = screen.getByRole('combobox', { name: 'Padel level' }) as HTMLSelectElement
    expect(select.value).toBe('Professional')
    expect([...select.options].map((option) => option.text)).toContain('Beginner')
  })

  it('shows its error under it, read with it, for every type', () => {
    render(
      <>
        <Harness field={club} error="At most 500 characters" />
        <Harness field={leftHanded} error="Required" required />
        <Harness field={level} error="Choose one of these options" />
      </>,
    )

    expect(
      screen.getByRole('textbox', { name: 'Previous club', description: 'At most 500 characters' }),
    ).toBeTruthy()
    const box = screen.getByRole('checkbox', { name: 'Left-handed', description: 'Required' })
    expect((box as HTMLInputElement).required).toBe(true)
    const select = screen.getByRole('combobox', {
      name: 'Padel level',
      description: 'Choose one of these options',
    })
    expect(select.getAttribute('aria-invalid')).toBe('true')
  })

  it('falls back to its name when it has no label, and speaks the site language', () => {
    initI18n('es-ES')
    render(<Harness field={{ ...level, label: '' }} />)

    const select = screen.getByRole('combobox', { name: 'level' }) as HTMLSelectElement
    expect(select.options[0]?.text).toBe('Elige…')
  })
})
