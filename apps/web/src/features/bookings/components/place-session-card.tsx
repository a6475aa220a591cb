import { memo, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { PlaceSession } from '@clubhouse/contract'
import { Button } from '../../../components/ui/button.tsx'
import { sessionState } from '../place-rules.ts'
import { useBookingFormat } from '../use-booking-format.ts'
import { useLevelText, useStateText } from '../use-session-texts.ts'
import '../../../lib/i18n/place-texts.ts'
import '../place-bookings.css'

/**
 * One session of the week (spec 2 §2): booking type, start hour, duration, places taken of the
 * total, levels, resources and price, and the state of its places. A session that can be booked is
 * one button; a full one offers its waiting list instead. Memoised: the week redraws only the cards
 * whose session or state changed.
 */
export const PlaceSessionCard = memo(function PlaceSessionCard({
  session,
  position,
  canJoin,
  joining,
  error,
  onChoose,
  onJoin,
}: {
  session: PlaceSession
  /** The customer's place on the session's waiting list, when known. */
  position: number | undefined
  /** The waiting list takes the customer (full, not started, not on it yet). */
  canJoin: boolean
  joining: boolean
  /** Why joining the waiting list failed. */
  error: string | null
  onChoose: (session: PlaceSession) => void
  onJoin: (session: PlaceSession) => void
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  const levelText = useLevelText()
  const stateText = useStateText()
  const id = useId()
  const state = sessionState(session)
  const choosable = state === 'few' || state === 'plenty'
  const level = levelText(session.minLevel, session.maxLevel)

  const body = (
    <>
      <span className="session-card__when">
        <span id={`${id}-time`} className="session-card__time">
          {session.sstart}
        </span>
        <span className="session-card__duration">{t('bookings.minutes', { n: session.duration })}</span>
      </span>
      <span id={`${id}-name`} className="session-card__name">
        {session.bookingTypeName}
      </span>
      <span id={`${id}-details`} className="session-card__details">
        <span className="session-card__taken">
          <span aria-hidden="true">
            {session.participantsIn} / {session.maxParticipants}
          </span>
          <span className="visually-hidden">
            {t('places.taken', { taken: session.participantsIn, max: session.maxParticipants })}
          </span>
        </span>
        {level && <span className="session-card__level">{level}</span>}
        {session.resources && <span className="session-card__resources">{session.resources}</span>}
        <span className="session-card__price">
          {session.price > 0 ? format.currency(session.price) : t('bookings.free')}
        </span>
        <span className={`session-card__state session-state--${state}`}>
          {stateText(session, state, position)}
        </span>
      </span>
    </>
  )

  return (
    <li className={`session-card session-card--${state}`}>
      {choosable ? (
        <button
          type="button"
          className="session-card__main"
          aria-labelledby={`${id}-name ${id}-time`}
          aria-describedby={`${id}-details`}
          onClick={() => onChoose(session)}
        >
          {body}
        </button>
      ) : (
        <div className="session-card__main">{body}</div>
      )}
      {canJoin && (
        <Button
          variant="secondary"
          className="session-card__join"
          busy={joining}
          busyLabel={t('common.sending')}
          aria-label={t('places.joinWaitlistOf', { name: `${session.bookingTypeName} ${session.sstart}` })}
          onClick={() => onJoin(session)}
        >
          {t('places.joinWaitlist')}
        </Button>
      )}
      {error && (
        <p className="form-error session-card__error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
})
