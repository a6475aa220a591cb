import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrderSummary } from '@clubhouse/contract'
import { ListState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { datePattern } from '../../features/account/account-format.ts'
import { useOrders } from '../../features/account/api/orders.ts'
import { AccountShell } from '../../features/account/components/account-shell.tsx'
import { OrderItem } from '../../features/account/components/order-item.tsx'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { useFormat, useSettings } from '../../features/content/settings.tsx'
import { usePageTitle } from '../use-page-title.ts'

/**
 * Your orders (spec 1 §2): one table per order with Date (the date part only), Total, how it was
 * paid (the spec's Online yes/no, decision 054) and
 * Order Nº; its lines with image and name, linking to the product (services have none to link
 * to); a View Order button; 'No orders yet' when there are none.
 */
export function OrdersPage() {
  const { t } = useTranslation()
  const customerId = useCustomerId()
  const orders = useOrders(customerId)
  usePageTitle(t('orders.title'))

  return (
    <AccountShell title={t('orders.title')}>
      {orders.isPending ? (
        <Loading label={t('common.loading')} className="order-list">
          {[1, 2].map((n) => (
            <div key={n} className="account-card">
              <Skeleton height="3rem" />
              <Skeleton height="56px" width="70%" />
            </div>
          ))}
        </Loading>
      ) : orders.isError ? (
        <ListState
          message={t('orders.error')}
          action={{ label: t('common.retry'), onClick: () => void orders.refetch() }}
        />
      ) : orders.data.length === 0 ? (
        <EmptyOrders />
      ) : (
        <ul className="order-list">
          {orders.data.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </AccountShell>
  )
}

function EmptyOrders() {
  const { t } = useTranslation()
  const { hasShop } = useSettings()
  return (
    <div className="list-state">
      <p>{t('orders.empty')}</p>
      {hasShop && (
        <Link className="button button--primary" to={paths.shop}>
          {t('home.toShop')}
        </Link>
      )}
    </div>
  )
}

function OrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { mainlogo, dateFormat } = useSettings()
  const captionId = `order-${order.id}`
  return (
    <article className="account-card order-card" aria-labelledby={captionId}>
      <table className="stack-table order-card__table">
        <caption id={captionId} className="visually-hidden">
          {t('order.heading', { number: order.number })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.date')}</th>
            <th scope="col">{t('orders.total')}</th>
            <th scope="col">{t('orders.paidWith')}</th>
            <th scope="col">{t('orders.number')}</th>
          </tr>
        </thead>
        <tbody>
          <tr className="order-card__summary">
            <td data-label={t('orders.date')}>
              <time dateTime={order.date}>{format.date(order.date, datePattern(dateFormat))}</time>
            </td>
            <td data-label={t('orders.total')} className="order-card__total">
              {format.currency(order.total)}
            </td>
            <td data-label={t('orders.paidWith')}>{order.paymentMethod}</td>
            <td data-label={t('orders.number')} className="order-card__number">
              {order.number}
            </td>
          </tr>
        </tbody>
        {order.items.length > 0 && (
          <tbody className="order-card__items">
            {order.items.map((item, index) => (
              <tr key={`${item.productId ?? 's'}-${index}`} className="order-item-row">
                <td colSpan={4}>
                  <OrderItem item={item} mainlogo={mainlogo} size={56} />
                </td>
              </tr>
            ))}
          </tbody>
        )}
      </table>
      <div className="order-card__actions">
        <Link
          className="button button--secondary"
          to={paths.customerOrder.to(order.id)}
          aria-label={`${t('orders.viewOrder')} ${order.number}`}
        >
          {t('orders.viewOrder')}
        </Link>
      </div>
    </article>
  )
}
