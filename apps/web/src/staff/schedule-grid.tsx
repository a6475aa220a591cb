import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import type { StaffDay, StaffScheduleItem } from '@clubhouse/contract/server'
import { useNow } from '../lib/use-now.ts'
import { hourMinute, minuteIn } from './schedule-time.ts'

/** Height of one step of the grid (the resources' shortest slot), in pixels. */
const ROW_PX = 28

/**
 * The grid: a column per resource, time running down from the earliest opening to the latest
 * closing, closed hours shaded, each item placed by its minutes and as tall as it lasts. The time
 * column and the resources' names stay in view as the grid scrolls (a phone scrolls it sideways).
 */
export function ScheduleGrid({
  day,
  onOpen,
  onPick,
}: {
  day: StaffDay
  onOpen: (item: StaffScheduleItem) => void
  /** A free spot of a column was clicked: a new booking there (the toolbar's button does it too). */
  onPick: (resourceId: number, minute: number) => void
}) {
  const { t } = useTranslation()
  const step = Math.min(60, ...day.resources.map((r) => r.slotMinutes))
  const span = day.lastMinute - day.firstMinute
  const height = (span / step) * ROW_PX
  const y = (minute: number) => ((minute - day.firstMinute) / step) * ROW_PX
  const hours: number[] = []
  for (let m = day.firstMinute; m < day.lastMinute; m += 60) hours.push(m)
  const style = { '--schedule-columns': day.resources.length } as CSSProperties

  return (
    // Scrolled with the keyboard too: the grid is a region of its own that takes focus.
    <div
      className="schedule-grid"
      style={style}
      role="region"
      aria-label={t('staff.schedule.title')}
      tabIndex={0}
    >
      <div className="schedule-grid__corner">{t('staff.schedule.time')}</div>
      {day.resources.map((r) => (
        <div key={r.id} className="schedule-grid__head" aria-hidden="true">
          {r.name}
        </div>
      ))}
      <div className="schedule-grid__times" style={{ height }} aria-hidden="true">
        {hours.map((m) => (
          <span key={m} className="schedule-grid__hour" style={{ top: y(m) }}>
            {hourMinute(m)}
          </span>
        ))}
      </div>
      {day.resources.map((r) => (
        <div
          key={r.id}
          className="schedule-grid__column"
          style={{ height }}
          aria-label={r.name}
          role="list"
          onClick={(event) => {
            // A click on an item opens it; a click on the column's free time starts a booking there.
            if ((event.target as HTMLElement).closest('.schedule-grid__slot')) return
            const offset = event.clientY - event.currentTarget.getBoundingClientRect().top
            onPick(r.id, day.firstMinute + Math.max(0, Math.floor(offset / ROW_PX)) * step)
          }}
        >
          {r.opening.map((o) => (
            <div
              key={o.opensMinute}
              className="schedule-grid__open"
              style={{
                top: y(Math.max(o.opensMinute, day.firstMinute)),
                height: y(o.closesMinute) - y(Math.max(o.opensMinute, day.firstMinute)),
              }}
            />
          ))}
          {hours.map((m) => (
            <div key={m} className="schedule-grid__line" style={{ top: y(m) }} />
          ))}
          {r.opening.length === 0 && (
            <span className="schedule-grid__closed">{t('staff.schedule.closed')}</span>
          )}
          {day.items
            .filter((item) => item.resourceId === r.id)
            .map((item) => (
              <ItemButton
                key={`${item.kind}-${item.id}`}
                item={item}
                top={y(item.startMinute)}
                height={Math.max(ROW_PX - 2, y(item.endMinute) - y(item.startMinute) - 2)}
                onOpen={onOpen}
              />
            ))}
          <NowLine day={day} y={y} />
        </div>
      ))}
    </div>
  )
}

function ItemButton({
  item,
  top,
  height,
  onOpen,
}: {
  item: StaffScheduleItem
  top: number
  height: number
  onOpen: (item: StaffScheduleItem) => void
}) {
  const { t } = useTranslation()
  const when = `${hourMinute(item.startMinute)}–${hourMinute(item.endMinute)}`
  const who =
    item.customer?.name ??
    (item.participants !== null && item.maxParticipants !== null
      ? t('staff.schedule.participants', { count: item.participants, max: item.maxParticipants })
      : '')
  return (
    <div role="listitem" className="schedule-grid__slot" style={{ top, height }}>
      <button
        type="button"
        className={`schedule-item schedule-item--${item.kind}`}
        onClick={() => onOpen(item)}
        aria-label={`${t(`staff.schedule.kind_${item.kind}`)} ${when} ${item.title} ${who}`.trim()}
      >
        <span className="schedule-item__time">{when}</span>
        <span className="schedule-item__title">{item.title || t(`staff.schedule.kind_${item.kind}`)}</span>
        {who && <span className="schedule-item__who">{who}</span>}
      </button>
    </div>
  )
}

/** A line across today's columns at the present time, moved each minute. */
function NowLine({ day, y }: { day: StaffDay; y: (minute: number) => number }) {
  const now = useNow(60_000, day.date === day.today)
  if (day.date !== day.today) return null
  const here = minuteIn(now, day.zone)
  if (here.date !== day.date || here.minute < day.firstMinute || here.minute > day.lastMinute) return null
  return <div className="schedule-grid__now" style={{ top: y(here.minute) }} aria-hidden="true" />
}
