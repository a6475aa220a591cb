import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ListState, NotFoundState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { Breadcrumb } from '../../components/ui/breadcrumb.tsx'
import { paths } from '../../config/paths.ts'
import { dateTimePattern } from '../../features/account/account-format.ts'
import { useOrder } from '../../features/account/api/orders.ts'
import { AccountShell } from '../../features/account/components/account-shell.tsx'
import { OrderItem } from '../../features/account/components/order-item.tsx'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { useFormat, useSettings } from '../../features/content/settings.tsx'
import { ApiError } from '../../lib/api-error.ts'
import { readId } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'

/**
 * One order (spec 1 §2): the centre's header image and the order number; the lines with image,
 * name, price, units and total, linking to the product (not for services); payment method and
 * date; Subtotal, Shipping (Free at 0), Discount (only when not 0) and Total.
 */
export function OrderPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const { headerImage, mainlogo, dateFormat } = useSettings()
  const customerId = useCustomerId()
  const saleId = readId(useParams().id)
  const order = useOrder(customerId, saleId ?? 0, saleId !== null)
  const notFound =
    saleId === null ||
    (order.isError &&
      order.error instanceof ApiError &&
      (order.error.status === 404 || order.error.status === 400))
  usePageTitle(
    order.data
      ? t('order.heading', { number: order.data.number })
      : notFound
        ? t('order.notFoundTitle')
        : undefined,
  )

  const banner = headerImage && (
    <div className="page-banner account-banner">
      <img
        className="page-banner__image"
        src={headerImage}
        alt=""
        width={1600}
        height={400}
        fetchPriority="high"
      />
    </div>
  )

  if (notFound) {
    return (
      <>
        {banner}
        <AccountShell title={t('order.notFoundTitle')}>
          <NotFoundState
            message={t('order.notFound')}
            back={{ label: t('order.backToOrders'), to: paths.customerOrders }}
          />
        </AccountShell>
      </>
    )
  }

  const data = order.data
  return (
    <>
      {banner}
      <AccountShell
        title={data ? t('order.heading', { number: data.number }) : <Skeleton width="60%" height="2.25rem" />}
      >
        <Breadcrumb
          trail={[{ label: t('orders.title'), to: paths.customerOrders }]}
          current={data?.number ?? '…'}
        />
        {order.isPending ? (
          <Loading label={t('common.loading')} className="account-card">
            {[1, 2, 3].map((n) => (
              <Skeleton key={n} height="56px" />
            ))}
          </Loading>
        ) : order.isError || !data ? (
          <ListState
            message={t('order.error')}
            action={{ label: t('common.retry'), onClick: () => void order.refetch() }}
          />
        ) : (
          <div className="order-detail">
            <section className="account-card order-detail__lines" aria-labelledby="order-lines">
              <h2 id="order-lines" className="account-card__title">
                {t('order.lines')}
              </h2>
              <table className="stack-table order-lines">
                <thead>
                  <tr>
                    <th scope="col">{t('order.product')}</th>
                    <th scope="col" className="is-number">
                      {t('order.price')}
                    </th>
                    <th scope="col" className="is-number">
                      {t('order.units')}
                    </th>
                    <th scope="col" className="is-number">
                      {t('order.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item, index) => (
                    <tr key={`${item.productId ?? 's'}-${index}`}>
                      <td className="stack-table__head">
                        <OrderItem item={item} mainlogo={mainlogo} size={64} />
                      </td>
                      <td className="is-number" data-label={t('order.price')}>
                        {format.currency(item.price)}
                      </td>
                      <td className="is-number" data-label={t('order.units')}>
                        {item.units}
                      </td>
                      <td className="is-number order-lines__total" data-label={t('order.total')}>
                        {format.currency(item.total)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <aside className="order-detail__side">
              <section className="account-card" aria-labelledby="order-payment">
                <h2 id="order-payment" className="account-card__title">
                  {t('order.paymentTitle')}
                </h2>
                <dl className="summary-list">
                  <div>
                    <dt>{t('order.paymentMethod')}</dt>
                    <dd>{data.paymentMethod}</dd>
                  </div>
                  <div>
                    <dt>{t('order.date')}</dt>
                    <dd>
                      <time dateTime={data.date}>{format.date(data.date, dateTimePattern(dateFormat))}</time>
                    </dd>
                  </div>
                </dl>
              </section>
              <section className="account-card" aria-labelledby="order-totals">
                <h2 id="order-totals" className="account-card__title">
                  {t('order.totals')}
                </h2>
                <dl className="summary-list summary-list--totals">
                  <div>
                    <dt>{t('order.subTotal')}</dt>
                    <dd>{format.currency(data.subTotal)}</dd>
                  </div>
                  {/* Only when something travelled, or travelling cost something (decision 054). */}
                  {(data.shipped || data.shipping !== 0) && (
                    <div>
                      <dt>{t('order.shipping')}</dt>
                      <dd>{data.shipping === 0 ? t('order.free') : format.currency(data.shipping)}</dd>
                    </div>
                  )}
                  {data.discount !== 0 && (
                    <div>
                      <dt>{t('order.discount')}</dt>
                      <dd>{format.currency(-Math.abs(data.discount))}</dd>
                    </div>
                  )}
                  <div className="summary-list__total">
                    <dt>{t('order.total')}</dt>
                    <dd>{format.currency(data.total)}</dd>
                  </div>
                </dl>
              </section>
              <Link className="link-button" to={paths.customerOrders}>
                {t('order.backToOrders')}
              </Link>
            </aside>
          </div>
        )}
      </AccountShell>
    </>
  )
}
