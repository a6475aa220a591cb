import { useTranslation } from 'react-i18next'
import { useBookingFormat } from '../use-booking-format.ts'
import '../bookings.css'

/**
 * What is chosen so far, in one line that stays at the bottom of a phone's screen while the
 * customer scrolls the day: resource, start, and the duration with its price once chosen.
 */
export function BookingSummary({
  resourceName,
  start,
  duration,
  price,
  onClear,
}: {
  resourceName: string
  start: string
  duration: number | null
  price: number | undefined
  onClear: () => void
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  return (
    <aside className="booking-summary" aria-label={t('bookings.summary')}>
      <p className="booking-summary__text">
        <strong>{resourceName}</strong> · {format.dateTime(start)}
        {duration !== null ? (
          <>
            {' '}
            · {t('bookings.minutes', { n: duration })}
            {price !== undefined && <> · {price > 0 ? format.currency(price) : t('bookings.free')}</>}
          </>
        ) : (
          <span className="booking-summary__hint"> · {t('bookings.chooseDuration')}</span>
        )}
      </p>
      <button type="button" className="button button--secondary booking-summary__clear" onClick={onClear}>
        {t('bookings.clearChoice')}
      </button>
    </aside>
  )
}
