import { useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { staffOrderRoutes, type StaffOrder } from '@clubhouse/contract/server'
import { CheckboxField, TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { readId } from '../app/list-params.ts'
import { usePageTitle } from '../app/use-page-title.ts'
import { useFormat } from '../features/content/settings.tsx'
import { isMissingAnswer } from '../lib/api-error.ts'
import { centsOf } from './desk-number.ts'
import { ORDER_TIME, OrderState, ordersQuery } from './orders-page.tsx'
import { FormError, FormProblem, useStaffSubmit } from './staff-form.tsx'
import { isForbidden, StaffLoadError } from './staff-load-error.tsx'
import { callStaff } from './staff-session.ts'
import './orders-texts.ts'
import './staff-texts.ts'

export const orderQuery = (id: number) => ['staff', 'order', id] as const

/** The statuses a payment goes through, each with its words; another is shown as the server says it. */
const PAYMENT_STATUSES = [
  'created',
  'pending',
  'confirmed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const

/**
 * One shop order at the desk (issue 23, item 8): its lines and totals, the delivery, the customer,
 * its payments and refunds; marked shipped once, and refunded in full or in part through the
 * provider that took the money, within what is left.
 */
export function OrderPage() {
  const { t } = useTranslation()
  const orderId = readId(useParams().id)
  const order = useQuery({
    queryKey: orderQuery(orderId ?? 0),
    queryFn: async ({ signal }) =>
      (await callStaff(staffOrderRoutes.staffOrder, { params: { id: orderId ?? 0 }, signal })).model,
    enabled: orderId !== null,
    retry: (count, error) => !isMissingAnswer(error) && !isForbidden(error) && count < 1,
  })
  const data = order.data
  usePageTitle(data ? t('staffOrders.orderTitle', { number: data.number }) : t('staffOrders.title'))

  if (orderId === null || (order.isError && isMissingAnswer(order.error))) {
    return (
      <div className="staff-centre">
        <p>{t('staffOrders.notFound')}</p>
        <Link to="/staff/orders">{t('staffOrders.back')}</Link>
      </div>
    )
  }
  if (!data) {
    return order.isError ? (
      <StaffLoadError forbidden={isForbidden(order.error)} onRetry={() => void order.refetch()} />
    ) : (
      <div className="roster" aria-busy="true">
        <Skeleton height="2.5rem" />
        <Skeleton height="20rem" />
      </div>
    )
  }
  return <OrderDetail order={data} />
}

type OnDone = (order: StaffOrder, text: string) => Promise<void>

function OrderDetail({ order }: { order: StaffOrder }) {
  const { t } = useTranslation()
  const format = useFormat()
  const queryClient = useQueryClient()
  // Each write's own notice (the same words twice are two notices).
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    // On a phone the actions are below the line that says what was done: it comes into view.
    if (notice && typeof noticeRef.current?.scrollIntoView === 'function')
      noticeRef.current.scrollIntoView({ block: 'center' })
  }, [notice])
  const done: OnDone = async (changed, text) => {
    queryClient.setQueryData(orderQuery(order.id), changed)
    setNotice((old) => ({ text, n: (old?.n ?? 0) + 1 }))
    await queryClient.invalidateQueries({ queryKey: ordersQuery })
  }

  return (
    <div className="roster order">
      <p className="roster__back">
        <Link to="/staff/orders">‹ {t('staffOrders.back')}</Link>
      </p>
      <h1 className="roster__title">{t('staffOrders.orderTitle', { number: order.number })}</h1>
      <p className="roster__meta">
        <OrderState state={order.state} />
        <span>{t('staffOrders.made', { date: format.date(order.createdAt, ORDER_TIME) })}</span>
        {order.paidAt && (
          <span>{t('staffOrders.paidOn', { date: format.date(order.paidAt, ORDER_TIME) })}</span>
        )}
        {order.shippedAt && (
          <span>{t('staffOrders.shippedOn', { date: format.date(order.shippedAt, ORDER_TIME) })}</span>
        )}
      </p>
      <p className="schedule__notice" role="status" ref={noticeRef}>
        {notice?.text}
      </p>
      <div className="roster__layout">
        <div className="roster__side">
          <Lines order={order} />
          <Payments order={order} />
          <Refunds order={order} />
        </div>
        <div className="roster__side">
          <Customer order={order} />
          <Shipment order={order} onDone={done} />
          <Refund order={order} onDone={done} />
        </div>
      </div>
    </div>
  )
}

function Lines({ order }: { order: StaffOrder }) {
  const { t } = useTranslation()
  const format = useFormat()
  const money = (cents: number) => format.currency(cents / 100)
  const sums = (
    [
      [t('staffOrders.shipping'), order.shippingCents],
      [t('staffOrders.discount'), -order.discountCents],
    ] as const
  ).filter(([, cents]) => cents !== 0)
  return (
    <section className="roster__section order__section--lines" aria-labelledby="order-lines">
      <h2 id="order-lines" className="roster__heading">
        {t('staffOrders.lines')}
      </h2>
      <div className="order__scroll">
        <table className="order__lines">
          <thead>
            <tr>
              <th scope="col">{t('staffOrders.item')}</th>
              <th scope="col" className="is-number">
                {t('staffOrders.units')}
              </th>
              <th scope="col" className="is-number">
                {t('staffOrders.unitPrice')}
              </th>
              <th scope="col" className="is-number">
                {t('staffOrders.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, i) => (
              <tr key={i}>
                <th scope="row">
                  {line.name}
                  {line.detail && <span className="order__detail">{line.detail}</span>}
                </th>
                <td className="is-number">{line.units}</td>
                <td className="is-number">{money(line.unitPriceCents)}</td>
                <td className="is-number">{money(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {sums.map(([label, cents]) => (
              <tr key={label}>
                <th scope="row" colSpan={3}>
                  {label}
                </th>
                <td className="is-number">{money(cents)}</td>
              </tr>
            ))}
            <tr className="order__total">
              <th scope="row" colSpan={3}>
                {t('staffOrders.total')}
              </th>
              <td className="is-number">{money(order.totalCents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                {t('staffOrders.paid')}
                {order.paymentMethod && <span className="order__detail">{order.paymentMethod}</span>}
              </th>
              <td className="is-number">{money(order.paidCents)}</td>
            </tr>
            {order.refundedCents > 0 && (
              <tr className="is-refund">
                <th scope="row" colSpan={3}>
                  {t('staffOrders.refunded')}
                </th>
                <td className="is-number">{money(-order.refundedCents)}</td>
              </tr>
            )}
          </tfoot>
        </table>
      </div>
    </section>
  )
}

function Payments({ order }: { order: StaffOrder }) {
  const { t } = useTranslation()
  const format = useFormat()
  const statusOf = (status: string) =>
    PAYMENT_STATUSES.find((s) => s === status)
      ? t(`staffOrders.payment_${status as (typeof PAYMENT_STATUSES)[number]}`)
      : status
  return (
    <section className="roster__section order__section--payments" aria-labelledby="order-payments">
      <h2 id="order-payments" className="roster__heading">
        {t('staffOrders.payments')}
      </h2>
      {order.payments.length === 0 ? (
        <p className="roster__empty">{t('staffOrders.noPayments')}</p>
      ) : (
        <ul className="customer__list" aria-labelledby="order-payments">
          {order.payments.map((p) => (
            <li key={p.id}>
              <span className="customer__row">
                <strong>
                  {t('staffOrders.paymentLine', { method: p.method, status: statusOf(p.status) })}
                </strong>
                <span className="customer__money">{format.currency(p.amountCents / 100)}</span>
              </span>
              <span className="customer__note">
                {[
                  p.provider,
                  p.confirmedAt ? format.date(p.confirmedAt, ORDER_TIME) : '',
                  p.refundedCents > 0
                    ? t('staffOrders.refundedNote', { amount: format.currency(p.refundedCents / 100) })
                    : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Refunds({ order }: { order: StaffOrder }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <section className="roster__section order__section--refunds" aria-labelledby="order-refunds">
      <h2 id="order-refunds" className="roster__heading">
        {t('staffOrders.refunds')}
      </h2>
      {order.refunds.length === 0 ? (
        <p className="roster__empty">{t('staffOrders.noRefunds')}</p>
      ) : (
        <ul className="customer__list" aria-labelledby="order-refunds">
          {order.refunds.map((r) => (
            <li key={r.id}>
              <span className="customer__row">
                <strong>{format.currency(r.amountCents / 100)}</strong>
                <span>{format.date(r.createdAt, ORDER_TIME)}</span>
                <span className={`order-refund is-${r.status}`}>{t(`staffOrders.refund_${r.status}`)}</span>
              </span>
              {r.reason && <span className="customer__note">{r.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Customer({ order }: { order: StaffOrder }) {
  const { t } = useTranslation()
  const d = order.delivery
  const address = [d.addressLine1, [d.postalCode, d.city].filter(Boolean).join(' '), d.town, d.country]
    .map((part) => part.trim())
    .filter(Boolean)
  return (
    <section className="roster__section order__section--customer" aria-labelledby="order-customer">
      <h2 id="order-customer" className="roster__heading">
        {t('staffOrders.customer')}
      </h2>
      <p className="order__customer">
        <Link to={`/staff/customers/${order.customer.id}`}>
          {order.customer.name || t('staffOrders.openCustomer')}
        </Link>
      </p>
      <h3 className="order__subheading">{t('staffOrders.delivery')}</h3>
      {address.length === 0 ? (
        <p className="roster__empty">{t('staffOrders.noDelivery')}</p>
      ) : (
        <address className="order__address">
          {d.name && <span>{d.name}</span>}
          {address.map((line) => (
            <span key={line}>{line}</span>
          ))}
          {d.phone && <span>{d.phone}</span>}
        </address>
      )}
    </section>
  )
}

function Shipment({ order, onDone }: { order: StaffOrder; onDone: OnDone }) {
  const { t } = useTranslation()
  const format = useFormat()
  const ship = useStaffSubmit(async () => {
    const { model } = await callStaff(staffOrderRoutes.staffOrderShip, { params: { id: order.id } })
    await onDone(model, t('staffOrders.shipped'))
  })
  const shippable = order.paidAt !== null && (order.state === 'paid' || order.state === 'refunded')
  return (
    <section className="roster__section order__section--shipment" aria-labelledby="order-shipment">
      <h2 id="order-shipment" className="roster__heading">
        {t('staffOrders.shipment')}
      </h2>
      {order.shippedAt ? (
        <p className="order__shipped">
          {t('staffOrders.shippedAt', { date: format.date(order.shippedAt, ORDER_TIME) })}
        </p>
      ) : !shippable ? (
        <p className="roster__empty">{t('staffOrders.notShippable')}</p>
      ) : (
        <form className="staff-form" onSubmit={(e) => void ship.onSubmit(e)} noValidate>
          <p className="roster__empty">{t('staffOrders.shipLead')}</p>
          <FormError error={ship.error} />
          <Button type="submit" busy={ship.busy} busyLabel={t('common.loading')}>
            {t('staffOrders.ship')}
          </Button>
        </form>
      )}
    </section>
  )
}

function Refund({ order, onDone }: { order: StaffOrder; onDone: OnDone }) {
  const { t } = useTranslation()
  const format = useFormat()
  const money = (cents: number) => format.currency(cents / 100)
  const [whole, setWhole] = useState(true)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [restock, setRestock] = useState(false)
  const left = order.refundableCents
  const typed = centsOf(amount)
  const chosen = whole ? left : typed
  const refund = useStaffSubmit(async () => {
    if (!whole && !(typed > 0 && typed <= left))
      throw new FormProblem(t('staffOrders.badAmount', { amount: money(left) }))
    if (reason.trim().length < 3) throw new FormProblem(t('staffOrders.badReason'))
    const { model } = await callStaff(staffOrderRoutes.staffOrderRefund, {
      params: { id: order.id },
      body: whole
        ? { reason: reason.trim(), ...(restock ? { restock: true } : {}) }
        : { amountCents: typed, reason: reason.trim() },
    })
    setAmount('')
    setReason('')
    setRestock(false)
    setWhole(true)
    await onDone(
      model,
      t('staffOrders.refundDone', { amount: money(model.refundedCents - order.refundedCents) }),
    )
  })
  if (order.state === 'awaiting_payment' || order.state === 'cancelled') return null
  return (
    <section className="roster__section order__section--refund" aria-labelledby="order-refund">
      <h2 id="order-refund" className="roster__heading">
        {t('staffOrders.refund')}
      </h2>
      {left <= 0 ? (
        <p className="roster__empty">{t('staffOrders.nothingLeft')}</p>
      ) : (
        <form
          className="staff-form"
          aria-labelledby="order-refund"
          onSubmit={(e) => void refund.onSubmit(e)}
          noValidate
        >
          <p className="roster__empty">{t('staffOrders.refundLead', { amount: money(left) })}</p>
          <fieldset className="order__how">
            <legend>{t('staffOrders.refundHow')}</legend>
            <label className="book-form__option">
              <input type="radio" name="refund-how" checked={whole} onChange={() => setWhole(true)} />
              {t('staffOrders.refundAll', { amount: money(left) })}
            </label>
            <label className="book-form__option">
              <input type="radio" name="refund-how" checked={!whole} onChange={() => setWhole(false)} />
              {t('staffOrders.refundPart')}
            </label>
          </fieldset>
          {!whole && (
            <TextField
              id="refund-amount"
              label={t('staffOrders.amount')}
              inputMode="decimal"
              value={amount}
              onValueChange={setAmount}
              required
            />
          )}
          {whole && (
            <CheckboxField
              id="refund-restock"
              label={t('staffOrders.restock')}
              checked={restock}
              onCheckedChange={setRestock}
            />
          )}
          <TextField
            id="refund-reason"
            label={t('staffOrders.reason')}
            value={reason}
            onValueChange={setReason}
            maxLength={200}
            required
          />
          <FormError error={refund.error} />
          <Button type="submit" busy={refund.busy} busyLabel={t('common.loading')}>
            {chosen > 0 && chosen <= left
              ? t('staffOrders.refundConfirm', { amount: money(chosen) })
              : t('staffOrders.refund')}
          </Button>
        </form>
      )}
    </section>
  )
}
