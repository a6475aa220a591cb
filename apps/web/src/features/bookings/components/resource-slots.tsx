import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { BookingResource, TimeTableEntry } from '@clubhouse/contract'
import { FramedImage } from '../../../components/ui/image.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useSettings } from '../../content/settings.tsx'
import { hasGoneBy, priceOf } from '../booking-rules.ts'
import { useBookingFormat } from '../use-booking-format.ts'
import '../bookings.css'

/** A start time chosen on a resource: the chip that is open. */
export interface ChosenStart {
  resourceId: number
  start: string
}

/** The durations a time-table entry offers under the duration filter (all when none is chosen). */
export function durationsAt(entry: TimeTableEntry, durationFilter: number | null): number[] {
  if (!entry.available) return []
  return durationFilter === null
    ? entry.durations
    : entry.durations.filter((duration) => duration === durationFilter)
}

/**
 * One resource of the booking carousel (spec 2 §2): image, name, type and description, then its
 * day as a grid of time chips. Times that have gone by for booking are left out (decision 071);
 * taken times are greyed and cannot be reached with Tab; the chosen time stands out and opens its
 * durations, each with its price.
 */
export function ResourceSlots({
  resource,
  bookableFrom,
  durationFilter,
  askDuration = true,
  chosen,
  onChooseStart,
  onChooseDuration,
}: {
  resource: BookingResource
  /** The centre's `yyyy-MM-dd HH:mm` from which a time can still be booked (now plus the anticipation). */
  bookableFrom: string
  durationFilter: number | null
  /** A chosen time opens its durations; false when the day has one duration, booked at once. */
  askDuration?: boolean
  chosen: ChosenStart | null
  onChooseStart: (start: ChosenStart | null) => void
  onChooseDuration: (entry: TimeTableEntry, duration: number) => void
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  const { mainlogo } = useSettings()
  const id = useId()
  const headingId = `${id}-name`
  const panelId = `${id}-durations`
  const chosenEntry =
    chosen?.resourceId === resource.id ? resource.timeTable.find((e) => e.start === chosen.start) : undefined
  const open = askDuration ? chosenEntry : undefined
  const openDurations = open ? durationsAt(open, durationFilter) : []
  const times = resource.timeTable.filter((entry) => !hasGoneBy(entry, bookableFrom))

  return (
    <article className="resource-card" aria-labelledby={headingId}>
      <FramedImage
        src={resource.image}
        fallback={mainlogo}
        alt=""
        width={320}
        height={200}
        className="resource-card__image"
      />
      <div className="resource-card__head">
        <h2 id={headingId} className="resource-card__name">
          {resource.name}
        </h2>
        {resource.type && <p className="resource-card__type">{resource.type}</p>}
        {resource.description && <p className="resource-card__description">{resource.description}</p>}
      </div>
      {times.length === 0 ? (
        <p className="resource-card__none">
          {resource.timeTable.length === 0 ? t('bookings.noTimes') : t('bookings.noTimesLeft')}
        </p>
      ) : (
        <ul className="slot-grid" aria-label={t('bookings.timesOf', { name: resource.name })}>
          {times.map((entry) => {
            const free = durationsAt(entry, durationFilter).length > 0
            const isOpen = chosenEntry === entry
            return (
              <li key={entry.start}>
                {free ? (
                  <button
                    type="button"
                    className="slot"
                    aria-expanded={askDuration ? isOpen : undefined}
                    aria-pressed={askDuration ? undefined : isOpen}
                    aria-controls={isOpen && askDuration ? panelId : undefined}
                    onClick={() =>
                      onChooseStart(isOpen ? null : { resourceId: resource.id, start: entry.start })
                    }
                  >
                    {entry.sstart}
                  </button>
                ) : (
                  <span className="slot slot--taken">
                    {entry.sstart}
                    <span className="visually-hidden"> {t('bookings.taken')}</span>
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {open && (
        <div
          id={panelId}
          className="slot-durations"
          role="group"
          aria-label={t('bookings.durationsAt', { time: open.sstart })}
        >
          <p className="slot-durations__title">{t('bookings.howLong', { time: open.sstart })}</p>
          <ul className="slot-durations__list">
            {openDurations.map((duration) => {
              const price = priceOf(open.priceByDuration, duration)
              return (
                <li key={duration}>
                  <button
                    type="button"
                    className="slot-duration"
                    onClick={() => onChooseDuration(open, duration)}
                  >
                    <span className="slot-duration__minutes">{t('bookings.minutes', { n: duration })}</span>
                    {price !== undefined && (
                      <span className="slot-duration__price">
                        {price > 0 ? format.currency(price) : t('bookings.free')}
                      </span>
                    )}
                  </button>
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </article>
  )
}

/** The outline of a resource while the day loads. */
export function ResourceSlotsSkeleton() {
  return (
    <div className="resource-card" aria-hidden="true">
      <Skeleton className="resource-card__image skeleton--image" />
      <div className="resource-card__head">
        <Skeleton width="60%" height="1.25rem" />
        <Skeleton width="40%" />
      </div>
      <div className="slot-grid">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="slot slot--skeleton" />
        ))}
      </div>
    </div>
  )
}
