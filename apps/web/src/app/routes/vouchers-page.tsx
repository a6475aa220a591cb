import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Voucher } from '@clubhouse/contract'
import { ChevronDownIcon } from '../../components/ui/icons.tsx'
import { ListState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { datePattern, dateTimePattern } from '../../features/account/account-format.ts'
import { useVouchers } from '../../features/account/api/vouchers.ts'
import { AccountShell } from '../../features/account/components/account-shell.tsx'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { useVoucherFormat } from '../../features/account/use-voucher-format.ts'
import { useFormat, useSettings } from '../../features/content/settings.tsx'
import { usePageTitle } from '../use-page-title.ts'

/**
 * Vouchers (spec 1 §2): Active and Inactive, each voucher expandable to its movements (date,
 * amount, previous, current, concept). Spends (negative amounts) are marked by sign, word and
 * colour, apart from recharges.
 */
export function VouchersPage() {
  const { t } = useTranslation()
  const customerId = useCustomerId()
  const vouchers = useVouchers(customerId)
  usePageTitle(t('vouchers.title'))

  return (
    <AccountShell title={t('vouchers.title')}>
      {vouchers.isPending ? (
        <Loading label={t('common.loading')}>
          <Skeleton width="30%" height="1.5rem" />
          <Skeleton height="72px" />
          <Skeleton height="72px" />
        </Loading>
      ) : vouchers.isError ? (
        <ListState
          message={t('vouchers.error')}
          action={{ label: t('common.retry'), onClick: () => void vouchers.refetch() }}
        />
      ) : (
        <>
          <VoucherSection
            title={t('vouchers.active')}
            empty={t('vouchers.noActive')}
            vouchers={vouchers.data.active}
          />
          <VoucherSection
            title={t('vouchers.inactive')}
            empty={t('vouchers.noInactive')}
            vouchers={vouchers.data.inactive}
            inactive
          />
        </>
      )}
    </AccountShell>
  )
}

function VoucherSection({
  title,
  empty,
  vouchers,
  inactive = false,
}: {
  title: string
  empty: string
  vouchers: Voucher[]
  inactive?: boolean
}) {
  const id = useId()
  return (
    <section className="voucher-section" aria-labelledby={id}>
      <h2 id={id} className="account-section__title">
        {title} <span className="count-pill">{vouchers.length}</span>
      </h2>
      {vouchers.length === 0 ? (
        <p className="account-empty">{empty}</p>
      ) : (
        <ul className="voucher-list">
          {vouchers.map((voucher) => (
            <li key={voucher.id}>
              <VoucherCard voucher={voucher} inactive={inactive} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function VoucherCard({ voucher, inactive }: { voucher: Voucher; inactive: boolean }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { dateFormat } = useSettings()
  const amount = useVoucherFormat()
  const [open, setOpen] = useState(false)
  const id = useId()
  const day = datePattern(dateFormat)

  return (
    <article className={`account-card voucher${inactive ? ' voucher--inactive' : ''}`}>
      <h3 className="voucher__heading">
        <button
          type="button"
          className="voucher__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
        >
          <span className="voucher__main">
            <span className="voucher__description">{voucher.description}</span>
            <span className="voucher__expiry">
              {voucher.expires
                ? t(inactive ? 'vouchers.expired' : 'vouchers.expires', {
                    date: format.date(voucher.expires, day),
                  })
                : t('vouchers.noExpiry')}
            </span>
          </span>
          <span className="voucher__balance">
            <span className="voucher__balance-label">{t('vouchers.balance')}</span>
            <span className="voucher__balance-value">{amount(voucher.balance, voucher.kind)}</span>
          </span>
          <ChevronDownIcon width={20} height={20} className="voucher__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={`${id}-panel`} className="voucher__panel" hidden={!open}>
        {voucher.movements.length === 0 ? (
          <p className="account-empty">{t('vouchers.noMovements')}</p>
        ) : (
          <table className="stack-table movements">
            <caption className="visually-hidden">
              {t('vouchers.movementsOf', { name: voucher.description })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('vouchers.date')}</th>
                <th scope="col">{t('vouchers.concept')}</th>
                <th scope="col" className="is-number">
                  {t('vouchers.amount')}
                </th>
                <th scope="col" className="is-number">
                  {t('vouchers.previous')}
                </th>
                <th scope="col" className="is-number">
                  {t('vouchers.current')}
                </th>
              </tr>
            </thead>
            <tbody>
              {voucher.movements.map((movement) => {
                const spend = movement.amount < 0
                return (
                  <tr
                    key={movement.id}
                    className={spend ? 'movement movement--spend' : 'movement movement--recharge'}
                  >
                    <td data-label={t('vouchers.date')}>
                      <time dateTime={movement.created}>
                        {format.date(movement.created, dateTimePattern(dateFormat))}
                      </time>
                    </td>
                    <td data-label={t('vouchers.concept')}>{movement.concept || '—'}</td>
                    <td data-label={t('vouchers.amount')} className="is-number movement__amount">
                      <span className="visually-hidden">
                        {spend ? t('vouchers.spend') : t('vouchers.recharge')}:{' '}
                      </span>
                      <span className="movement__value">
                        <span aria-hidden="true" className="movement__sign">
                          {spend ? '−' : '+'}
                        </span>
                        {amount(Math.abs(movement.amount), voucher.kind)}
                      </span>
                    </td>
                    <td data-label={t('vouchers.previous')} className="is-number">
                      {amount(movement.previousAmount, voucher.kind)}
                    </td>
                    <td data-label={t('vouchers.current')} className="is-number">
                      {amount(movement.current, voucher.kind)}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </div>
    </article>
  )
}
