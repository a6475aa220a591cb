import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ListState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { AccountShell } from '../../features/account/components/account-shell.tsx'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { addApiSaleToCart } from '../../features/cart/cart-store.ts'
import { usePendingSales } from '../../features/checkout/api/pending-sales.ts'
import '../../features/checkout/checkout.css'
import { useFormat } from '../../features/content/settings.tsx'
import { usePageTitle } from '../use-page-title.ts'

/**
 * Pending sales (spec 2 §2): what the customer still owes, as a table of Concept, Ticket, Total
 * and Pending with a box per sale; "Add to cart" puts the ticked ones in the cart and goes on to
 * the checkout. Login-required (the guard opens the login without a customer).
 */
export function DebtsPage() {
  const { t } = useTranslation()
  usePageTitle(t('debts.title'))
  const customerId = useCustomerId()
  const sales = usePendingSales(customerId)
  const format = useFormat()
  const navigate = useNavigate()
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set())
  const [note, setNote] = useState<string | null>(null)

  function toggle(id: number, on: boolean) {
    setNote(null)
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }

  function addChosen() {
    const picked = (sales.data ?? []).filter((sale) => chosen.has(sale.id))
    if (picked.length === 0) {
      setNote(t('debts.chooseFirst'))
      return
    }
    for (const sale of picked) addApiSaleToCart(sale)
    navigate(paths.checkout)
  }

  return (
    <AccountShell title={t('debts.title')} lead={t('debts.lead')}>
      {sales.isPending ? (
        <Loading label={t('common.loading')}>
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </Loading>
      ) : sales.isError ? (
        <ListState
          message={t('messages.crash')}
          action={{ label: t('common.retry'), onClick: () => void sales.refetch() }}
        />
      ) : sales.data.length === 0 ? (
        <p className="account-empty">{t('debts.empty')}</p>
      ) : (
        <div className="card checkout__section">
          <table className="checkout-table checkout-table--stack debts-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('checkout.choose')}</span>
                </th>
                <th scope="col">{t('debts.concept')}</th>
                <th scope="col">{t('debts.ticket')}</th>
                <th scope="col" className="is-number">
                  {t('debts.total')}
                </th>
                <th scope="col" className="is-number">
                  {t('debts.pending')}
                </th>
              </tr>
            </thead>
            <tbody>
              {sales.data.map((sale) => (
                <tr key={sale.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('debts.select', { name: sale.title })}
                      checked={chosen.has(sale.id)}
                      onChange={(event) => toggle(sale.id, event.target.checked)}
                    />
                  </td>
                  <th scope="row">{sale.title}</th>
                  <td className="debts-table__ticket" data-label={t('debts.ticket')}>
                    {sale.saleNumber}
                  </td>
                  <td className="is-number" data-label={t('debts.total')}>
                    {format.currency(sale.total)}
                  </td>
                  <td className="is-number" data-label={t('debts.pending')}>
                    {format.currency(sale.pending)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="debts__actions">
            <button type="button" className="button button--primary" onClick={addChosen}>
              {t('debts.add')}
            </button>
            <p className="debts__note" role="status">
              {note ?? ''}
            </p>
          </div>
        </div>
      )}
    </AccountShell>
  )
}
