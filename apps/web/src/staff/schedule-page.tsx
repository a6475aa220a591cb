import { lazy, Suspense, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import {
  staffBlockRoutes,
  type StaffBlock,
  type StaffBookingMade,
  type StaffDay,
  type StaffMoved,
  type StaffScheduleItem,
} from '@clubhouse/contract/server'
import { Button } from '../components/ui/button.tsx'
import { Dialog } from '../components/ui/dialog.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { useFormat } from '../features/content/settings.tsx'
import { usePageTitle } from '../app/use-page-title.ts'
import { useLanguage } from '../lib/i18n/use-language.ts'
import type { BookingStart } from './book-dialog.tsx'
import { CancelBooking } from './cancel-booking.tsx'
import { DayNav } from './day-nav.tsx'
import { ScheduleGrid } from './schedule-grid.tsx'
import { readScheduleAddress, useScheduleDay } from './schedule-query.ts'
import { hourMinute, longDay } from './schedule-time.ts'
import { FormError, useStaffSubmit } from './staff-form.tsx'
import { callStaff } from './staff-session.ts'
import './staff-texts.ts'

// Opened now and then, not on every day's load: its own chunk, within the desk's first-load budget.
const BookDialog = lazy(() => import('./book-dialog.tsx').then((m) => ({ default: m.BookDialog })))
const BlockDialog = lazy(() => import('./block-dialog.tsx').then((m) => ({ default: m.BlockDialog })))
const MoveDialog = lazy(() => import('./move-dialog.tsx').then((m) => ({ default: m.MoveDialog })))

/**
 * The day's schedule (issue 23, item 3): one resource type's resources by time, with the day's
 * bookings, holds, staff blocks and sessions. The day and the type are the address's, so a desk
 * can keep or share one; previous and next day, today and a date picker move it.
 */
export function SchedulePage() {
  const { t } = useTranslation()
  usePageTitle(t('staff.schedule.title'))
  const [params, setParams] = useSearchParams()
  const address = readScheduleAddress(params)
  const day = useScheduleDay(address)
  const [open, setOpen] = useState<StaffScheduleItem | null>(null)
  const [booking, setBooking] = useState<BookingStart | null>(null)
  const [blocking, setBlocking] = useState<BookingStart | null>(null)
  const [moving, setMoving] = useState<StaffScheduleItem | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const bookedText = useBookedText()
  const blockedText = useBlockedText()
  const movedText = useMovedText()

  function go(next: { date?: string; type?: number }) {
    const search = new URLSearchParams(params)
    if (next.date !== undefined) search.set('date', next.date)
    if (next.type !== undefined) search.set('type', String(next.type))
    setParams(search)
  }

  const data = day.data
  return (
    <div className="schedule">
      <div className="schedule__bar">
        <h1 className="schedule__title">{t('staff.schedule.title')}</h1>
        {data && (
          <div className="schedule__controls">
            <DayNav id="schedule-date" date={data.date} today={data.today} onDay={(date) => go({ date })} />
            <label className="schedule__type">
              <span className="visually-hidden">{t('staff.schedule.resourceType')}</span>
              <select
                className="input"
                value={data.resourceTypeId ?? ''}
                onChange={(e) => go({ type: Number(e.target.value) })}
              >
                {data.resourceTypes.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </select>
            </label>
            <LiveMark stale={day.isError} />
            {data.resources.length > 0 && (
              <Button
                className="schedule__new"
                onClick={() => setBooking({ resourceId: data.resources[0]!.id, minute: data.firstMinute })}
              >
                {t('staff.book.open')}
              </Button>
            )}
            {data.resources.length > 0 && (
              <Button
                variant="secondary"
                className="schedule__new"
                onClick={() => setBlocking({ resourceId: data.resources[0]!.id, minute: data.firstMinute })}
              >
                {t('staff.block.open')}
              </Button>
            )}
          </div>
        )}
      </div>
      {data ? (
        <>
          <DayHeading day={data} />
          <p className="schedule__notice" role="status">
            {notice}
          </p>
          <Legend />
          <div className={day.isPlaceholderData ? 'schedule__body is-loading' : 'schedule__body'}>
            {data.resources.length === 0 ? (
              <p className="schedule__empty">{t('staff.schedule.noResources')}</p>
            ) : (
              <ScheduleGrid
                day={data}
                onOpen={setOpen}
                onPick={(resourceId, minute) => setBooking({ resourceId, minute })}
              />
            )}
          </div>
        </>
      ) : day.isError ? (
        <div className="staff-centre">
          <p role="alert">{t('staff.error')}</p>
          <Button onClick={() => void day.refetch()}>{t('staff.retry')}</Button>
        </div>
      ) : (
        <div className="schedule__body" aria-busy="true">
          <Skeleton height="28rem" />
        </div>
      )}
      {open && (
        <ItemDialog
          item={open}
          back={params.toString()}
          // A booking moves on the day's resources, when one of the day's types books them.
          movable={Boolean(data && data.bookingTypes.length > 0)}
          onClose={() => setOpen(null)}
          onMove={() => {
            setOpen(null)
            setMoving(open)
          }}
          onRemoved={(blocks) => {
            setOpen(null)
            setNotice(t('staff.block.removed', { count: blocks.length }))
          }}
          onCancelled={(message) => {
            setOpen(null)
            setNotice(message)
          }}
        />
      )}
      {blocking && data && (
        <Suspense fallback={null}>
          <BlockDialog
            key={`${blocking.resourceId}-${blocking.minute}-${data.date}`}
            day={data}
            start={blocking}
            onClose={() => setBlocking(null)}
            onBlocked={(blocks) => {
              setBlocking(null)
              setNotice(blockedText(blocks))
            }}
          />
        </Suspense>
      )}
      {moving && data && (
        <Suspense fallback={null}>
          <MoveDialog
            key={moving.id}
            day={data}
            item={moving}
            onClose={() => setMoving(null)}
            onMoved={(moved) => {
              setMoving(null)
              setNotice(movedText(moved))
            }}
          />
        </Suspense>
      )}
      {booking && data && (
        <Suspense fallback={null}>
          <BookDialog
            // A new cell is a new form.
            key={`${booking.resourceId}-${booking.minute}-${data.date}`}
            day={data}
            start={booking}
            onClose={() => setBooking(null)}
            onBooked={(made) => {
              setBooking(null)
              setNotice(bookedText(made))
            }}
          />
        </Suspense>
      )}
    </div>
  )
}

function DayHeading({ day }: { day: StaffDay }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const count = day.items.length
  return (
    <p className="schedule__day" aria-live="polite">
      <strong>{longDay(day.date, language)}</strong>
      {day.date === day.today && <span className="schedule__today-tag">{t('staff.schedule.today')}</span>}
      <span className="schedule__count">
        {count === 0 ? t('staff.schedule.nothingYet') : t('staff.schedule.count', { count })}
      </span>
    </p>
  )
}

/** Whether the day on screen is the server's latest: it is read again every second. */
function LiveMark({ stale }: { stale: boolean }) {
  const { t } = useTranslation()
  return (
    <span className={stale ? 'schedule__live is-stale' : 'schedule__live'} role="status">
      <span className="schedule__live-dot" aria-hidden="true" />
      {stale ? t('staff.schedule.stale') : t('staff.schedule.live')}
    </span>
  )
}

function Legend() {
  const { t } = useTranslation()
  return (
    <ul className="schedule__legend" aria-label={t('staff.schedule.legend')}>
      {(['booking', 'hold', 'block', 'session'] as const).map((kind) => (
        <li key={kind}>
          <span className={`schedule-swatch schedule-item--${kind}`} aria-hidden="true" />
          {t(`staff.schedule.kind_${kind}`)}
        </li>
      ))}
    </ul>
  )
}

/** "Booked: Padel 60 min — Court 1 (…) · 12,00 € · paid in cash", for the desk's status line. */
function useBookedText() {
  const { t } = useTranslation()
  const format = useFormat()
  return (made: StaffBookingMade) =>
    t('staff.book.done', {
      what: made.description,
      price: format.currency(made.priceCents / 100),
      how:
        made.saleStatus === 'pending'
          ? t('staff.book.owed')
          : made.saleStatus === 'paid'
            ? t('staff.book.paid')
            : t('staff.book.free'),
    })
}

/** "Moved: Padel 60 min — Court 2 (…) · 12,00 €, as charged", for the desk's status line. */
function useMovedText() {
  const { t } = useTranslation()
  const format = useFormat()
  return (moved: StaffMoved) =>
    t('staff.move.done', { what: moved.description, price: format.currency(moved.priceCents / 100) })
}

/** "Blocked: Court 1, 2030-01-08 10:00–11:00", with how many weeks a series takes. */
function useBlockedText() {
  const { t } = useTranslation()
  return (blocks: StaffBlock[]) => {
    const first = blocks[0]
    if (!first) return ''
    return t('staff.block.done', {
      count: blocks.length,
      resource: first.resourceName,
      date: first.date,
      time: `${hourMinute(first.startMinute)}–${hourMinute(first.endMinute)}`,
    })
  }
}

/**
 * What the desk needs of one item: who, when, what it costs, how full a session is; a booking's
 * move and cancel, a block's release (alone, or with the later weeks of its series) and the way to
 * a session's roster.
 */
function ItemDialog({
  item,
  back,
  movable,
  onClose,
  onMove,
  onRemoved,
  onCancelled,
}: {
  item: StaffScheduleItem
  /** The schedule's address, for the roster's way back to this day. */
  back: string
  /** Whether a booking of the day may be moved on its resources. */
  movable: boolean
  onClose: () => void
  onMove: () => void
  onRemoved: (blocks: StaffBlock[]) => void
  onCancelled: (message: string) => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const queryClient = useQueryClient()
  // Which of the two buttons sent the form: read by the send of the same click, before a render.
  const series = useRef(false)
  const [seriesShown, setSeriesShown] = useState(false)
  const choose = (whole: boolean) => {
    series.current = whole
    setSeriesShown(whole)
  }
  const release = useStaffSubmit(async () => {
    const { data } = await callStaff(staffBlockRoutes.staffBlockRelease, {
      params: { id: item.id },
      query: { series: series.current ? 'true' : 'false' },
    })
    await queryClient.invalidateQueries({ queryKey: ['staff', 'schedule'] })
    onRemoved(data)
  })
  return (
    <Dialog
      open
      onClose={onClose}
      title={item.title || t(`staff.schedule.kind_${item.kind}`)}
      closeLabel={t('staff.schedule.close')}
    >
      <dl className="schedule-detail">
        <dt>{t('staff.schedule.when')}</dt>
        <dd>
          {t(`staff.schedule.kind_${item.kind}`)} · {hourMinute(item.startMinute)}–
          {hourMinute(item.endMinute)}
        </dd>
        {item.customer && (
          <>
            <dt>{t('staff.schedule.customer')}</dt>
            <dd>
              {item.customer.name}
              {item.customer.email && (
                <>
                  {' · '}
                  <a href={`mailto:${item.customer.email}`}>{item.customer.email}</a>
                </>
              )}
            </dd>
            {item.customer.phone && (
              <>
                <dt>{t('staff.schedule.phone')}</dt>
                <dd>
                  <a href={`tel:${item.customer.phone.replace(/[^\d+]/g, '')}`}>{item.customer.phone}</a>
                </dd>
              </>
            )}
          </>
        )}
        {item.priceCents !== null && (
          <>
            <dt>{t('staff.schedule.price')}</dt>
            <dd>{format.currency(item.priceCents / 100)}</dd>
          </>
        )}
        {item.holdExpiresAt && (
          <>
            <dt>{t('staff.schedule.kind_hold')}</dt>
            <dd>{t('staff.schedule.holdUntil', { time: format.date(item.holdExpiresAt, 'HH:mm') })}</dd>
          </>
        )}
        {item.participants !== null && item.maxParticipants !== null && (
          <>
            <dt>{t('staff.schedule.kind_session')}</dt>
            <dd>
              {t('staff.schedule.participants', { count: item.participants, max: item.maxParticipants })}
              {item.waiting ? ` · ${t('staff.schedule.waiting', { count: item.waiting })}` : ''}
            </dd>
          </>
        )}
        {item.seriesId && (
          <>
            <dt>{t('staff.block.repeats')}</dt>
            <dd>{t('staff.block.weekly')}</dd>
          </>
        )}
      </dl>
      {item.kind === 'booking' && movable && Date.parse(item.startsAt) > Date.now() && (
        <p className="schedule-detail__actions">
          <Button variant="secondary" onClick={onMove}>
            {t('staff.move.open')}
          </Button>
        </p>
      )}
      {item.kind === 'booking' && <CancelBooking item={item} onCancelled={onCancelled} />}
      {item.kind === 'session' && (
        <p className="schedule-detail__actions">
          <Link
            className="button button--primary"
            to={`/staff/sessions/${item.id}`}
            state={{ back: back ? `/staff?${back}` : '/staff' }}
          >
            {t('staff.session.open')}
          </Link>
        </p>
      )}
      {item.kind === 'block' && (
        <form className="schedule-detail__actions" onSubmit={(e) => void release.onSubmit(e)}>
          <FormError error={release.error} />
          <Button
            type="submit"
            variant="secondary"
            busy={release.busy && !seriesShown}
            busyLabel={t('common.loading')}
            onClick={() => choose(false)}
          >
            {t('staff.block.remove')}
          </Button>
          {item.seriesId && (
            <Button
              type="submit"
              variant="secondary"
              busy={release.busy && seriesShown}
              busyLabel={t('common.loading')}
              onClick={() => choose(true)}
            >
              {t('staff.block.removeSeries')}
            </Button>
          )}
        </form>
      )}
    </Dialog>
  )
}
