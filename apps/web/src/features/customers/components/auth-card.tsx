import type { ReactNode } from 'react'
import '../auth.css'

/**
 * The frame of the authentication pages: a centred card on the page background with an optional
 * round icon over the title.
 */
export function AuthCard({
  title,
  icon,
  center = false,
  failed = false,
  children,
}: {
  title: string
  icon?: ReactNode
  center?: boolean
  failed?: boolean
  children: ReactNode
}) {
  return (
    <div className="auth-page">
      <section className={`auth-card${center ? ' auth-card--center' : ''}`}>
        {icon && (
          <span className={`auth-card__icon${failed ? ' auth-card__icon--failed' : ''}`} aria-hidden="true">
            {icon}
          </span>
        )}
        <h1 className="page-title">{title}</h1>
        {children}
      </section>
    </div>
  )
}

const svg = {
  viewBox: '0 0 24 24',
  width: 28,
  height: 28,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const

export const CheckIcon = () => (
  <svg {...svg}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
)

export const WarningIcon = () => (
  <svg {...svg}>
    <path d="M12 8v5M12 16.5v.5" />
    <circle cx="12" cy="12" r="9.5" />
  </svg>
)

export const KeyIcon = () => (
  <svg {...svg}>
    <circle cx="8" cy="15" r="4" />
    <path d="M10.8 12.2L20 3M16 7l3 3M14 9l2 2" />
  </svg>
)
