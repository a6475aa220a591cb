import { useTranslation } from 'react-i18next'
import { Button } from '../components/ui/button.tsx'
import { addDays } from '../features/bookings/booking-rules.ts'
import './staff-texts.ts'

/**
 * The desk's day controls: the day before, today (when the page knows the centre's today), the day
 * after, and a date picker; `onDay` gets the chosen `yyyy-MM-dd`.
 */
export function DayNav({
  id,
  date,
  today,
  onDay,
}: {
  /** The date picker's id (a page may show one per day it reads). */
  id: string
  date: string
  today?: string | undefined
  onDay: (date: string) => void
}) {
  const { t } = useTranslation()
  return (
    <div className="schedule__days" role="group" aria-label={t('staff.schedule.date')}>
      <Button
        variant="secondary"
        onClick={() => onDay(addDays(date, -1))}
        aria-label={t('staff.schedule.previousDay')}
      >
        ‹
      </Button>
      {today !== undefined && (
        <Button variant="secondary" onClick={() => onDay(today)} aria-pressed={date === today}>
          {t('staff.schedule.today')}
        </Button>
      )}
      <Button
        variant="secondary"
        onClick={() => onDay(addDays(date, 1))}
        aria-label={t('staff.schedule.nextDay')}
      >
        ›
      </Button>
      <label className="visually-hidden" htmlFor={id}>
        {t('staff.schedule.date')}
      </label>
      <input
        id={id}
        className="input schedule__date"
        type="date"
        value={date}
        onChange={(e) => e.target.value && onDay(e.target.value)}
      />
    </div>
  )
}
