import type { ButtonHTMLAttributes } from 'react'
import { Spinner } from './spinner.tsx'

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost'
  /** While a call runs a spinner takes the button's place (spec) and clicks do nothing. */
  busy?: boolean
  busyLabel?: string
}

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel = '',
  className = '',
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      className={`button button--${variant} ${className}`}
      aria-busy={busy || undefined}
      aria-disabled={busy || rest['aria-disabled'] || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault()
          return
        }
        onClick?.(event)
      }}
    >
      {busy ? <Spinner label={busyLabel} /> : children}
    </button>
  )
}
