import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'react-router'
import {
  staffSessionRoutes,
  type Attendance,
  type StaffCustomerFound,
  type StaffRosterRow,
  type StaffSessionRoster,
} from '@clubhouse/contract/server'
import { SelectField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { usePageTitle } from '../app/use-page-title.ts'
import { useFormat } from '../features/content/settings.tsx'
import { isMissingAnswer } from '../lib/api-error.ts'
import { errorText } from '../lib/error-text.ts'
import { useLanguage } from '../lib/i18n/use-language.ts'
import { CustomerPicker, customerFullName } from './customer-picker.tsx'
import { DeskPaymentField, NO_PAYMENT_YET, paymentBody } from './desk-payment.tsx'
import { hourMinute, longDay, minuteOf } from './schedule-time.ts'
import { FormError, FormProblem, useStaffSubmit } from './staff-form.tsx'
import { callStaff } from './staff-session.ts'
import './staff-texts.ts'

/** How often an open roster is read again: a customer may book or leave a place meanwhile. */
const ROSTER_POLL_MS = 5_000

const rosterQuery = (id: number) => ['staff', 'session', id] as const

/** The roster with one row replaced by the server's answer to a check-in. */
export function withRow(roster: StaffSessionRoster, row: StaffRosterRow): StaffSessionRoster {
  return { ...roster, roster: roster.roster.map((r) => (r.bookingId === row.bookingId ? row : r)) }
}

/** The session's time as the desk reads it: `19:00–19:45`. */
export function sessionTime(roster: Pick<StaffSessionRoster, 'time' | 'durationMinutes'>): string {
  const start = minuteOf(roster.time) ?? 0
  return `${roster.time}–${hourMinute((start + roster.durationMinutes) % 1440)}`
}

/**
 * A session's roster at the desk (issue 23, item 6): who has a place, with their phone, place and
 * whether it is paid; the check-in of each (came, did not come, or cleared); the waiting list in
 * the order it is offered places; and a place given at the desk to an existing customer.
 */
export function SessionPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const sessionId = Number(id)
  const valid = Number.isSafeInteger(sessionId) && sessionId > 0
  const state = useLocation().state as { back?: string } | null
  const session = useQuery({
    queryKey: rosterQuery(sessionId),
    queryFn: async ({ signal }) =>
      (await callStaff(staffSessionRoutes.staffSessionRoster, { params: { id: sessionId }, signal })).data,
    enabled: valid,
    refetchInterval: ROSTER_POLL_MS,
    retry: (count, error) => !isMissingAnswer(error) && count < 1,
  })
  const data = session.data
  usePageTitle(data ? data.description || data.bookingType : t('staff.nav.schedule'))
  const back = state?.back ?? (data ? `/staff?date=${data.date}` : '/staff')

  if (!valid || (session.isError && isMissingAnswer(session.error))) {
    return (
      <div className="staff-centre">
        <p>{t('staff.session.notFound')}</p>
        <Link to={back}>{t('staff.session.back')}</Link>
      </div>
    )
  }
  if (!data) {
    return session.isError ? (
      <div className="staff-centre">
        <p role="alert">{t('staff.error')}</p>
        <Button onClick={() => void session.refetch()}>{t('staff.retry')}</Button>
      </div>
    ) : (
      <div className="roster" aria-busy="true">
        <Skeleton height="2.5rem" />
        <Skeleton height="20rem" />
      </div>
    )
  }
  return <Roster session={data} back={back} />
}

