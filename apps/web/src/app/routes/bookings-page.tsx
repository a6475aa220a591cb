import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import type { BookingFilters, BookingResource, BookingType, TimeTableEntry } from '@clubhouse/contract'
import { BookingErrorCode } from '@clubhouse/contract/constants'
import { Carousel } from '../../components/ui/carousel.tsx'
import { ListState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { useBookingDay } from '../../features/bookings/api/get-booking-day.ts'
import { useBookingFilters } from '../../features/bookings/api/get-booking-filters.ts'
import { usePrebook } from '../../features/bookings/api/prebook.ts'
import { prebookErrorText, useFinishPrebook } from '../../features/bookings/prebook-outcome.ts'
import {
  addDays,
  bookableFrom,
  bookingTypeHref,
  durationChoices,
  FILTER_AUTO_OPEN_MS,
  firstBookableDay,
  isLocalDate,
  LOOK_AHEAD_DAYS,
  mustBookByPlace,
  nothingFree,
  priceOf,
  RESOURCE_SLIDES,
} from '../../features/bookings/booking-rules.ts'
import { BookingDatePicker } from '../../features/bookings/components/booking-date-picker.tsx'
import { BookingPageFrame } from '../../features/bookings/components/booking-page-frame.tsx'
import { BookingSummary } from '../../features/bookings/components/booking-summary.tsx'
import { ConfirmBookingDialog } from '../../features/bookings/components/confirm-booking-dialog.tsx'
import { FollowUpDialog, type FollowUpChoice } from '../../features/bookings/components/follow-up-dialog.tsx'
import {
  ResourceSlots,
  ResourceSlotsSkeleton,
  type ChosenStart,
} from '../../features/bookings/components/resource-slots.tsx'
import { useSettings } from '../../features/content/settings.tsx'
import { useIsLoggedIn } from '../../features/customers/session.ts'
import { ApiError } from '../../lib/api-error.ts'
import { openLogin } from '../../lib/login-prompt.ts'
import { useMountTime, useNow } from '../../lib/use-now.ts'
import { readId, withParams } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'

/**
 * Booking by type (spec 2 §2, §4): the type's name, a filter button (when there is more than one
 * type) whose panel opens by itself when the address names no type, the anticipation note, the
 * day, the duration buttons, and a carousel of the type's resources with their times. A time opens
 * its durations with prices; a duration leads to the follow-up choices (when the type has related
 * resources) and the confirm popup, whose Add to Cart holds the time: a free booking lands on My
 * bookings, anything else goes to the cart and the checkout.
 *
 * The address keeps the choices: `/bookings/{type}?date=yyyy-MM-dd&resourceType=&duration=`, so
 * the back button, shared links and the way back from the login keep them too.
 */
export function BookingsPage() {
  const { t } = useTranslation()
  const { bookingTypeId: idParam } = useParams()
  const bookingTypeId = readId(idParam)
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const { timeZone } = useSettings()
  const filters = useBookingFilters(bookingTypeId)
  const [panelOpen, setPanelOpen] = useState(false)

  // Without a type there is nothing to show yet: the filters open themselves (spec 2 §9).
  useEffect(() => {
    if (idParam !== undefined) return
    const timer = window.setTimeout(() => setPanelOpen(true), FILTER_AUTO_OPEN_MS)
    return () => window.clearTimeout(timer)
  }, [idParam])

  const types = filters.data?.bookingTypes ?? []
  const type = types.find((candidate) => candidate.id === bookingTypeId)
  usePageTitle(type?.name ?? t('bookings.title'))

  if (type && mustBookByPlace(type)) return <Navigate to={bookingTypeHref(type)} replace />
  const only = idParam === undefined && types.length === 1 ? types[0] : undefined
  if (only) return <Navigate to={bookingTypeHref(only)} replace />

  const resourceTypeId = readId(params.get('resourceType') ?? undefined)
  const chooseType = (id: number | null) => {
    setPanelOpen(false)
    navigate(paths.bookingsByType.to(id))
  }
  const chooseResourceType = (id: number | null) =>
    setParams(withParams(params, { resourceType: id === null ? null : String(id), duration: null }), {
      replace: true,
    })

  return (
    <BookingPageFrame
      title={type?.name ?? t('bookings.title')}
      idParam={idParam}
      bookingTypeId={bookingTypeId}
      resourceTypeId={resourceTypeId}
      filters={filters}
      types={types}
      showFilter={types.length > 1}
      panelOpen={panelOpen}
      onPanel={setPanelOpen}
      onBookingType={chooseType}
      onResourceType={chooseResourceType}
      skeleton={<DaySkeleton />}
    >
      {(model) =>
        !type ? (
          types.length === 0 ? (
            <ListState message={t('bookings.noTypes')} />
          ) : (
            <p className="bookings-page__prompt">{t('bookings.chooseType')}</p>
          )
        ) : (
          <TypeDay
            type={type}
            filters={model}
            timeZone={timeZone}
            resourceTypeId={resourceTypeId}
            params={params}
            setParams={setParams}
          />
        )
      }
    </BookingPageFrame>
  )
}

/** The anticipation note, the day and its resources for one booking type. */
function TypeDay({
  type,
  filters,
  timeZone,
  resourceTypeId,
  params,
  setParams,
}: {
  type: BookingType
  filters: BookingFilters
  timeZone: string
  resourceTypeId: number | null
  params: URLSearchParams
  setParams: ReturnType<typeof useSearchParams>[1]
}) {
  const now = useMountTime()
  const today = firstBookableDay(now, 0, timeZone)
  const minDay = firstBookableDay(now, filters.anticipationMins, timeZone)
  const asked = params.get('date')
  // Without a day in the address, a first day with nothing free left (late in the evening, a closed
  // Sunday) gives way to the next one, up to LOOK_AHEAD_DAYS ahead.
  const [ahead, setAhead] = useState(0)
  const maxDay = addDays(today, filters.daysAhead)
  const date = isLocalDate(asked) && asked >= minDay && asked <= maxDay ? asked : addDays(minDay, ahead)
  const lookFurther =
    !isLocalDate(asked) && ahead < LOOK_AHEAD_DAYS && addDays(minDay, ahead) < maxDay
      ? () => setAhead(ahead + 1)
      : undefined
  const duration = Number(params.get('duration')) || null

  return (
    <>
      {filters.anticipationText && <p className="bookings-page__note">{filters.anticipationText}</p>}
      <div className="bookings-page__toolbar">
        <BookingDatePicker
          value={date}
          minDay={minDay}
          maxDay={maxDay}
          today={today}
          onChange={(day) => setParams(withParams(params, { date: day }), { replace: true })}
        />
      </div>
      <BookingDay
        // A new day, type or resource type starts with nothing chosen.
        key={`${type.id}|${date}|${resourceTypeId ?? ''}`}
        type={type}
        date={date}
        resourceTypeId={resourceTypeId}
        anticipationMins={filters.anticipationMins}
        timeZone={timeZone}
        cancellationText={filters.cancellationText}
        onNothingFree={lookFurther}
        durationParam={duration}
        onDuration={(value) =>
          setParams(withParams(params, { duration: value === null ? null : String(value) }), {
            replace: true,
          })
        }
      />
    </>
  )
}

interface Pick {
  resource: BookingResource
  entry: TimeTableEntry
  duration: number
}

function BookingDay({
  type,
  date,
  resourceTypeId,
  anticipationMins,
  timeZone,
  cancellationText,
  onNothingFree,
  durationParam,
  onDuration,
}: {
  type: BookingType
  date: string
  resourceTypeId: number | null
  anticipationMins: number
  timeZone: string
  cancellationText: string
  /** Called once the day is read and has nothing free, when the page may move on to the next day. */
  onNothingFree?: (() => void) | undefined
  durationParam: number | null
  onDuration: (duration: number | null) => void
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const loggedIn = useIsLoggedIn()
  const customerId = useCustomerId()
  const day = useBookingDay({ date, bookingTypeId: type.id, resourceTypeId, customerId })
  // Read again every minute, so that a time leaves the day as it goes by while the page is open.
  const now = useNow(60_000)
  const from = bookableFrom(now, anticipationMins, timeZone)
  const prebook = usePrebook()
  const finishPrebook = useFinishPrebook()

  const [chosen, setChosen] = useState<ChosenStart | null>(null)
  const [pick, setPick] = useState<Pick | null>(null)
  const [stage, setStage] = useState<'follow-ups' | 'confirm' | null>(null)
  const [followUps, setFollowUps] = useState<FollowUpChoice>(new Map())
  const [notice, setNotice] = useState<string | null>(null)
  const [prebookError, setPrebookError] = useState<string | null>(null)

  const list = day.data?.list ?? []
  const emptyDay = day.data !== undefined && !day.isPlaceholderData && nothingFree(day.data.list)
  useEffect(() => {
    if (emptyDay) onNothingFree?.()
  }, [emptyDay, onNothingFree])
  const durations = durationChoices(list)
  /** Whether a time opens its durations: not when the day offers only one. */
  const askDuration = durations.length > 0
  const durationFilter = durationParam !== null && durations.includes(durationParam) ? durationParam : null
  const related = day.data?.relatedResourceTypes ?? []
  const chosenResource = chosen ? list.find((resource) => resource.id === chosen.resourceId) : undefined
  const backUrl = `${location.pathname}${location.search}`

  /** Closing a popup, or the summary's Clear, forgets every block chosen (spec 2 §2). */
  const clearChoice = () => {
    setChosen(null)
    setPick(null)
    setStage(null)
    setFollowUps(new Map())
    setPrebookError(null)
  }

  const chooseStart = (start: ChosenStart | null) => {
    setNotice(null)
    // Choosing a time needs a customer: the login opens and comes back here (spec 2 §2).
    if (start && !loggedIn) {
      openLogin({ mode: 'login', backUrl })
      return
    }
    setChosen(start)
    setPick(null)
    // A day with one duration has nothing to ask (spec 2 §2): the time goes on with it at once.
    const resource = start && !askDuration ? list.find((r) => r.id === start.resourceId) : undefined
    const entry = resource?.timeTable.find((e) => e.start === start?.start)
    const only = entry?.durations.length === 1 ? entry.durations[0] : undefined
    if (resource && entry && only !== undefined) chooseDuration(resource, entry, only)
  }

  function chooseDuration(resource: BookingResource, entry: TimeTableEntry, duration: number) {
    setPick({ resource, entry, duration })
    setFollowUps(new Map())
    setPrebookError(null)
    setStage(related.length > 0 ? 'follow-ups' : 'confirm')
  }

  const price = (() => {
    if (!pick) return undefined
    const base = priceOf(pick.entry.priceByDuration, pick.duration)
    if (base === undefined) return undefined
    let cents = Math.round(base * 100)
    for (const resource of followUps.values()) cents += Math.round(resource.price * 100)
    return cents / 100
  })()

  const confirm = () => {
    if (!pick) return
    if (!customerId) {
      setPrebookError(t('messages.loginOrRegister'))
      openLogin({ mode: 'login', backUrl })
      return
    }
    setPrebookError(null)
    const block = (resourceId: number, resourceName: string) => ({
      duration: pick.duration,
      resourceId,
      resourceName,
      startDate: pick.entry.start,
      sstart: pick.entry.sstart,
      noOnline: false,
      customerId,
    })
    prebook.mutate(
      {
        booking: {
          customerId,
          bookingTypeId: type.id,
          bookingTypeName: type.name,
          isValidated: false,
          sendCommunications: false,
          origin: 0,
          bookingByPlace: false,
        },
        customerIsParticipant: true,
        blocks: [
          block(pick.resource.id, pick.resource.name),
          ...[...followUps.values()].map((resource) => block(resource.id, resource.name)),
        ],
        isMultiple: false,
      },
      {
        onSuccess: (model) => {
          if (!finishPrebook(model)) setPrebookError(t('messages.crash'))
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === BookingErrorCode.slotTaken) {
            // Someone else was quicker: the day is read again and the customer picks another time.
            clearChoice()
            setNotice(t('bookings.slotTaken'))
            void day.refetch()
            return
          }
          setPrebookError(prebookErrorText(error, t))
        },
      },
    )
  }

  if (day.isPending) return <DaySkeleton inline />
  if (day.isError) {
    const message =
      day.error instanceof ApiError && day.error.isClientError && day.error.errorMsg
        ? day.error.errorMsg
        : t('messages.crash')
    return (
      <ListState message={message} action={{ label: t('common.retry'), onClick: () => void day.refetch() }} />
    )
  }

  return (
    <div
      className={`booking-day${day.isPlaceholderData ? ' is-stale' : ''}`}
      aria-busy={day.isFetching || undefined}
    >
      {durations.length > 0 && (
        <div className="chips chips--wrap" role="group" aria-label={t('bookings.duration')}>
          {durations.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="chip"
              aria-pressed={durationFilter === minutes}
              onClick={() => {
                clearChoice()
                onDuration(durationFilter === minutes ? null : minutes)
              }}
            >
              {t('bookings.minutes', { n: minutes })}
            </button>
          ))}
        </div>
      )}
      {notice && (
        <p className="booking-notice" role="alert">
          {notice}
        </p>
      )}
      {list.length === 0 ? (
        <ListState message={day.data.errorMsg || t('bookings.nothingThisDay')} />
      ) : (
        <Carousel
          label={t('bookings.resourcesLabel')}
          className="resource-carousel"
          perView={RESOURCE_SLIDES}
          arrows
          centreFew
          slides={list.map((resource) => (
            <ResourceSlots
              key={resource.id}
              resource={resource}
              bookableFrom={from}
              durationFilter={durationFilter}
              askDuration={askDuration}
              chosen={chosen}
              onChooseStart={chooseStart}
              onChooseDuration={(entry, minutes) => chooseDuration(resource, entry, minutes)}
            />
          ))}
        />
      )}

      {chosen && chosenResource && (
        <BookingSummary
          resourceName={chosenResource.name}
          start={chosen.start}
          duration={pick?.duration ?? null}
          price={price}
          onClear={clearChoice}
        />
      )}

      {stage === 'follow-ups' && pick && (
        <FollowUpDialog
          input={{ start: pick.entry.start, duration: pick.duration, bookingTypeId: type.id, customerId }}
          types={related}
          onClose={clearChoice}
          onDone={(choice) => {
            setFollowUps(choice)
            setStage('confirm')
          }}
        />
      )}
      {stage === 'confirm' && pick && (
        <ConfirmBookingDialog
          summary={{
            bookingTypeName: type.name,
            start: pick.entry.start,
            duration: pick.duration,
            resources: [pick.resource.name, ...[...followUps.values()].map((resource) => resource.name)],
            price,
          }}
          cancellationText={cancellationText}
          busy={prebook.isPending}
          error={prebookError}
          onConfirm={confirm}
          onClose={clearChoice}
        />
      )}
    </div>
  )
}

/** The outline of the day while it loads: the date row and three resources. */
function DaySkeleton({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation()
  return (
    <Loading label={t('common.loading')} className="booking-day">
      {!inline && <Skeleton width="16rem" height="44px" />}
      <div className="resource-skeletons">
        <ResourceSlotsSkeleton />
        <ResourceSlotsSkeleton />
        <ResourceSlotsSkeleton />
      </div>
    </Loading>
  )
}
