import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { staffCustomerRoutes, type DeskPayment, type StaffVoucherKind } from '@clubhouse/contract/server'
import { SelectField } from '../components/form/field.tsx'
import { useFormat } from '../features/content/settings.tsx'
import { callStaff } from './staff-session.ts'
import './staff-texts.ts'

/** The query of a customer's account at the desk: the customer's page and the payment share it. */
export const customerQuery = (id: number) => ['staff', 'customer', id] as const

/** How the desk settles what it books, and the voucher when one pays. */
export interface DeskPaymentChoice {
  payment: DeskPayment
  voucherId: string
}

export const NO_PAYMENT_YET: DeskPaymentChoice = { payment: 'cash', voucherId: '' }

/** The choice as the staff routes take it. */
export const paymentBody = (choice: DeskPaymentChoice) => ({
  payment: choice.payment,
  voucherId: choice.payment === 'voucher' && choice.voucherId ? Number(choice.voucherId) : undefined,
})

/** A voucher's balance in its unit: euros, hours or sessions. */
export function useVoucherAmount() {
  const { t } = useTranslation()
  const format = useFormat()
  return (kind: StaffVoucherKind, amount: number) =>
    kind === 'money'
      ? format.currency(amount / 100)
      : kind === 'hours'
        ? t('staff.pay.hours', { count: Math.round((amount / 60) * 100) / 100 })
        : t('staff.pay.sessions', { count: amount })
}

/**
 * How the desk settles a booking or a place: cash, the card terminal, one of the customer's vouchers
 * that can pay (active, with something left: the server says when its scope does not cover this),
 * or owed. A walk-in has no vouchers.
 */
export function DeskPaymentField({
  name,
  customerId,
  value,
  onChange,
}: {
  name: string
  /** The customer chosen, or null (none yet, or a walk-in). */
  customerId: number | null
  value: DeskPaymentChoice
  onChange: (value: DeskPaymentChoice) => void
}) {
  const { t } = useTranslation()
  const amountOf = useVoucherAmount()
  const account = useQuery({
    queryKey: customerQuery(customerId ?? 0),
    queryFn: async ({ signal }) =>
      (await callStaff(staffCustomerRoutes.staffCustomer, { params: { id: customerId! }, signal })).model,
    enabled: customerId !== null,
  })
  const vouchers = customerId === null ? [] : (account.data?.vouchers ?? []).filter((v) => v.active)
  const options: DeskPayment[] = vouchers.length
    ? ['cash', 'card', 'voucher', 'pending']
    : ['cash', 'card', 'pending']
  const payment = options.includes(value.payment) ? value.payment : 'cash'
  return (
    <fieldset className="book-form__pay">
      <legend>{t('staff.book.payment')}</legend>
      {options.map((option) => (
        <label key={option} className="book-form__option">
          <input
            type="radio"
            name={name}
            value={option}
            checked={payment === option}
            onChange={() =>
              onChange({
                payment: option,
                voucherId: option === 'voucher' ? value.voucherId || String(vouchers[0]?.id ?? '') : '',
              })
            }
          />
          {t(`staff.book.pay_${option}`)}
        </label>
      ))}
      {payment === 'voucher' && (
        <SelectField
          id={`${name}-voucher`}
          label={t('staff.pay.voucher')}
          value={value.voucherId}
          onValueChange={(voucherId) => onChange({ payment: 'voucher', voucherId })}
          options={vouchers.map((v) => ({
            value: String(v.id),
            label: `${v.description} · ${amountOf(v.kind, v.balance)}`,
          }))}
          required
        />
      )}
    </fieldset>
  )
}
