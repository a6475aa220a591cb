import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useBookingFormat } from '../use-booking-format.ts'
import '../bookings.css'

/** What the customer is about to book, as the confirm popup lists it. */
export interface BookingSummaryData {
  bookingTypeName: string
  /** `yyyy-MM-dd HH:mm` of the centre. */
  start: string
  duration: number
  /** The main resource first, then the follow-ups. */
  resources: string[]
  /** The place chosen on a session's map (booking by place), with its label. */
  place?: { label: string; name: string } | undefined
  /** Euros: the time's price plus what the follow-ups add; undefined when unknown. */
  price: number | undefined
}

/**
 * The confirm popup (spec 2 §2): booking type, start, duration with its price, the resources, the
 * cancellation rules, and Add to Cart. While the call runs a spinner takes the button's place.
 */
export function ConfirmBookingDialog({
  summary,
  cancellationText,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  summary: BookingSummaryData
  cancellationText: string
  busy: boolean
  error: string | null
  onConfirm: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  return (
    <Dialog open onClose={onClose} title={t('bookings.confirmTitle')} closeLabel={t('common.close')}>
      <dl className="booking-confirm">
        <div>
          <dt>{t('bookings.bookingType')}</dt>
          <dd>{summary.bookingTypeName}</dd>
        </div>
        <div>
          <dt>{t('bookings.start')}</dt>
          <dd>{format.dateTime(summary.start)}</dd>
        </div>
        <div>
          <dt>{t('bookings.duration')}</dt>
          <dd>
            {t('bookings.minutes', { n: summary.duration })}
            {summary.price !== undefined && (
              <strong className="booking-confirm__price">
                {summary.price > 0 ? format.currency(summary.price) : t('bookings.free')}
              </strong>
            )}
          </dd>
        </div>
        {summary.place && (
          <div>
            <dt>{summary.place.label}</dt>
            <dd>{summary.place.name}</dd>
          </div>
        )}
        {summary.resources.length > 0 && (
          <div>
            <dt>{t('bookings.resources')}</dt>
            <dd>
              <ul className="booking-confirm__resources">
                {summary.resources.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {cancellationText && (
        <div className="booking-confirm__cancellation">
          <h3>{t('bookings.cancellation')}</h3>
          <p>{cancellationText}</p>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <Button
        className="booking-confirm__action"
        busy={busy}
        busyLabel={t('common.sending')}
        onClick={onConfirm}
      >
        {t('bookings.addToCart')}
      </Button>
    </Dialog>
  )
}
