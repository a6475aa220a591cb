import { useState, type InputHTMLAttributes } from 'react'

/**
 * A whole-number field within `min`..`max`. What is typed shows as typed; a number is held within
 * the limits and reported at once; anything that is not a number is ignored (the value stays) and
 * the field shows the value again when it loses focus.
 */
export function QuantityInput({
  value,
  onValueChange,
  min,
  max,
  parse,
  className = '',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max' | 'type'> & {
  value: number
  onValueChange: (value: number) => void
  min: number
  max: number
  /** Text to a whole number within the limits, or null when it is not a number. */
  parse: (text: string) => number | null
}) {
  // While the visitor types, the field holds their text; otherwise it shows the value.
  const [draft, setDraft] = useState<string | null>(null)
  return (
    <input
      {...rest}
      className={`input quantity-input ${className}`}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={draft ?? String(value)}
      onChange={(event) => {
        const text = event.target.value
        const units = parse(text)
        // Past the maximum the field shows the maximum at once; below the minimum the visitor may
        // still be typing, so the text stays until the field loses focus.
        setDraft(units !== null && Number(text) > max ? String(units) : text)
        if (units !== null && units !== value) onValueChange(units)
      }}
      onBlur={(event) => {
        setDraft(null)
        rest.onBlur?.(event)
      }}
      onKeyDown={(event) => {
        // Letters, signs and decimal marks never make a whole quantity: refuse them at the key.
        if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey) {
          event.preventDefault()
        }
        rest.onKeyDown?.(event)
      }}
    />
  )
}
