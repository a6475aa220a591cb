import { useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import {
  roleReaches,
  staffCustomerRoutes,
  staffDeskRoutes,
  StaffVoucherKind,
  type CustomerBooking,
  type StaffCustomer,
  type StaffVoucher,
} from '@clubhouse/contract/server'
import { CheckboxField, SelectField, TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { usePageTitle } from '../app/use-page-title.ts'
import { useBookingFormat } from '../features/bookings/use-booking-format.ts'
import { useFormat } from '../features/content/settings.tsx'
import { isMissingAnswer } from '../lib/api-error.ts'
import { customerFullName } from './customer-picker.tsx'
import { centsOf, deskNumber } from './desk-number.ts'
import { customerQuery, useVoucherAmount } from './desk-payment.tsx'
import { FormError, FormProblem, useStaffSubmit } from './staff-form.tsx'
import { callStaff, staffMeOptions } from './staff-session.ts'
import './customer-texts.ts'
import './staff-texts.ts'

/** An amount in a voucher's unit from what the desk types: euros to cents, hours to minutes. */
export function voucherUnits(kind: StaffVoucherKind, text: string): number {
  const value = deskNumber(text)
  if (kind === 'money') return Math.round(value * 100)
  if (kind === 'hours') return Math.round(value * 60)
  return value
}

/**
 * A customer's account at the desk (issue 23, item 7): the profile and its edit, the bookings,
 * orders, vouchers with their movements and pending sales; a debt, the activation mail again and the
 * account disabled; a new voucher and a top-up for managers and owners.
 */
export function CustomerPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const customerId = Number(id)
  const valid = Number.isSafeInteger(customerId) && customerId > 0
  const customer = useQuery({
    queryKey: customerQuery(customerId),
    queryFn: async ({ signal }) =>
      (await callStaff(staffCustomerRoutes.staffCustomer, { params: { id: customerId }, signal })).model,
    enabled: valid,
    retry: (count, error) => !isMissingAnswer(error) && count < 1,
  })
  const data = customer.data
  usePageTitle(data ? customerFullName(data) : t('staffCustomer.title'))

  if (!valid || (customer.isError && isMissingAnswer(customer.error))) {
    return (
      <div className="staff-centre">
        <p>{t('staffCustomer.notFound')}</p>
        <Link to="/staff/customers">{t('staffCustomer.back')}</Link>
      </div>
    )
  }
  if (!data) {
    return customer.isError ? (
      <div className="staff-centre">
        <p role="alert">{t('staff.error')}</p>
        <Button onClick={() => void customer.refetch()}>{t('staff.retry')}</Button>
      </div>
    ) : (
      <div className="roster" aria-busy="true">
        <Skeleton height="2.5rem" />
        <Skeleton height="20rem" />
      </div>
    )
  }
  return <Account customer={data} />
}

function Account({ customer }: { customer: StaffCustomer }) {
  const { t } = useTranslation()
  const format = useFormat()
  const me = useQuery(staffMeOptions)
  const manager = me.data ? roleReaches(me.data.role, 'manager') : false
  // Each write's own notice (the same words twice are two notices).
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const queryClient = useQueryClient()
  useEffect(() => {
    // On a phone the forms are far below the line that says what was done: it comes into view.
    if (notice && typeof noticeRef.current?.scrollIntoView === 'function')
      noticeRef.current.scrollIntoView({ block: 'center' })
  }, [notice])
  const done = async (text: string) => {
    setNotice((old) => ({ text, n: (old?.n ?? 0) + 1 }))
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: customerQuery(customer.id) }),
      queryClient.invalidateQueries({ queryKey: ['staff', 'customers'] }),
    ])
  }
  const name = customerFullName(customer)

  return (
    <div className="roster customer">
      <p className="roster__back">
        <Link to="/staff/customers">‹ {t('staffCustomer.back')}</Link>
      </p>
      <h1 className="roster__title">{name}</h1>
      <p className="roster__meta">
        {customer.email && <span>{customer.email}</span>}
        {customer.phone && <span>{customer.phone}</span>}
        {customer.walkIn && <span className="customer__badge">{t('staffCustomer.walkIn')}</span>}
        {!customer.walkIn && !customer.activated && (
          <span className="customer__badge is-pending">{t('staffCustomer.notActivated')}</span>
        )}
        {customer.disabled && <span className="customer__badge is-off">{t('staffCustomer.disabled')}</span>}
      </p>
      <p className="schedule__notice" role="status" ref={noticeRef}>
        {notice?.text}
      </p>
      <div className="roster__layout">
        <div className="roster__side">
          <Bookings
            title={t('staffCustomer.nextBookings')}
            id="customer-next"
            bookings={customer.nextBookings}
          />
          <PendingSales customer={customer} />
          <Vouchers customer={customer} manager={manager} onDone={done} />
          <section className="roster__section" aria-labelledby="customer-orders">
            <h2 id="customer-orders" className="roster__heading">
              {t('staffCustomer.orders')}
            </h2>
            {customer.orders.length === 0 ? (
              <p className="roster__empty">{t('staffCustomer.noOrders')}</p>
            ) : (
              <ul className="customer__list">
                {customer.orders.map((o) => (
                  <li key={o.id}>
                    <span className="customer__row">
                      <strong>{o.number}</strong>
                      <span>{format.date(o.date, 'dd/MM/yyyy')}</span>
                      <span className="customer__money">{format.currency(o.totalCents / 100)}</span>
                    </span>
                    <span className="customer__note">
                      {[o.items.join(', '), o.online ? t('staffCustomer.online') : o.paymentMethod]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Bookings
            title={t('staffCustomer.pastBookings')}
            id="customer-past"
            bookings={customer.pastBookings}
          />
        </div>
        <div className="roster__side">
          <EditProfile customer={customer} onDone={done} />
          <NewDebt customer={customer} onDone={done} />
          {manager && <NewVoucher customer={customer} onDone={done} />}
          <AccountActions customer={customer} onDone={done} />
        </div>
      </div>
    </div>
  )
}

type OnDone = (text: string) => Promise<void>

function Bookings({ title, id, bookings }: { title: string; id: string; bookings: CustomerBooking[] }) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  return (
    <section className="roster__section" aria-labelledby={id}>
      <h2 id={id} className="roster__heading">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="roster__empty">{t('staffCustomer.noBookings')}</p>
      ) : (
        <ul className="customer__list">
          {bookings.map((b) => (
            <li key={b.id}>
              <span className="customer__row">
                <strong>{format.dateTime(b.start)}</strong>
                <span>{b.bookingType}</span>
                <span className={`roster-row__status is-${b.status}`}>
                  {t(`staffCustomer.status_${b.status}`)}
                </span>
              </span>
              <span className="customer__note">
                {[b.resourceName, t('bookings.minutes', { n: b.duration })].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function PendingSales({ customer }: { customer: StaffCustomer }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <section className="roster__section" aria-labelledby="customer-pending">
      <h2 id="customer-pending" className="roster__heading">
        {t('staffCustomer.pendingSales')}
      </h2>
      {customer.pendingSales.length === 0 ? (
        <p className="roster__empty">{t('staffCustomer.noPending')}</p>
      ) : (
        <ul className="customer__list" aria-label={t('staffCustomer.pendingSales')}>
          {customer.pendingSales.map((s) => (
            <li key={s.id}>
              <span className="customer__row">
                <strong>{s.concept || s.saleNumber}</strong>
                <span>{s.saleNumber}</span>
                <span className="customer__money">{format.currency(s.totalCents / 100)}</span>
              </span>
              {s.paidCents > 0 && (
                <span className="customer__note">
                  {t('staffCustomer.paid', { amount: format.currency(s.paidCents / 100) })}
                </span>
              )}
              {s.lines.length > 0 && (
                <ul className="customer__lines">
                  {s.lines.map((l, i) => (
                    <li key={i}>
                      {l.quantity} × {l.concept} · {format.currency(l.totalCents / 100)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A voucher's amount in its unit, as the desk reads it. */
function Vouchers({
  customer,
  manager,
  onDone,
}: {
  customer: StaffCustomer
  manager: boolean
  onDone: OnDone
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const amountOf = useVoucherAmount()
  return (
    <section className="roster__section" aria-labelledby="customer-vouchers">
      <h2 id="customer-vouchers" className="roster__heading">
        {t('staffCustomer.vouchers')}
      </h2>
      {customer.vouchers.length === 0 ? (
        <p className="roster__empty">{t('staffCustomer.noVouchers')}</p>
      ) : (
        <ul className="customer__list">
          {customer.vouchers.map((v) => (
            <li key={v.id}>
              <span className="customer__row">
                <strong>{v.description}</strong>
                <span>{t(`staffCustomer.kind_${v.kind}`)}</span>
                <span className={v.active ? 'customer__badge' : 'customer__badge is-off'}>
                  {v.active ? t('staffCustomer.active') : t('staffCustomer.inactive')}
                </span>
                <span className="customer__money">{amountOf(v.kind, v.balance)}</span>
              </span>
              {v.movements.length > 0 && (
                <details className="customer__fold">
                  <summary>{t('staffCustomer.movements', { count: v.movements.length })}</summary>
                  <ul className="customer__lines">
                    {v.movements.map((m) => (
                      <li key={m.id}>
                        {format.date(m.at, 'dd/MM/yyyy')} · {m.amount > 0 ? '+' : ''}
                        {amountOf(v.kind, m.amount)} · {m.concept} → {amountOf(v.kind, m.current)}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              {manager && <TopUp voucher={v} onDone={onDone} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function TopUp({ voucher, onDone }: { voucher: StaffVoucher; onDone: OnDone }) {
  const { t } = useTranslation()
  const amountOf = useVoucherAmount()
  const [amount, setAmount] = useState('')
  const [concept, setConcept] = useState('')
  const field = `topup-${voucher.id}`
  const submit = useStaffSubmit(async () => {
    const units = voucherUnits(voucher.kind, amount)
    if (!(units > 0)) throw new FormProblem(t('staffCustomer.badAmount'))
    const { model } = await callStaff(staffCustomerRoutes.staffVoucherTopUp, {
      params: { id: voucher.id },
      body: { amount: units, concept },
    })
    setAmount('')
    setConcept('')
    await onDone(
      t('staffCustomer.toppedUp', { name: model.description, balance: amountOf(model.kind, model.balance) }),
    )
  })
  return (
    <details className="customer__fold">
      <summary>{t('staffCustomer.topUp')}</summary>
      <form
        className="staff-form"
        aria-label={t('staffCustomer.topUpOf', { name: voucher.description })}
        onSubmit={(e) => void submit.onSubmit(e)}
        noValidate
      >
        <MovementFields
          id={field}
          kind={voucher.kind}
          amount={[amount, setAmount]}
          concept={[concept, setConcept]}
          submit={submit}
          label={t('staffCustomer.topUpConfirm')}
        />
      </form>
    </details>
  )
}

function EditProfile({ customer, onDone }: { customer: StaffCustomer; onDone: OnDone }) {
  const { t } = useTranslation()
  const [values, setValues] = useState({
    name: customer.name,
    surname: customer.surname,
    email: customer.email,
    phone: customer.phone,
  })
  const submit = useStaffSubmit(async () => {
    const changed = Object.fromEntries(
      (Object.keys(values) as Array<keyof typeof values>)
        .filter((k) => values[k].trim() !== customer[k])
        .map((k) => [k, values[k].trim()]),
    )
    if (Object.keys(changed).length === 0) throw new FormProblem(t('staffCustomer.nothingChanged'))
    await callStaff(staffCustomerRoutes.staffCustomerEdit, { params: { id: customer.id }, body: changed })
    await onDone(t('staffCustomer.saved'))
  })
  const field = (key: keyof typeof values, type = 'text') => (
    <TextField
      id={`customer-${key}`}
      type={type}
      label={t(`staffCustomer.${key}`)}
      value={values[key]}
      onValueChange={(value) => setValues((v) => ({ ...v, [key]: value }))}
      required={key === 'name'}
    />
  )
  return (
    <section className="roster__section" aria-labelledby="customer-profile">
      <h2 id="customer-profile" className="roster__heading">
        {t('staffCustomer.profile')}
      </h2>
      <form className="staff-form" onSubmit={(e) => void submit.onSubmit(e)} noValidate>
        {field('name')}
        {field('surname')}
        {!customer.walkIn && field('email', 'email')}
        {field('phone', 'tel')}
        <FormError error={submit.error} />
        <Button type="submit" busy={submit.busy} busyLabel={t('common.loading')}>
          {t('staffCustomer.save')}
        </Button>
      </form>
    </section>
  )
}

interface LineDraft {
  key: number
  concept: string
  quantity: string
  price: string
  tax: string
}

const newLine = (key: number): LineDraft => ({ key, concept: '', quantity: '1', price: '', tax: '21' })

function NewDebt({ customer, onDone }: { customer: StaffCustomer; onDone: OnDone }) {
  const { t } = useTranslation()
  const format = useFormat()
  const [concept, setConcept] = useState('')
  const [lines, setLines] = useState<LineDraft[]>([newLine(1)])
  const change = (key: number, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)))
  const submit = useStaffSubmit(async () => {
    const body = {
      concept,
      lines: lines.map((l, i) => {
        const line = {
          concept: l.concept,
          quantity: deskNumber(l.quantity),
          unitPriceCents: centsOf(l.price),
          taxPercent: deskNumber(l.tax),
        }
        if ([line.quantity, line.unitPriceCents, line.taxPercent].some(Number.isNaN))
          throw new FormProblem(t('staffCustomer.badNumber', { n: i + 1 }))
        return line
      }),
    }
    const { model } = await callStaff(staffCustomerRoutes.staffCustomerDebt, {
      params: { id: customer.id },
      body,
    })
    setConcept('')
    setLines([newLine(1)])
    await onDone(
      t('staffCustomer.debtAdded', {
        number: model.saleNumber,
        total: format.currency(model.totalCents / 100),
      }),
    )
  })
  return (
    <section className="roster__section" aria-labelledby="customer-debt">
      <h2 id="customer-debt" className="roster__heading">
        {t('staffCustomer.newDebt')}
      </h2>
      <form className="staff-form" onSubmit={(e) => void submit.onSubmit(e)} noValidate>
        <TextField
          id="debt-concept"
          label={t('staffCustomer.debtConcept')}
          value={concept}
          onValueChange={setConcept}
          required
        />
        {lines.map((l, i) => (
          <fieldset key={l.key} className="customer__line">
            <legend>{t('staffCustomer.line', { n: i + 1 })}</legend>
            <TextField
              id={`debt-${l.key}-concept`}
              label={t('staffCustomer.lineConcept')}
              value={l.concept}
              onValueChange={(v) => change(l.key, { concept: v })}
              required
            />
            <div className="customer__line-numbers">
              <TextField
                id={`debt-${l.key}-quantity`}
                label={t('staffCustomer.quantity')}
                inputMode="numeric"
                value={l.quantity}
                onValueChange={(v) => change(l.key, { quantity: v })}
                required
              />
              <TextField
                id={`debt-${l.key}-price`}
                label={t('staffCustomer.unitPrice')}
                inputMode="decimal"
                value={l.price}
                onValueChange={(v) => change(l.key, { price: v })}
                required
              />
              <TextField
                id={`debt-${l.key}-tax`}
                label={t('staffCustomer.tax')}
                inputMode="decimal"
                value={l.tax}
                onValueChange={(v) => change(l.key, { tax: v })}
                required
              />
            </div>
            {lines.length > 1 && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
              >
                {t('staffCustomer.removeLine', { n: i + 1 })}
              </Button>
            )}
          </fieldset>
        ))}
        <Button
          type="button"
          variant="secondary"
          onClick={() => setLines((all) => [...all, newLine(Math.max(...all.map((x) => x.key)) + 1)])}
        >
          {t('staffCustomer.addLine')}
        </Button>
        <FormError error={submit.error} />
        <Button type="submit" busy={submit.busy} busyLabel={t('common.loading')}>
          {t('staffCustomer.addDebt')}
        </Button>
      </form>
    </section>
  )
}

/** Every booking type of the centre as the desk sees them, the desk-only ones too, with their lengths. */
const deskBookingTypesQuery = {
  queryKey: ['staff', 'booking-types'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await callStaff(staffDeskRoutes.staffBookingTypes, { signal })).data,
  staleTime: 5 * 60_000,
}

/** A list with `value` in it or out of it, as a checkbox says. */
const toggled = <T,>(list: T[], value: T, on: boolean) =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value)

function NewVoucher({ customer, onDone }: { customer: StaffCustomer; onDone: OnDone }) {
  const { t } = useTranslation()
  const [kind, setKind] = useState<StaffVoucherKind>('money')
  const [description, setDescription] = useState('')
  const [amount, setAmount] = useState('')
  const [concept, setConcept] = useState('')
  // What a sessions or hours voucher pays: the booking types chosen (the desk-only ones too), and
  // the lengths of them it pays (none chosen: any length).
  const [pays, setPays] = useState<number[]>([])
  const [lengths, setLengths] = useState<number[]>([])
  const types = useQuery({ ...deskBookingTypesQuery, enabled: kind !== 'money' })
  const offered = [
    ...new Set((types.data ?? []).filter((type) => pays.includes(type.id)).flatMap((type) => type.durations)),
  ].sort((a, b) => a - b)
  const chosenLengths = lengths.filter((minutes) => offered.includes(minutes))
  const submit = useStaffSubmit(async () => {
    const units = voucherUnits(kind, amount)
    if (!(units > 0)) throw new FormProblem(t('staffCustomer.badAmount'))
    if (kind !== 'money' && pays.length === 0) throw new FormProblem(t('staffCustomer.choosePays'))
    const { model } = await callStaff(staffCustomerRoutes.staffCustomerVoucher, {
      params: { id: customer.id },
      body: {
        kind,
        description,
        amount: units,
        concept,
        ...(kind === 'money' ? {} : { bookingTypeIds: pays }),
        ...(kind === 'money' || chosenLengths.length === 0 ? {} : { durationMinutes: chosenLengths }),
      },
    })
    setDescription('')
    setAmount('')
    setConcept('')
    setPays([])
    setLengths([])
    await onDone(t('staffCustomer.voucherAdded', { name: model.description }))
  })
  return (
    <section className="roster__section" aria-labelledby="customer-voucher">
      <h2 id="customer-voucher" className="roster__heading">
        {t('staffCustomer.newVoucher')}
      </h2>
      <form className="staff-form" onSubmit={(e) => void submit.onSubmit(e)} noValidate>
        <SelectField
          id="voucher-kind"
          label={t('staffCustomer.kind')}
          value={kind}
          onValueChange={(v) => setKind(v as StaffVoucherKind)}
          options={StaffVoucherKind.map((k) => ({ value: k, label: t(`staffCustomer.kind_${k}`) }))}
          required
        />
        <TextField
          id="voucher-description"
          label={t('staffCustomer.description')}
          value={description}
          onValueChange={setDescription}
          required
        />
        {kind !== 'money' && (
          <fieldset className="order__how">
            <legend>{t('staffCustomer.pays')}</legend>
            {(types.data ?? []).map((type) => (
              <CheckboxField
                key={type.id}
                id={`voucher-pays-${type.id}`}
                label={type.isOnline ? type.name : t('staffCustomer.deskOnly', { name: type.name })}
                checked={pays.includes(type.id)}
                onCheckedChange={(on) => setPays((old) => toggled(old, type.id, on))}
              />
            ))}
          </fieldset>
        )}
        {kind !== 'money' && offered.length > 0 && (
          <fieldset className="order__how">
            <legend>{t('staffCustomer.lengths')}</legend>
            <p className="customer__note">{t('staffCustomer.lengthsHint')}</p>
            {offered.map((minutes) => (
              <CheckboxField
                key={minutes}
                id={`voucher-length-${minutes}`}
                label={t('bookings.minutes', { n: minutes })}
                checked={lengths.includes(minutes)}
                onCheckedChange={(on) => setLengths((old) => toggled(old, minutes, on))}
              />
            ))}
          </fieldset>
        )}
        <MovementFields
          id="voucher"
          kind={kind}
          amount={[amount, setAmount]}
          concept={[concept, setConcept]}
          submit={submit}
          label={t('staffCustomer.addVoucher')}
        />
      </form>
    </section>
  )
}

/** A voucher's movement as the desk writes it: the amount in the voucher's unit and its concept. */
function MovementFields({
  id,
  kind,
  amount: [amount, setAmount],
  concept: [concept, setConcept],
  submit,
  label,
}: {
  id: string
  kind: StaffVoucherKind
  amount: [string, (value: string) => void]
  concept: [string, (value: string) => void]
  submit: ReturnType<typeof useStaffSubmit>
  label: string
}) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        id={`${id}-amount`}
        label={t(`staffCustomer.amount_${kind}`)}
        inputMode="decimal"
        value={amount}
        onValueChange={setAmount}
        required
      />
      <TextField
        id={`${id}-concept`}
        label={t('staffCustomer.movementConcept')}
        value={concept}
        onValueChange={setConcept}
        required
      />
      <FormError error={submit.error} />
      <Button type="submit" busy={submit.busy} busyLabel={t('common.loading')}>
        {label}
      </Button>
    </>
  )
}

function AccountActions({ customer, onDone }: { customer: StaffCustomer; onDone: OnDone }) {
  const { t } = useTranslation()
  const format = useFormat()
  const [confirming, setConfirming] = useState(false)
  const resend = useStaffSubmit(async () => {
    const { model } = await callStaff(staffCustomerRoutes.staffCustomerResendActivation, {
      params: { id: customer.id },
    })
    await onDone(
      t(model.alreadySent ? 'staffCustomer.resentAlready' : 'staffCustomer.resent', {
        email: customer.email,
      }),
    )
  })
  const disable = useStaffSubmit(async () => {
    await callStaff(staffCustomerRoutes.staffCustomerDisable, { params: { id: customer.id } })
    setConfirming(false)
    await onDone(t('staffCustomer.disabledDone'))
  })
  const enable = useStaffSubmit(async () => {
    await callStaff(staffCustomerRoutes.staffCustomerEnable, { params: { id: customer.id } })
    await onDone(t('staffCustomer.enabledDone'))
  })
  const canResend = !customer.walkIn && !customer.activated && !customer.disabled
  return (
    <section className="roster__section" aria-labelledby="customer-account">
      <h2 id="customer-account" className="roster__heading">
        {t('staffCustomer.account')}
      </h2>
      <div className="staff-form">
        {canResend && (
          <form className="staff-form" onSubmit={(e) => void resend.onSubmit(e)} noValidate>
            <FormError error={resend.error} />
            <Button type="submit" variant="secondary" busy={resend.busy} busyLabel={t('common.loading')}>
              {t('staffCustomer.resend')}
            </Button>
          </form>
        )}
        {customer.disabled ? (
          <form className="staff-form" onSubmit={(e) => void enable.onSubmit(e)} noValidate>
            <p className="roster__empty">
              {t('staffCustomer.disabledSince', {
                date: format.date(customer.disabledAt, 'dd/MM/yyyy HH:mm'),
              })}
            </p>
            <FormError error={enable.error} />
            <Button type="submit" variant="secondary" busy={enable.busy} busyLabel={t('common.loading')}>
              {t('staffCustomer.enable')}
            </Button>
          </form>
        ) : confirming ? (
          <form
            className="staff-form customer__confirm"
            onSubmit={(e) => void disable.onSubmit(e)}
            noValidate
          >
            <p role="alert">{t('staffCustomer.disableWarning')}</p>
            <FormError error={disable.error} />
            <Button
              type="submit"
              className="customer__danger"
              busy={disable.busy}
              busyLabel={t('common.loading')}
            >
              {t('staffCustomer.disableConfirm')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              {t('staffCustomer.keep')}
            </Button>
          </form>
        ) : (
          <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
            {t('staffCustomer.disable')}
          </Button>
        )}
      </div>
    </section>
  )
}
