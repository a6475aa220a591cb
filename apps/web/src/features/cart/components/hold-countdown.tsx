import { useTranslation } from 'react-i18next'

/** `ms` as m:ss, or h:mm:ss from an hour; rounded up, so 0:00 shows only once it has run out. */
export function formatTimeLeft(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000)
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/**
 * How long a sale's hold has left ("Held for 12:34"), or that it expired. The running figure is a
 * timer, which screen readers do not read out every second.
 */
export function HoldCountdown({ leftMs }: { leftMs: number }) {
  const { t } = useTranslation()
  if (leftMs <= 0) {
    return <span className="hold hold--expired">{t('cart.holdExpired')}</span>
  }
  return (
    <span className="hold">
      {t('cart.heldFor')}{' '}
      <span role="timer" className="hold__time">
        {formatTimeLeft(leftMs)}
      </span>
    </span>
  )
}
