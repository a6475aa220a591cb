import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSettings } from '../features/content/settings.tsx'
import { errorText } from '../lib/error-text.ts'

/** A card in the middle of the page with the centre's name over it: the sign-in and its steps. */
export function StaffCard({
  title,
  lead,
  children,
}: {
  title: string
  lead?: ReactNode
  children: ReactNode
}) {
  const { name } = useSettings()
  const { t } = useTranslation()
  return (
    <main className="staff-centre" id="main">
      <div className="staff-card">
        <p className="staff-card__brand">
          {name} · {t('staff.appName')}
        </p>
        <h1 className="staff-card__title">{title}</h1>
        {lead && <p className="staff-card__lead">{lead}</p>}
        {children}
      </div>
    </main>
  )
}

/** A problem the form itself finds before sending (no customer chosen): its message is shown as it is. */
export class FormProblem extends Error {}

/**
 * A form of the desk's sign-in: sends once at a time, shows the server's refusal in the page's
 * language above the button, and keeps what was typed.
 */
export function useStaffSubmit(send: () => Promise<void>) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Two presses before the page draws the busy button again still send once (a refund, a shipment).
  const sending = useRef(false)
  async function onSubmit(event?: FormEvent) {
    event?.preventDefault()
    if (sending.current) return
    sending.current = true
    setBusy(true)
    setError(null)
    try {
      await send()
    } catch (failure) {
      setError(failure instanceof FormProblem ? failure.message : (errorText(failure, t) ?? t('staff.error')))
    } finally {
      sending.current = false
      setBusy(false)
    }
  }
  return { busy, error, onSubmit }
}

export function FormError({ error }: { error: string | null }) {
  if (!error) return null
  return (
    <p className="staff-form__error" role="alert">
      {error}
    </p>
  )
}
