import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { RequiredMark } from '../../../components/ui/required-mark.tsx'
import { stripNonPrintable } from '../../../lib/text.ts'
import '../auth.css'

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string
  label: string
  value: string
  onValueChange: (value: string) => void
  /** The field's message in the spec's words ('Required', 'Minimum length is 5', ...). */
  error?: ReactNode
  /** A hint under the field, read with it. */
  hint?: ReactNode
  inputRef?: Ref<HTMLInputElement>
}

/** The id of a field's error line, for aria-describedby and for focusing the first error. */
export const errorId = (id: string) => `${id}-error`

function describedBy(id: string, error: ReactNode, hint: ReactNode) {
  const ids = [hint ? `${id}-hint` : '', error ? errorId(id) : ''].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

/**
 * A labelled text input: label above, required mark, the error under it and linked to it, and
 * non-printable characters removed as they are typed or pasted (spec 1 §5).
 */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  required,
  inputRef,
  ...rest
}: FieldProps) {
  return (
    <div className="field auth-field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <input
        {...rest}
        ref={inputRef}
        id={id}
        className="input"
        required={required}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onValueChange(stripNonPrintable(event.target.value))}
      />
      {hint && (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/** A password input with a show/hide toggle beside it. */
export function PasswordField({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  required,
  ...rest
}: FieldProps) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <div className="field auth-field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <div className="auth-password">
        <input
          {...rest}
          id={id}
          className="input auth-password__input"
          type={shown ? 'text' : 'password'}
          required={required}
          value={value}
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          // Passwords keep every character the customer types, except the non-printable ones
          // no keyboard makes (spec 1 §5).
          onChange={(event) => onValueChange(stripNonPrintable(event.target.value))}
        />
        <button
          type="button"
          className="icon-button auth-password__toggle"
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/** Moves focus to the first field named in `errors`, in the order the form lists them. */
export function focusFirstError(ids: Record<string, string>, errors: Record<string, unknown>) {
  for (const [field, id] of Object.entries(ids)) {
    if (errors[field]) {
      document.getElementById(id)?.focus()
      return
    }
  }
}

/**
 * A form's field messages as spec 1 §5 shows them: none until the first submit, then checked again
 * on every change; a submit with errors sends nothing and focuses the first of them.
 */
export function useFieldErrors<E extends Record<string, unknown>>(ids: Record<string, string>) {
  const [errors, setErrors] = useState<E>({} as E)
  const [submitted, setSubmitted] = useState(false)

  /** Shows `found` on the fields and focuses the first of them. */
  const show = (found: E) => {
    setErrors(found)
    focusFirstError(ids, found)
  }

  return {
    errors,
    show,
    /** On submit: shows what the check found; true when the form may be sent. */
    passes(found: E): boolean {
      setSubmitted(true)
      setErrors(found)
      if (Object.keys(found).length === 0) return true
      focusFirstError(ids, found)
      return false
    },
    /** On a change: checks again once the form has been submitted. */
    recheck(check: () => E) {
      if (submitted) setErrors(check())
    },
    /** Back to before the first submit: changes are not checked until the next one. */
    restart: () => setSubmitted(false),
  }
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
