import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CustomerBooking } from '@clubhouse/contract'
import { AskDialog } from '../../components/ui/ask-dialog.tsx'
import { ListState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { AccountShell } from '../../features/account/components/account-shell.tsx'
import { Collapsible } from '../../features/account/components/collapsible.tsx'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { useCancelBooking } from '../../features/bookings/api/cancel-booking.ts'
import { useCustomerBookings } from '../../features/bookings/api/get-customer-bookings.ts'
import { useWaitlist } from '../../features/bookings/api/waitlist.ts'
import { CustomerBookingItem } from '../../features/bookings/components/customer-booking-item.tsx'
import { RefundsDialog } from '../../features/bookings/components/refunds-dialog.tsx'
import { WaitlistSection } from '../../features/bookings/components/waitlist-section.tsx'
import { useBookingFormat } from '../../features/bookings/use-booking-format.ts'
import { ApiError } from '../../lib/api-error.ts'
import '../../lib/i18n/place-texts.ts'
import { usePageTitle } from '../use-page-title.ts'

type CancelAnswer = NonNullable<ReturnType<typeof useCancelBooking>['data']>

/** A booking's item in the lists, where focus goes once its Cancel button is gone. */
const bookingItem = (bookingId: number) => () =>
  document.querySelector<HTMLElement>(`.my-booking[data-booking="${bookingId}"]`)

/**
 * My bookings (spec 2 §2, §4): "Next Bookings", "Past Bookings" and the waiting lists, each folding. A next booking the
 * server lets go has Cancel, asked once more before it goes; after a cancel the list is read again
 * and, when money was returned, the "Payment Refunds" popup says how much and how. A refused cancel
 * shows the server's words and changes nothing.
 */
export function CustomerBookingsPage() {
  const { t } = useTranslation()
  usePageTitle(t('bookings.mineTitle'))
  const format = useBookingFormat()
  const customerId = useCustomerId()
  const bookings = useCustomerBookings(customerId)
  const waitlist = useWaitlist(customerId)
  const cancel = useCancelBooking(customerId)
  const [asking, setAsking] = useState<CustomerBooking | null>(null)
  const [refunds, setRefunds] = useState<{
    bookingId: number
    infoReturns: CancelAnswer['infoReturns']
  } | null>(null)
  const [error, setError] = useState<string | null>(null)

  const confirmCancel = (booking: CustomerBooking) => {
    setError(null)
    cancel.mutate(booking.id, {
      onSuccess: (answer) => {
        setAsking(null)
        if (answer.errorMsg) setError(answer.errorMsg)
        if (answer.infoReturns.length > 0)
          setRefunds({ bookingId: booking.id, infoReturns: answer.infoReturns })
      },
      onError: (failure) => {
        setAsking(null)
        setError(failure instanceof ApiError && failure.errorMsg ? failure.errorMsg : t('messages.crash'))
      },
    })
  }

  return (
    <AccountShell title={t('bookings.mineTitle')}>
      {error && (
        <p className="form-error my-bookings__error" role="alert">
          {error}
        </p>
      )}
      {bookings.isPending ? (
        <Loading label={t('common.loading')}>
          {[1, 2].map((n) => (
            <div key={n} className="account-card">
              <Skeleton width="30%" height="1.5rem" />
              <Skeleton height="72px" />
              <Skeleton height="72px" />
            </div>
          ))}
        </Loading>
      ) : bookings.isError ? (
        <ListState
          message={t('bookings.mineError')}
          action={{ label: t('common.retry'), onClick: () => void bookings.refetch() }}
        />
      ) : (
        <div className="my-bookings">
          <Collapsible title={t('bookings.next')} count={bookings.data.next.length}>
            {bookings.data.next.length === 0 ? (
              <p className="account-empty">{t('bookings.noNext')}</p>
            ) : (
              <ul className="my-booking-list">
                {bookings.data.next.map((booking) => (
                  <CustomerBookingItem
                    key={booking.id}
                    booking={booking}
                    onCancel={() => setAsking(booking)}
                  />
                ))}
              </ul>
            )}
          </Collapsible>
          <Collapsible title={t('bookings.past')} count={bookings.data.past.length}>
            {bookings.data.past.length === 0 ? (
              <p className="account-empty">{t('bookings.noPast')}</p>
            ) : (
              <ul className="my-booking-list">
                {bookings.data.past.map((booking) => (
                  <CustomerBookingItem key={booking.id} booking={booking} />
                ))}
              </ul>
            )}
          </Collapsible>
        </div>
      )}
      <div className="my-bookings my-bookings--waitlists">
        <Collapsible title={t('places.waitlists')} count={waitlist.data?.waitlist.length ?? 0}>
          <WaitlistSection customerId={customerId} />
        </Collapsible>
      </div>

      {asking && (
        <AskDialog
          title={t('bookings.cancelTitle')}
          question={t('bookings.cancelQuestion', {
            name: asking.bookingType,
            when: format.dateTime(asking.start),
          })}
          keepLabel={t('bookings.keep')}
          confirmLabel={t('bookings.confirmCancel')}
          busy={cancel.isPending}
          busyLabel={t('common.sending')}
          closeLabel={t('common.close')}
          onConfirm={() => confirmCancel(asking)}
          onClose={() => setAsking(null)}
          returnFocus={bookingItem(asking.id)}
        />
      )}
      {refunds && (
        <RefundsDialog
          infoReturns={refunds.infoReturns}
          onClose={() => setRefunds(null)}
          returnFocus={bookingItem(refunds.bookingId)}
        />
      )}
    </AccountShell>
  )
}