function Roster({ session, back }: { session: StaffSessionRoster; back: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const language = useLanguage()
  const [notice, setNotice] = useState<string | null>(null)
  const taken = session.roster.length
  return (
    <div className="roster">
      <p className="roster__back">
        <Link to={back}>‹ {t('staff.session.back')}</Link>
      </p>
      <h1 className="roster__title">{session.description || session.bookingType}</h1>
      <p className="roster__meta">
        <strong>{longDay(session.date, language)}</strong>
        <span>{sessionTime(session)}</span>
        {session.description && <span>{session.bookingType}</span>}
        <span>
          {session.priceCents > 0 ? format.currency(session.priceCents / 100) : t('staff.session.free')}
        </span>
      </p>
      <p className="roster__count">
        <span className={taken >= session.capacity ? 'roster__taken is-full' : 'roster__taken'}>
          {t('staff.session.taken', { count: taken, capacity: session.capacity })}
        </span>
        {session.waitlist.length > 0 && (
          <span>{t('staff.schedule.waiting', { count: session.waitlist.length })}</span>
        )}
      </p>
      <p className="schedule__notice" role="status">
        {notice}
      </p>
      <div className="roster__layout">
        <section className="roster__section" aria-labelledby="roster-people">
          <h2 id="roster-people" className="roster__heading">
            {t('staff.session.roster')}
          </h2>
          {session.roster.length === 0 ? (
            <p className="roster__empty">{t('staff.session.empty')}</p>
          ) : (
            <ul className="roster__list">
              {session.roster.map((row) => (
                <RosterRow key={row.bookingId} sessionId={session.id} row={row} />
              ))}
            </ul>
          )}
        </section>
        <div className="roster__side">
          <AddParticipant session={session} onAdded={setNotice} />
          <section className="roster__section" aria-labelledby="roster-waiting">
            <h2 id="roster-waiting" className="roster__heading">
              {t('staff.session.waitlist')}
            </h2>
            {session.waitlist.length === 0 ? (
              <p className="roster__empty">{t('staff.session.waitlistEmpty')}</p>
            ) : (
              <Waitlist session={session} />
            )}
          </section>
        </div>
      </div>
    </div>
  )
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** One place of the roster with its check-in: came, did not come, or the mark cleared. */
function RosterRow({ sessionId, row }: { sessionId: number; row: StaffRosterRow }) {
  const { t } = useTranslation()
  const format = useFormat()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<Attendance | 'clear' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const name = customerFullName(row)

  async function mark(attendance: Attendance | null) {
    if (busy || attendance === row.attendance) return
    setBusy(attendance ?? 'clear')
    setError(null)
    try {
      const { model } = await callStaff(staffSessionRoutes.staffSessionAttendance, {
        params: { id: sessionId },
        body: { bookingId: row.bookingId, attendance },
      })
      queryClient.setQueryData<StaffSessionRoster>(rosterQuery(sessionId), (old) =>
        old ? withRow(old, model) : old,
      )
      void queryClient.invalidateQueries({ queryKey: rosterQuery(sessionId) })
    } catch (failure) {
      setError(errorText(failure, t) ?? t('staff.error'))
    } finally {
      setBusy(null)
    }
  }

  return (
    <li className={`roster-row${row.attendance ? ` is-${row.attendance}` : ''}`}>
      <div className="roster-row__who">
        <strong className="roster-row__name">{name}</strong>
        {row.phone && <a href={telHref(row.phone)}>{row.phone}</a>}
      </div>
      <div className="roster-row__facts">
        {row.placeName && (
          <span className="roster-row__place">
            {t('staff.session.place')} {row.placeName}
          </span>
        )}
        <span className={`roster-row__status is-${row.status}`}>
          {t(`staff.session.status_${row.status}`)}
        </span>
        {row.owedCents > 0 && (
          <span className="roster-row__owed">
            {t('staff.session.owes', { amount: format.currency(row.owedCents / 100) })}
          </span>
        )}
      </div>
      <div className="roster-row__check" role="group" aria-label={t('staff.session.checkInOf', { name })}>
        {(['came', 'absent'] as const).map((value) => (
          <Button
            key={value}
            variant="secondary"
            className={`roster-row__mark is-${value}`}
            aria-pressed={row.attendance === value}
            busy={busy === value}
            busyLabel={t('common.loading')}
            onClick={() => void mark(value)}
          >
            {t(`staff.session.${value}`)}
          </Button>
        ))}
        <Button
          variant="ghost"
          className="roster-row__mark"
          busy={busy === 'clear'}
          busyLabel={t('common.loading')}
          onClick={() => void mark(null)}
        >
          {t('staff.session.clear')}
        </Button>
      </div>
      {row.attendedAt && row.attendedBy && (
        <p className="roster-row__note">
          {t('staff.session.markedBy', {
            time: format.date(row.attendedAt, 'HH:mm'),
            name: row.attendedBy.name,
          })}
        </p>
      )}
      {error && (
        <p className="roster-row__error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}

/** A place given at the desk: an existing customer, and the place of the map when it has one. */
function AddParticipant({
  session,
  onAdded,
}: {
  session: StaffSessionRoster
  onAdded: (text: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [customer, setCustomer] = useState<StaffCustomerFound | null>(null)
  const [placeId, setPlaceId] = useState('')
  const [payment, setPayment] = useState(NO_PAYMENT_YET)
  // A new search after each participant added: the picker starts again empty.
  const [round, setRound] = useState(0)
  const free = session.places.filter((p) => !p.taken)
  const hasMap = session.places.length > 0
  const full = session.roster.length >= session.capacity

  const submit = useStaffSubmit(async () => {
    if (!customer) throw new FormProblem(t('staff.session.chooseCustomer'))
    await callStaff(staffSessionRoutes.staffSessionAddParticipant, {
      params: { id: session.id },
      body: {
        customerId: customer.id,
        placeId: placeId ? Number(placeId) : undefined,
        ...(session.priceCents > 0 ? paymentBody(payment) : {}),
      },
    })
    setCustomer(null)
    setPlaceId('')
    setPayment(NO_PAYMENT_YET)
    setRound((n) => n + 1)
    onAdded(t('staff.session.added', { name: customerFullName(customer) }))
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: rosterQuery(session.id) }),
      queryClient.invalidateQueries({ queryKey: ['staff', 'schedule'] }),
    ])
  })

  return (
    <section className="roster__section" aria-labelledby="roster-add">
      <h2 id="roster-add" className="roster__heading">
        {t('staff.session.add')}
      </h2>
      <form className="staff-form" onSubmit={(e) => void submit.onSubmit(e)} noValidate>
        {full && <p className="roster__empty">{t('staff.session.full')}</p>}
        <CustomerPicker
          key={round}
          id="roster-search"
          customer={customer}
          onChoose={(chosen) => {
            setCustomer(chosen)
            setPayment(NO_PAYMENT_YET)
          }}
        />
        {hasMap && (
          <SelectField
            id="roster-place"
            label={t('staff.session.place')}
            value={placeId}
            onValueChange={setPlaceId}
            placeholder={free.length ? t('staff.session.choosePlace') : t('staff.session.noFreePlace')}
            options={free.map((p) => ({ value: String(p.id), label: p.name }))}
            required
          />
        )}
        {session.priceCents > 0 && (
          <DeskPaymentField
            name="roster-payment"
            customerId={customer?.id ?? null}
            value={payment}
            onChange={setPayment}
          />
        )}
        <FormError error={submit.error} />
        <Button type="submit" busy={submit.busy} busyLabel={t('common.loading')}>
          {t('staff.session.addConfirm')}
        </Button>
      </form>
    </section>
  )
}

function Waitlist({ session }: { session: StaffSessionRoster }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <ol className="roster__waitlist">
      {session.waitlist.map((w) => (
        <li key={w.entryId}>
          <strong>{customerFullName(w)}</strong>
          {w.phone && <a href={telHref(w.phone)}>{w.phone}</a>}
          {w.status === 'offered' && w.offerExpiresAt && (
            <span className="roster__offered">
              {t('staff.session.offered', { time: format.date(w.offerExpiresAt, 'HH:mm') })}
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}
