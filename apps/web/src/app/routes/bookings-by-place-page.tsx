import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { BookingFilters, PlaceSession } from '@clubhouse/contract'
import { Carousel } from '../../components/ui/carousel.tsx'
import { ListState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { bookingFiltersQuery, useBookingFilters } from '../../features/bookings/api/get-booking-filters.ts'
import { usePlaceWeek } from '../../features/bookings/api/get-place-week.ts'
import { usePrebookPlace } from '../../features/bookings/api/prebook-place.ts'
import { useJoinWaitlist, useWaitlist } from '../../features/bookings/api/waitlist.ts'
import { firstBookableDay, isLocalDate, wallClockAt } from '../../features/bookings/booking-rules.ts'
import { BookingDatePicker } from '../../features/bookings/components/booking-date-picker.tsx'
import { BookingPageFrame } from '../../features/bookings/components/booking-page-frame.tsx'
import { ConfirmBookingDialog } from '../../features/bookings/components/confirm-booking-dialog.tsx'
import { PlaceSessionCard } from '../../features/bookings/components/place-session-card.tsx'
import {
  byWeekday,
  canJoinWaitlist,
  sessionHref,
  weekdayOf,
  weekOf,
} from '../../features/bookings/place-rules.ts'
import { prebookErrorText, useFinishPrebook } from '../../features/bookings/prebook-outcome.ts'
import { useBookingFormat } from '../../features/bookings/use-booking-format.ts'
import { useSettings } from '../../features/content/settings.tsx'
import { useIsLoggedIn } from '../../features/customers/session.ts'
import { ApiError } from '../../lib/api-error.ts'
import '../../lib/i18n/place-texts.ts'
import { openLogin } from '../../lib/login-prompt.ts'
import { useMountTime } from '../../lib/use-now.ts'
import { readId, withParams } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'

/** Weekdays shown at once, per minimum viewport width: the booking carousel's steps, the week whole. */
const WEEK_SLIDES = { 0: 1, 480: 2, 600: 3, 1024: 4, 1224: 7 } as const

/** Choices of the address that belong to one session's confirm popup. */
const POPUP_PARAMS = { bookingId: null, placeId: null, place: null } as const

/**
 * Booking by place (spec 2 §2, §4): the day, the filter button and its side panel (booking types by
 * category, resource types, Clear All), a button per by-place type plus All, and the week of that
 * day as seven columns, Monday to Sunday, of sessions. A session with a place map leads to it; any
 * other opens the confirm popup here (`?bookingId=`), as does a place chosen on a map
 * (`?bookingId=&placeId=&place=`). Add to Cart holds the place: a free session lands on My bookings,
 * anything else goes to the cart and the checkout. A full session offers its waiting list.
 *
 * The address keeps the choices: `/bookings-byplace/{type}?date=yyyy-MM-dd&resourceType=`.
 */
export function BookingsByPlacePage() {
  const { t } = useTranslation()
  const { bookingTypeId: idParam } = useParams()
  const bookingTypeId = readId(idParam)
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const filters = useBookingFilters(bookingTypeId)
  const [panelOpen, setPanelOpen] = useState(false)

  const allTypes = filters.data?.bookingTypes ?? []
  const types = allTypes.filter((candidate) => candidate.byPlace)
  const type = allTypes.find((candidate) => candidate.id === bookingTypeId)
  usePageTitle(type?.name ?? t('places.title'))

  // A type booked by resource and time has its own page.
  if (type && !type.byPlace)
    return <Navigate to={`${paths.bookingsByType.to(type.id)}${location.search}`} replace />

  const resourceTypeId = readId(params.get('resourceType') ?? undefined)
  const date = params.get('date')
  /** A type's sessions on the same day; another type has other resource types, so that choice goes. */
  const chooseType = (id: number | null) => {
    const query = new URLSearchParams(date ? { date } : {})
    navigate(`${paths.bookingsByPlace.to(id)}${query.size > 0 ? `?${query}` : ''}`)
  }
  const chooseResourceType = (id: number | null) =>
    setParams(withParams(params, { ...POPUP_PARAMS, resourceType: id === null ? null : String(id) }), {
      replace: true,
    })

  return (
    <BookingPageFrame
      title={type?.name ?? t('places.title')}
      idParam={idParam}
      bookingTypeId={bookingTypeId}
      resourceTypeId={resourceTypeId}
      filters={filters}
      types={types}
      showFilter
      panelOpen={panelOpen}
      onPanel={setPanelOpen}
      onBookingType={(id) => {
        setPanelOpen(false)
        chooseType(id)
      }}
      onResourceType={chooseResourceType}
      clearAll={{ label: t('places.clearAll'), onClick: () => chooseType(null) }}
      skeleton={<WeekSkeleton />}
    >
      {(model) =>
        types.length === 0 ? (
          <ListState message={t('places.noTypes')} />
        ) : (
          <>
            <div className="chips chips--wrap" role="group" aria-label={t('places.types')}>
              {[null, ...types].map((choice) => (
                <button
                  key={choice?.id ?? 'all'}
                  type="button"
                  className="chip"
                  aria-pressed={(choice?.id ?? null) === bookingTypeId}
                  onClick={() => chooseType(choice?.id ?? null)}
                >
                  {choice?.name ?? t('places.all')}
                </button>
              ))}
            </div>
            <PlaceWeek filters={model} bookingTypeId={bookingTypeId} resourceTypeId={resourceTypeId} />
          </>
        )
      }
    </BookingPageFrame>
  )
}

/** The day, the week of sessions, the waiting lists and the confirm popup. */
function PlaceWeek({
  filters,
  bookingTypeId,
  resourceTypeId,
}: {
  filters: BookingFilters
  bookingTypeId: number | null
  resourceTypeId: number | null
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  const { timeZone } = useSettings()
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const loggedIn = useIsLoggedIn()
  const customerId = useCustomerId()

  const now = useMountTime()
  const today = firstBookableDay(now, 0, timeZone)
  const asked = params.get('date')
  const date = isLocalDate(asked) && asked >= today ? asked : today
  const week = usePlaceWeek({ date, bookingTypeId, resourceTypeId, customerId })
  const waitlist = useWaitlist(customerId)
  const join = useJoinWaitlist(customerId)
  const [joinError, setJoinError] = useState<{ id: number; message: string } | null>(null)
  const backUrl = `${location.pathname}${location.search}`

  const sessions = useMemo(() => week.data?.data ?? [], [week.data])
  const columns = useMemo(() => byWeekday(sessions), [sessions])
  const days = weekOf(date)
  const nowAtCentre = wallClockAt(now, timeZone)
  const positions = useMemo(() => {
    const byId = new Map<number, number>()
    for (const entry of waitlist.data?.waitlist ?? []) byId.set(entry.bookingId, entry.position)
    if (join.data) byId.set(join.data.bookingId, join.data.position)
    return byId
  }, [waitlist.data, join.data])

  const choose = useCallback(
    (session: PlaceSession) => {
      // Choosing a session needs a customer: the login opens and comes back here (spec 2 §4).
      if (!loggedIn) {
        openLogin({ mode: 'login', backUrl })
        return
      }
      navigate(sessionHref(session, date, location.pathname, params))
    },
    [loggedIn, backUrl, navigate, date, location.pathname, params],
  )

  const { mutate: joinMutate } = join
  const joinWaitlist = useCallback(
    (session: PlaceSession) => {
      setJoinError(null)
      if (!loggedIn || !customerId) {
        openLogin({ mode: 'login', backUrl })
        return
      }
      joinMutate(session.id, {
        onError: (error) =>
          setJoinError({
            id: session.id,
            message:
              error instanceof ApiError && error.isClientError && error.errorMsg
                ? error.errorMsg
                : t('messages.crash'),
          }),
      })
    },
    [loggedIn, customerId, backUrl, joinMutate, t],
  )

  const bookingId = readId(params.get('bookingId') ?? undefined)
  const chosen = bookingId === null ? undefined : sessions.find((session) => session.id === bookingId)
  const weekRead = week.data !== undefined && !week.isPlaceholderData
  const closePopup = () => setParams(withParams(params, POPUP_PARAMS), { replace: true })

  const toolbar = (
    <div className="bookings-page__toolbar">
      <BookingDatePicker
        value={date}
        minDay={today}
        today={today}
        step={{ days: 7, previous: t('places.previousWeek'), next: t('places.nextWeek') }}
        onChange={(day) => setParams(withParams(params, { ...POPUP_PARAMS, date: day }), { replace: true })}
      />
    </div>
  )

  if (week.isPending) {
    return (
      <>
        {toolbar}
        <WeekSkeleton inline />
      </>
    )
  }
  if (week.isError) {
    const message =
      week.error instanceof ApiError && week.error.isClientError && week.error.errorMsg
        ? week.error.errorMsg
        : t('messages.crash')
    return (
      <>
        {toolbar}
        <ListState
          message={message}
          action={{ label: t('common.retry'), onClick: () => void week.refetch() }}
        />
      </>
    )
  }

  return (
    <>
      {toolbar}
      {bookingId !== null && weekRead && !chosen && (
        <p className="booking-notice" role="alert">
          {t('places.wrong')}
        </p>
      )}
      <div
        className={`booking-day${week.isPlaceholderData ? ' is-stale' : ''}`}
        aria-busy={week.isFetching || undefined}
      >
        {sessions.length === 0 ? (
          <ListState message={week.data.errorMsg || t('places.nothingToJoin')} />
        ) : (
          <Carousel
            // A new week or day opens on the day asked for (on a phone, one day at a time).
            key={date}
            label={t('places.week')}
            className="resource-carousel week-carousel"
            perView={WEEK_SLIDES}
            startAt={weekdayOf(date) - 1}
            arrows
            centreFew
            slides={days.map((day, i) => (
              <section
                key={day}
                className="week-day"
                aria-label={t('places.dayOf', { day: format.day(day) })}
              >
                <h2 className={`week-day__title${day === date ? ' is-chosen' : ''}`}>
                  {format.shortDay(day)}
                </h2>
                {columns[i]!.length === 0 ? (
                  <p className="week-day__none">{t('places.noSessionsDay')}</p>
                ) : (
                  <ul className="week-day__sessions">
                    {columns[i]!.map((session) => (
                      <PlaceSessionCard
                        key={session.id}
                        session={session}
                        position={positions.get(session.id)}
                        canJoin={canJoinWaitlist(session, nowAtCentre)}
                        joining={join.isPending && join.variables === session.id}
                        error={joinError?.id === session.id ? joinError.message : null}
                        onChoose={choose}
                        onJoin={joinWaitlist}
                      />
                    ))}
                  </ul>
                )}
              </section>
            ))}
          />
        )}
      </div>

      {chosen &&
        (chosen.bookingTemplateId !== null && params.get('placeId') === null ? (
          // A session with a map is booked on a place of it.
          <Navigate to={sessionHref(chosen, date, location.pathname, params)} replace />
        ) : (
          <ConfirmSession
            key={`${chosen.id}|${params.get('placeId') ?? ''}`}
            session={chosen}
            placeId={readId(params.get('placeId') ?? undefined)}
            placeName={params.get('place')}
            cancellationText={chosen.bookingTypeId === bookingTypeId ? filters.cancellationText : null}
            backUrl={backUrl}
            onClose={closePopup}
            onRefused={() => void queryClient.invalidateQueries({ queryKey: ['bookings', 'byplace'] })}
          />
        ))}
    </>
  )
}

/**
 * The confirm popup of a session (and place): what is booked, its price and the type's cancellation
 * rules, and Add to Cart, which holds the place.
 */
function ConfirmSession({
  session,
  placeId,
  placeName,
  cancellationText,
  backUrl,
  onClose,
  onRefused,
}: {
  session: PlaceSession
  placeId: number | null
  placeName: string | null
  /** The type's cancellation rules when the page has them already; else they are read. */
  cancellationText: string | null
  backUrl: string
  onClose: () => void
  onRefused: () => void
}) {
  const { t } = useTranslation()
  const customerId = useCustomerId()
  const prebook = usePrebookPlace()
  const finishPrebook = useFinishPrebook()
  const typeFilters = useQuery({
    ...bookingFiltersQuery(session.bookingTypeId),
    enabled: cancellationText === null,
  })
  const [error, setError] = useState<string | null>(null)

  const confirm = () => {
    if (!customerId) {
      setError(t('messages.loginOrRegister'))
      openLogin({ mode: 'login', backUrl })
      return
    }
    setError(null)
    prebook.mutate(
      { customerId, bookingId: session.id, placeId },
      {
        onSuccess: (model) => {
          if (!finishPrebook(model)) setError(t('messages.crash'))
        },
        onError: (failure) => {
          setError(prebookErrorText(failure, t))
          // The places may have moved since the week was read.
          onRefused()
        },
      },
    )
  }

  return (
    <ConfirmBookingDialog
      summary={{
        bookingTypeName: session.bookingTypeName,
        start: session.start,
        duration: session.duration,
        resources: session.resources ? [session.resources] : [],
        place: placeId !== null && placeName ? { label: t('places.place'), name: placeName } : undefined,
        price: session.price,
      }}
      cancellationText={cancellationText ?? typeFilters.data?.cancellationText ?? ''}
      busy={prebook.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    />
  )
}

/** The outline of the week while it loads: the date row and three days. */
function WeekSkeleton({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation()
  return (
    <Loading label={t('common.loading')} className="booking-day">
      {!inline && <Skeleton width="16rem" height="44px" />}
      <div className="resource-skeletons">
        {[1, 2, 3].map((n) => (
          <div key={n} className="week-day" aria-hidden="true">
            <Skeleton width="40%" height="1.25rem" />
            <Skeleton height="120px" />
            <Skeleton height="120px" />
          </div>
        ))}
      </div>
    </Loading>
  )
}
