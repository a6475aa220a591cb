import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { PaymentMethodId, VoucherKind, type CancelAnswer } from '@clubhouse/contract'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useVoucherFormat } from '../../account/use-voucher-format.ts'
import '../bookings.css'

type InfoReturns = z.infer<typeof CancelAnswer>['infoReturns']

/**
 * The unit a refund is written in (decision 069): a sessions voucher gets sessions back, an hours
 * voucher hours; everything else is money.
 */
const unitOf = (paymentMethodId: number | undefined): VoucherKind =>
  paymentMethodId === PaymentMethodId.SessionsVoucher
    ? VoucherKind.Sessions
    : paymentMethodId === PaymentMethodId.HoursVoucher
      ? VoucherKind.Hours
      : VoucherKind.Money

/**
 * "Payment Refunds" (spec 2 §2): per cancelled booking, each payment method and the amount returned,
 * in its kind ("1 session", "1,5 h", "12,00 €").
 */
export function RefundsDialog({
  infoReturns,
  onClose,
  returnFocus,
}: {
  infoReturns: InfoReturns
  onClose: () => void
  /** Where focus goes on closing: the Cancel button that opened it is gone (see `Dialog`). */
  returnFocus?: () => HTMLElement | null | undefined
}) {
  const { t } = useTranslation()
  const amountOf = useVoucherFormat()
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('bookings.refundsTitle')}
      closeLabel={t('common.close')}
      returnFocus={returnFocus}
    >
      <div className="refunds">
        {infoReturns.map((info) => (
          <section key={info.bookingId} className="refunds__booking">
            {info.description && <h3 className="refunds__title">{info.description}</h3>}
            <table className="refunds__table">
              <thead>
                <tr>
                  <th scope="col">{t('bookings.paymentMethod')}</th>
                  <th scope="col" className="refunds__amount">
                    {t('bookings.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {info.amounts.map((amount, i) => (
                  <tr key={i}>
                    <td>{amount.paymentMethod}</td>
                    <td className="refunds__amount">
                      {amountOf(amount.amount, unitOf(amount.paymentMethodId))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('bookings.ok')}
        </button>
      </div>
    </Dialog>
  )
}
