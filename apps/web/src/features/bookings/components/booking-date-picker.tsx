import { lazy, Suspense, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { addDays } from '../booking-rules.ts'
import { useBookingFormat } from '../use-booking-format.ts'
import '../bookings.css'

const loadCalendar = () => import('./booking-calendar.tsx')
// The calendar (react-day-picker and date-fns) loads when it first opens, or as the pointer nears it.
const BookingCalendar = lazy(() => loadCalendar().then((m) => ({ default: m.BookingCalendar })))

/**
 * The day to book (spec 2 §2): the chosen day with a previous and a next day button, and a
 * calendar that opens under it. Days before `minDay` (now plus the type's anticipation, in the
 * centre's time zone) cannot be chosen, nor days after `maxDay` (the type's days ahead). Days are `yyyy-MM-dd` of the centre; the calendar shows
 * them as calendar days, whatever the browser's zone.
 */
export function BookingDatePicker({
  value,
  minDay,
  maxDay,
  today,
  onChange,
  step,
}: {
  value: string
  minDay: string
  /** The last day that can be booked, when there is one. */
  maxDay?: string | undefined
  /** The centre's today, `yyyy-MM-dd`. */
  today: string
  onChange: (day: string) => void
  /** What the arrows move by (never before `minDay`) and their names, when not one day. */
  step?: { days: number; previous: string; next: string } | undefined
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  const calendarId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const atMin = value <= minDay
  const days = step?.days ?? 1
  const previous = addDays(value, -days)
  const next = addDays(value, days)
  const atMax = maxDay !== undefined && next > maxDay

  return (
    <div className="date-picker">
      <div className="date-picker__row">
        <button
          type="button"
          className="icon-button date-picker__step"
          aria-label={step?.previous ?? t('bookings.previousDay')}
          disabled={atMin}
          onClick={() => onChange(previous < minDay ? minDay : previous)}
        >
          <ChevronLeftIcon />
        </button>
        <button
          ref={toggleRef}
          type="button"
          className="date-picker__toggle"
          aria-expanded={open}
          aria-controls={calendarId}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          onClick={() => setOpen(!open)}
        >
          <span className="visually-hidden">{t('bookings.date')}: </span>
          <span>{format.day(value)}</span>
          <ChevronDownIcon width={18} height={18} className="collapsible__chevron" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button date-picker__step"
          aria-label={step?.next ?? t('bookings.nextDay')}
          disabled={atMax}
          onClick={() => onChange(next)}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <div id={calendarId} className="date-picker__calendar" hidden={!open}>
        {open && (
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <BookingCalendar
              value={value}
              minDay={minDay}
              maxDay={maxDay}
              today={today}
              onSelect={(day) => {
                onChange(day)
                setOpen(false)
                toggleRef.current?.focus()
              }}
            />
          </Suspense>
        )}
      </div>
    </div>
  )
}
