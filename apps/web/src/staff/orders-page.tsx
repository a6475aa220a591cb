import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  STAFF_ORDERS_PAGE_SIZE,
  staffOrderRoutes,
  StaffOrderState,
  type StaffOrderRow,
} from '@clubhouse/contract/server'
import { SelectField, TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Pagination } from '../components/ui/pagination.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { readListPage, useListParams, withParams } from '../app/list-params.ts'
import { usePageTitle } from '../app/use-page-title.ts'
import { isLocalDate } from '../features/bookings/booking-rules.ts'
import { useFormat } from '../features/content/settings.tsx'
import { isForbidden, StaffLoadError } from './staff-load-error.tsx'
import { callStaff } from './staff-session.ts'
import './orders-texts.ts'
import './staff-texts.ts'

export const ordersQuery = ['staff', 'orders'] as const

/** The orders' choices as the address holds them (`?state=&from=&to=&page=`); a wrong one is none. */
export function readOrderFilters(params: URLSearchParams) {
  const state = params.get('state')
  const from = params.get('from')
  const to = params.get('to')
  return {
    state: StaffOrderState.find((s) => s === state),
    from: isLocalDate(from) ? from : undefined,
    to: isLocalDate(to) ? to : undefined,
    page: readListPage(params),
  }
}

/** The time an order was made, as the desk reads it: the day and the hour. */
export const ORDER_TIME = 'dd/MM/yyyy HH:mm'

/**
 * The desk's shop orders (issue 23, item 8), for managers and owners: newest first, 50 a page, by
 * state and by the days they were made. Every choice lives in the address; each order a link to it.
 */
export function OrdersPage() {
  const { t } = useTranslation()
  usePageTitle(t('staffOrders.title'))
  const [params, choose] = useListParams()
  const filters = readOrderFilters(params)
  const { state, from, to, page } = filters
  const orders = useQuery({
    queryKey: [...ordersQuery, filters],
    queryFn: async ({ signal }) =>
      callStaff(staffOrderRoutes.staffOrders, { query: { state, from, to, page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  const data = orders.data
  const total = data?.totalCount ?? 0
  const filtered = Boolean(state || from || to)
  const first = total === 0 ? 0 : (page - 1) * STAFF_ORDERS_PAGE_SIZE + 1
  const last = Math.min(total, page * STAFF_ORDERS_PAGE_SIZE)
  const hrefFor = (n: number) =>
    `/staff/orders?${withParams(params, { page: n > 1 ? String(n) : null }).toString()}`

  return (
    <div className="orders">
      <h1 className="roster__title">{t('staffOrders.title')}</h1>
      <form
        className="orders__filters"
        aria-label={t('staffOrders.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          id="orders-state"
          label={t('staffOrders.state')}
          value={state ?? ''}
          onValueChange={(value) => choose({ state: value || null })}
          options={[
            { value: '', label: t('staffOrders.allStates') },
            ...StaffOrderState.map((s) => ({ value: s, label: t(`staffOrders.state_${s}`) })),
          ]}
        />
        <TextField
          id="orders-from"
          type="date"
          label={t('staffOrders.from')}
          value={from ?? ''}
          max={to}
          onValueChange={(value) => choose({ from: value || null })}
        />
        <TextField
          id="orders-to"
          type="date"
          label={t('staffOrders.to')}
          value={to ?? ''}
          min={from}
          onValueChange={(value) => choose({ to: value || null })}
        />
        {filtered && (
          <Button
            type="button"
            variant="ghost"
            className="orders__clear"
            onClick={() => choose({ state: null, from: null, to: null })}
          >
            {t('staffOrders.clear')}
          </Button>
        )}
      </form>
      <p className="orders__count" role="status">
        {data && total > 0 ? t('staffOrders.showing', { from: first, to: last, count: total }) : ''}
      </p>
      {orders.isError && !data ? (
        <StaffLoadError forbidden={isForbidden(orders.error)} onRetry={() => void orders.refetch()} />
      ) : !data ? (
        <div aria-busy="true">
          <Skeleton height="16rem" />
        </div>
      ) : data.data.length === 0 ? (
        <div className="orders__empty">
          <p>{filtered ? t('staffOrders.noneFiltered') : t('staffOrders.none')}</p>
          {filtered && (
            <Button variant="secondary" onClick={() => choose({ state: null, from: null, to: null })}>
              {t('staffOrders.clear')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <OrdersTable rows={data.data} busy={orders.isPlaceholderData} />
          <Pagination page={page} pageCount={Math.ceil(total / STAFF_ORDERS_PAGE_SIZE)} hrefFor={hrefFor} />
        </>
      )}
    </div>
  )
}

/** An order's state as a badge, coloured by how it stands. */
export function OrderState({ state }: { state: StaffOrderState }) {
  const { t } = useTranslation()
  return <span className={`order-state is-${state}`}>{t(`staffOrders.state_${state}`)}</span>
}

function OrdersTable({ rows, busy }: { rows: StaffOrderRow[]; busy: boolean }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <div className={busy ? 'orders__card is-loading' : 'orders__card'} aria-busy={busy || undefined}>
      <table className="orders__table">
        <caption className="visually-hidden">{t('staffOrders.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('staffOrders.number')}</th>
            <th scope="col">{t('staffOrders.date')}</th>
            <th scope="col">{t('staffOrders.customer')}</th>
            <th scope="col">{t('staffOrders.state')}</th>
            <th scope="col" className="is-number">
              {t('staffOrders.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.id}>
              <th scope="row" className="orders__number">
                <Link to={`/staff/orders/${o.id}`}>{o.number}</Link>
              </th>
              <td className="orders__date">{format.date(o.createdAt, ORDER_TIME)}</td>
              <td className="orders__customer">
                <Link to={`/staff/customers/${o.customer.id}`}>{o.customer.name || `#${o.customer.id}`}</Link>
              </td>
              <td className="orders__state">
                <OrderState state={o.state} />
              </td>
              <td className="is-number orders__total">
                {format.currency(o.totalCents / 100)}
                {o.refundedCents > 0 && (
                  <span className="orders__refunded">
                    {t('staffOrders.refundedNote', { amount: format.currency(o.refundedCents / 100) })}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
