import { useTranslation } from 'react-i18next'
import type { CustomerBooking } from '@clubhouse/contract'
import { useBookingFormat } from '../use-booking-format.ts'
import '../bookings.css'

/**
 * One of the customer's bookings (spec 2 §2): booking type, resource, start, duration and
 * description; a next booking the server lets go has a Cancel button. Focus comes to the item itself
 * once it is cancelled, its Cancel button gone (`data-booking` finds it).
 */
export function CustomerBookingItem({
  booking,
  onCancel,
}: {
  booking: CustomerBooking
  /** Absent for past bookings. */
  onCancel?: () => void
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  return (
    <li className="my-booking" data-booking={booking.id} tabIndex={-1}>
      <div className="my-booking__main">
        <p className="my-booking__type">
          {booking.bookingType}
          {booking.status !== 'confirmed' && (
            <span className={`badge badge--${booking.status}`}>{t(`bookings.status.${booking.status}`)}</span>
          )}
        </p>
        {booking.resourceName && <p className="my-booking__resource">{booking.resourceName}</p>}
        <p className="my-booking__when">
          {format.dateTime(booking.start)} · {t('bookings.minutes', { n: booking.duration })}
        </p>
        {booking.description && <p className="my-booking__description">{booking.description}</p>}
      </div>
      {onCancel && booking.canCancel && (
        <button
          type="button"
          className="button button--secondary my-booking__cancel"
          aria-label={t('bookings.cancelOne', {
            name: `${booking.bookingType} ${format.dateTime(booking.start)}`,
          })}
          onClick={onCancel}
        >
          {t('bookings.cancel')}
        </button>
      )}
    </li>
  )
}
