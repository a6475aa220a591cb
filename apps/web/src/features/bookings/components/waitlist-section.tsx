import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { HeldBooking, WaitlistEntry } from '@clubhouse/contract'
import { Button } from '../../../components/ui/button.tsx'
import { AskDialog } from '../../../components/ui/ask-dialog.tsx'
import { ListState } from '../../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api-error.ts'
import '../../../lib/i18n/place-texts.ts'
import { useFormat } from '../../content/settings.tsx'
import { useConfirmHold, useLeaveWaitlist, useWaitlist } from '../api/waitlist.ts'
import { usePayHeld } from '../prebook-outcome.ts'
import { useBookingFormat } from '../use-booking-format.ts'
import '../bookings.css'
import '../place-bookings.css'

/**
 * The customer's waiting lists, for My bookings: each full session waited for, with the customer's
 * number in the queue, or, once a place freed, until when it is held for them with Pay (its sale
 * goes to the cart, then the checkout) or Confirm (nothing to pay). Leave asks once more. After
 * each change the lists and the bookings are read again.
 */
export function WaitlistSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  const waitlist = useWaitlist(customerId)
  const leave = useLeaveWaitlist(customerId)
  const confirmHold = useConfirmHold(customerId)
  const pay = usePayHeld()
  const [asking, setAsking] = useState<WaitlistEntry | null>(null)
  const [error, setError] = useState<string | null>(null)

  const refusal = (failure: unknown) =>
    setError(failure instanceof ApiError && failure.errorMsg ? failure.errorMsg : t('messages.crash'))

  const confirmLeave = (entry: WaitlistEntry) => {
    setError(null)
    leave.mutate(entry.id, {
      onSuccess: () => setAsking(null),
      onError: (failure) => {
        setAsking(null)
        refusal(failure)
      },
    })
  }

  const confirm = (bookingId: number) => {
    setError(null)
    confirmHold.mutate(bookingId, { onError: refusal })
  }

  if (waitlist.isPending) {
    return (
      <Loading label={t('common.loading')}>
        <Skeleton height="72px" />
      </Loading>
    )
  }
  if (waitlist.isError) {
    return (
      <ListState
        message={t('places.waitlistsError')}
        action={{ label: t('common.retry'), onClick: () => void waitlist.refetch() }}
      />
    )
  }

  const { waitlist: entries, held } = waitlist.data
  return (
    <>
      {error && (
        <p className="form-error my-bookings__error" role="alert">
          {error}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="account-empty">{t('places.noWaitlists')}</p>
      ) : (
        <ul className="my-booking-list">
          {entries.map((entry) => (
            <WaitlistItem
              key={entry.id}
              entry={entry}
              held={held.find((hold) => hold.bookingId === entry.offeredBookingId)}
              confirming={confirmHold.isPending && confirmHold.variables === entry.offeredBookingId}
              onPay={(sale) => pay(sale, entry.bookingType)}
              onConfirm={confirm}
              onLeave={() => setAsking(entry)}
            />
          ))}
        </ul>
      )}

      {asking && (
        <AskDialog
          title={t('places.leaveTitle')}
          question={t('places.leaveQuestion', {
            name: asking.bookingType,
            when: format.dateTime(asking.start),
          })}
          keepLabel={t('places.stay')}
          confirmLabel={t('places.confirmLeave')}
          busy={leave.isPending}
          busyLabel={t('common.sending')}
          closeLabel={t('common.close')}
          onConfirm={() => confirmLeave(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  )
}

function WaitlistItem({
  entry,
  held,
  confirming,
  onPay,
  onConfirm,
  onLeave,
}: {
  entry: WaitlistEntry
  /** The booking held for the customer when a place was offered. */
  held: HeldBooking | undefined
  confirming: boolean
  onPay: (sale: NonNullable<HeldBooking['sale']>) => void
  onConfirm: (bookingId: number) => void
  onLeave: () => void
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  const { date } = useFormat()
  const name = `${entry.bookingType} ${format.dateTime(entry.start)}`
  const offered = entry.status === 'offered'
  const until = entry.offerExpiresAt ?? held?.holdExpiresAt ?? null
  const sale = offered ? held?.sale : undefined

  return (
    <li className="my-booking waitlist-entry">
      <div className="my-booking__main">
        <p className="my-booking__type">{entry.bookingType}</p>
        <p className="my-booking__when">
          {format.dateTime(entry.start)} · {t('bookings.minutes', { n: entry.duration })}
        </p>
        {entry.description && <p className="my-booking__description">{entry.description}</p>}
        <p className={`waitlist-entry__state${offered ? ' waitlist-entry__offer' : ''}`}>
          {offered && until
            ? t('places.heldUntil', { time: date(until, 'HH:mm') })
            : t('places.position', { n: entry.position })}
        </p>
      </div>
      <div className="waitlist-entry__actions">
        {sale && (
          <Button aria-label={t('places.payOne', { name })} onClick={() => onPay(sale)}>
            {t('places.pay')}
          </Button>
        )}
        {offered && held && !held.sale && (
          <Button
            aria-label={t('places.confirmOne', { name })}
            busy={confirming}
            busyLabel={t('common.sending')}
            onClick={() => onConfirm(held.bookingId)}
          >
            {t('places.confirm')}
          </Button>
        )}
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('places.leaveOne', { name })}
          onClick={onLeave}
        >
          {t('places.leave')}
        </button>
      </div>
    </li>
  )
}
