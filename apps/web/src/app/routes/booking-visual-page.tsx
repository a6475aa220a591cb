import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import type { BookingTemplateInfo } from '@clubhouse/contract'
import { FramedImage } from '../../components/ui/image.tsx'
import { paths } from '../../config/paths.ts'
import { ListState, NotFoundState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { usePlaceMap } from '../../features/bookings/api/get-place-map.ts'
import { isLocalDate } from '../../features/bookings/booking-rules.ts'
import { PlaceMap } from '../../features/bookings/components/place-map.tsx'
import {
  bookedPlaces,
  placeChoiceHref,
  readDrawing,
  readPlaces,
  type MapPlace,
} from '../../features/bookings/place-rules.ts'
import { useBookingFormat } from '../../features/bookings/use-booking-format.ts'
import { useLevelText } from '../../features/bookings/use-session-texts.ts'
import { isMissingAnswer } from '../../lib/api-error.ts'
import '../../lib/i18n/place-texts.ts'
import { readId } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'

/**
 * The visual place choice (spec 2 §2, login required): "Choose your place", the header image, the
 * session, and its place map. A free place chosen leads to the by-place page's confirm popup with
 * the session, the place and the day (`/bookings-byplace?bookingId=&placeId=&place=&date=`).
 */
export function BookingVisualPage() {
  const { t } = useTranslation()
  usePageTitle(t('places.choosePlace'))
  const params = useParams()
  const bookingId = readId(params.bookingId)
  const templateId = readId(params.templateId)

  return (
    <div className="container visual-page">
      <h1 className="page-title">{t('places.choosePlace')}</h1>
      {bookingId === null || templateId === null ? (
        <NotFoundState
          message={t('places.wrong')}
          back={{ label: t('places.backToSessions'), to: paths.bookingsByPlace.to() }}
        />
      ) : (
        <VisualChoice bookingId={bookingId} templateId={templateId} />
      )}
    </div>
  )
}

function VisualChoice({ bookingId, templateId }: { bookingId: number; templateId: number }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [query] = useSearchParams()
  const map = usePlaceMap(templateId, bookingId)
  const info = map.data
  const places = useMemo(() => (info ? readPlaces(info.places) : []), [info])
  const drawing = useMemo(
    () => (info ? readDrawing(info.templateMap.configJson, places) : null),
    [info, places],
  )
  const booked = useMemo(() => bookedPlaces(info?.participants ?? []), [info])
  const asked = query.get('date')
  // The day goes on with the choice (spec 2 §2); a link without one takes the session's own day.
  const date = isLocalDate(asked) ? asked : (info?.session.start.slice(0, 10) ?? '')
  const choose = useCallback(
    (place: MapPlace) => navigate(placeChoiceHref(bookingId, place, date)),
    [navigate, bookingId, date],
  )

  if (map.isPending) {
    return (
      <Loading label={t('common.loading')}>
        <Skeleton height="120px" />
        <Skeleton width="60%" />
        <Skeleton height="320px" />
      </Loading>
    )
  }
  if (map.isError) {
    return isMissingAnswer(map.error) ? (
      <NotFoundState
        message={t('places.wrong')}
        back={{ label: t('places.backToSessions'), to: paths.bookingsByPlace.to() }}
      />
    ) : (
      <ListState
        message={t('places.mapError')}
        action={{ label: t('common.retry'), onClick: () => void map.refetch() }}
      />
    )
  }

  const { session } = map.data
  // The server says why no place can be chosen (full, closed, or the customer's in it already).
  const note = map.data.unavailableReason

  return (
    <>
      {map.data.imageMap && (
        <FramedImage
          src={map.data.imageMap}
          alt=""
          width={1200}
          height={240}
          priority
          className="visual-page__image"
        />
      )}
      <SessionDetails info={map.data} />
      {note && <p className="visual-page__note">{note}</p>}
      {drawing && places.length > 0 ? (
        <PlaceMap
          drawing={drawing}
          places={places}
          booked={booked}
          allowSeeParticipants={map.data.allowSeeParticipants}
          placesLeft={map.data.placesLeft}
          unavailableReason={note}
          onChoose={choose}
        />
      ) : (
        <ListState message={t('places.noPlaces')} />
      )}
      <Link
        className="button button--secondary visual-page__back"
        to={`${paths.bookingsByPlace.to(session.bookingTypeId)}${date ? `?date=${date}` : ''}`}
      >
        {t('places.backToSessions')}
      </Link>
    </>
  )
}

/** The session the places are of: its type, start, duration, places taken, levels and price. */
function SessionDetails({ info }: { info: BookingTemplateInfo }) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  const levelText = useLevelText()
  const { session } = info
  const level = levelText(session.minLevel, session.maxLevel)
  const rows: [string, string][] = [
    [t('bookings.bookingType'), session.bookingTypeName],
    [t('bookings.start'), format.dateTime(session.start)],
    [t('bookings.duration'), t('bookings.minutes', { n: session.duration })],
    [
      t('places.placesTerm'),
      t('places.taken', { taken: session.participantsIn, max: session.maxParticipants }),
    ],
    ...(level ? [[t('places.levelTerm'), level] as [string, string]] : []),
    [t('places.price'), session.price > 0 ? format.currency(session.price) : t('bookings.free')],
  ]
  return (
    <dl className="visual-page__session">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
