import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PaymentMethodId, staffDeskRoutes, type StaffScheduleItem } from '@clubhouse/contract/server'
import { useFormat } from '../features/content/settings.tsx'
import { Button } from '../components/ui/button.tsx'
import { FormError, useStaffSubmit } from './staff-form.tsx'
import { callStaff } from './staff-session.ts'
import './staff-texts.ts'

const REFUNDS = ['original', 'voucher', 'none'] as const

/**
 * Cancelling a booking from its dialog (issue 23, item 4, decision 114): the refund the centre
 * chooses — the way it was paid, to the customer's money voucher, or none — then the cancel, once
 * however often it is pressed. The day frees the time, and the desk's status line says what went back.
 */
export function CancelBooking({
  item,
  onCancelled,
}: {
  item: StaffScheduleItem
  onCancelled: (message: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const format = useFormat()
  const [asked, setAsked] = useState(false)
  const [refund, setRefund] = useState<(typeof REFUNDS)[number]>('original')
  const cancel = useStaffSubmit(async () => {
    const { model } = await callStaff(staffDeskRoutes.staffCancelBooking, {
      params: { id: item.id },
      body: { refund },
    })
    await queryClient.invalidateQueries({ queryKey: ['staff', 'schedule'] })
    // Sessions and hours vouchers get units back; everything else is money.
    const back = model.refunds
      .map((r) =>
        r.paymentMethodId === PaymentMethodId.SessionsVoucher ||
        r.paymentMethodId === PaymentMethodId.HoursVoucher
          ? `${r.paymentMethod} ${r.amount}`
          : `${r.paymentMethod} ${format.currency(r.amount)}`,
      )
      .join(', ')
    onCancelled(back ? t('staff.cancel.doneRefunded', { refunds: back }) : t('staff.cancel.done'))
  })
  if (!asked) {
    return (
      <p className="schedule-detail__actions">
        <Button variant="secondary" onClick={() => setAsked(true)}>
          {t('staff.cancel.open')}
        </Button>
      </p>
    )
  }
  return (
    <form className="schedule-detail__actions cancel-form" onSubmit={(e) => void cancel.onSubmit(e)}>
      <fieldset className="book-form__pay">
        <legend>{t('staff.cancel.refund')}</legend>
        {REFUNDS.map((option) => (
          <label key={option} className="book-form__option">
            <input
              type="radio"
              name="cancel-refund"
              value={option}
              checked={refund === option}
              onChange={() => setRefund(option)}
            />
            {t(`staff.cancel.refund_${option}`)}
          </label>
        ))}
      </fieldset>
      <FormError error={cancel.error} />
      <Button type="submit" busy={cancel.busy} busyLabel={t('common.loading')}>
        {t('staff.cancel.confirm')}
      </Button>
    </form>
  )
}
