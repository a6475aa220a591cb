import { useTranslation } from 'react-i18next'
import { CustomFieldType, type CustomField } from '@clubhouse/contract'
import { CheckboxField, SelectField, TextField } from './field.tsx'

/** What a custom field is, without anyone's value: the centre defines it, a form draws it. */
export type CustomFieldDefinition = Pick<
  CustomField,
  'customFieldId' | 'name' | 'label' | 'fieldType' | 'pickListValues'
>

/** The most a custom field's value may hold (the contract's limit). */
const MAX_VALUE_LENGTH = 500

/** A pick list's options: its comma-separated values, trimmed, empty ones left out. */
export const pickListOptions = (field: Pick<CustomField, 'pickListValues'>) =>
  field.pickListValues
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean)

/**
 * One of the centre's own fields (customer profile, later a dynamic form), drawn by its type with
 * the field kit. The value is a string whatever the type, as the API carries it: the text, 'true'
 * or 'false' for a checkbox, one of the options for a pick list.
 */
export function CustomFieldInput({
  id,
  field,
  value,
  onValueChange,
  error,
  required = false,
  placeholder,
}: {
  id: string
  field: CustomFieldDefinition
  value: string
  onValueChange: (value: string) => void
  error?: string
  required?: boolean
  /** The pick list's empty first choice; 'Choose…' unless the form says otherwise. */
  placeholder?: string
}) {
  const { t } = useTranslation()
  const label = field.label || field.name
  const common = { id, label, error, required }

  if (field.fieldType === CustomFieldType.Bool) {
    return (
      <CheckboxField
        {...common}
        wide
        checked={value === 'true'}
        onCheckedChange={(checked) => onValueChange(checked ? 'true' : 'false')}
      />
    )
  }
  if (field.fieldType === CustomFieldType.PickList) {
    const options = pickListOptions(field)
    // A stored value no longer among the options stays visible rather than silently lost.
    const all = value && !options.includes(value) ? [value, ...options] : options
    return (
      <SelectField
        {...common}
        value={value}
        onValueChange={onValueChange}
        placeholder={placeholder ?? t('form.choose')}
        options={all.map((option) => ({ value: option, label: option }))}
      />
    )
  }
  return <TextField {...common} value={value} onValueChange={onValueChange} maxLength={MAX_VALUE_LENGTH} />
}
