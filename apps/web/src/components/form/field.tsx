import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { useTranslation } from 'react-i18next'
import { stripNonPrintable } from '../../lib/text.ts'
import './field.css'

/**
 * The field kit: every form of the site draws its fields with these, so a field reads the same
 * everywhere (DESIGN.md, Forms): the label above the control, a visible mark when it is required,
 * a hint and the error under it, both linked to the control with aria-describedby, and
 * aria-invalid while the error shows. Typed and pasted text loses its non-printable characters
 * (spec 1 §5). The messages themselves come from useFieldErrors.
 */

/** The id of a field's error line: aria-describedby points at it. */
export const errorId = (id: string) => `${id}-error`
/** The id of a field's hint line. */
export const hintId = (id: string) => `${id}-hint`

/** What every field takes besides its control's own attributes. */
export interface FieldProps {
  /** The control's id; the label, hint and error hang on it. */
  id: string
  label: ReactNode
  /** Marks the label and sets the control's `required`. */
  required?: boolean
  /** The field's message, shown under it; none means the field is fine. */
  error?: ReactNode
  /** A line under the control that helps fill it in; read with the control. */
  hint?: ReactNode
  /** Spans both columns of a two-column form grid. */
  wide?: boolean
}

/** The visible "required" asterisk beside a label; the control's `required` tells assistive technology. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  )
}

/** The attributes that tie a control to its hint and error. */
function describe(id: string, error: ReactNode, hint: ReactNode) {
  const ids = [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean)
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
  } as const
}

function FieldNotes({ id, error, hint }: Pick<FieldProps, 'id' | 'error' | 'hint'>) {
  return (
    <>
      {hint && (
        <p id={hintId(id)} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="field__error">
          {error}
        </p>
      )}
    </>
  )
}

/** Label above, the control, then hint and error: the frame of every field but a checkbox. */
function FieldFrame({
  id,
  label,
  required,
  error,
  hint,
  wide,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  )
}

const controlClass = (extra: string | undefined) => (extra ? `input ${extra}` : 'input')

export type TextFieldProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'required'> & {
    value: string
    onValueChange: (value: string) => void
    inputRef?: Ref<HTMLInputElement>
  }

/** A labelled text input (text, email, tel, date, ...). */
export function TextField({
  id,
  label,
  required,
  error,
  hint,
  wide,
  value,
  onValueChange,
  inputRef,
  className,
  ...rest
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} wide={wide}>
      <input
        type="text"
        {...rest}
        {...describe(id, error, hint)}
        ref={inputRef}
        className={controlClass(className)}
        required={required}
        value={value}
        onChange={(event) => onValueChange(stripNonPrintable(event.target.value))}
      />
    </FieldFrame>
  )
}

/** A password input with a show/hide toggle beside it; every printable character is kept. */
export function PasswordField({
  id,
  label,
  required,
  error,
  hint,
  wide,
  value,
  onValueChange,
  inputRef,
  className,
  ...rest
}: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} wide={wide}>
      <div className="field-password">
        <input
          {...rest}
          {...describe(id, error, hint)}
          ref={inputRef}
          className={controlClass(className ? `field-password__input ${className}` : 'field-password__input')}
          type={shown ? 'text' : 'password'}
          required={required}
          value={value}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(event) => onValueChange(stripNonPrintable(event.target.value))}
        />
        <button
          type="button"
          className="icon-button field-password__toggle"
          aria-label={shown ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  )
}

/** A labelled text area. */
export function TextAreaField({
  id,
  label,
  required,
  error,
  hint,
  wide,
  value,
  onValueChange,
  className,
  ...rest
}: FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'required'> & {
    value: string
    onValueChange: (value: string) => void
  }) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} wide={wide}>
      <textarea
        {...rest}
        {...describe(id, error, hint)}
        className={controlClass(className)}
        required={required}
        value={value}
        onChange={(event) => onValueChange(stripNonPrintable(event.target.value))}
      />
    </FieldFrame>
  )
}

export interface SelectOption {
  value: string
  label: string
}

/**
 * A labelled list of options. With `placeholder` the list starts with an empty choice carrying that
 * text, so nothing is picked until the visitor picks it.
 */
export function SelectField({
  id,
  label,
  required,
  error,
  hint,
  wide,
  value,
  onValueChange,
  options,
  placeholder,
  className,
  ...rest
}: FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'required'> & {
    value: string
    onValueChange: (value: string) => void
    options: readonly SelectOption[]
    placeholder?: string
  }) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} wide={wide}>
      <select
        {...rest}
        {...describe(id, error, hint)}
        className={controlClass(className)}
        required={required}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

/**
 * A checkbox with its label beside it (a box above its words would read oddly); the hint and the
 * error go under the label.
 */
export function CheckboxField({
  id,
  label,
  required,
  error,
  hint,
  wide,
  checked,
  onCheckedChange,
  ...rest
}: FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'checked' | 'onChange' | 'required'> & {
    checked: boolean
    onCheckedChange: (checked: boolean) => void
  }) {
  return (
    <div className={`field-check${wide ? ' field--wide' : ''}`}>
      <input
        {...rest}
        {...describe(id, error, hint)}
        type="checkbox"
        required={required}
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  )
}

const iconProps = {
  viewBox: '0 0 24 24',
  width: 20,
  height: 20,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const

function EyeIcon() {
  return (
    <svg {...iconProps}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  )
}

function EyeOffIcon() {
  return (
    <svg {...iconProps}>
      <path d="M17.9 17.9A10.4 10.4 0 0 1 12 19c-6.4 0-10-7-10-7a18.5 18.5 0 0 1 4.1-5M9.9 5.2A9.6 9.6 0 0 1 12 5c6.4 0 10 7 10 7a18.6 18.6 0 0 1-2.2 3.2M14.1 14.1a3 3 0 1 1-4.2-4.2" />
      <path d="M2 2l20 20" />
    </svg>
  )
}
