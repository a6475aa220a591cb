import { useTranslation } from 'react-i18next'
import { ListState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { useCustomer } from '../../features/account/api/get-customer.ts'
import { AccountShell } from '../../features/account/components/account-shell.tsx'
import { ProfileForm } from '../../features/account/components/profile-form.tsx'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { usePageTitle } from '../use-page-title.ts'

/** My account (spec 1 §2): the profile in four tabs. */
export function AccountPage() {
  const { t } = useTranslation()
  const customerId = useCustomerId()
  const customer = useCustomer(customerId)
  usePageTitle(t('account.title'))

  return (
    <AccountShell
      title={t('account.title')}
      lead={customer.data ? t('account.hello', { name: customer.data.name }) : undefined}
    >
      {customer.isPending ? (
        <Loading label={t('common.loading')} className="account-card">
          <Skeleton height="44px" width="100%" />
          <Skeleton height="1.5rem" width="40%" className="skeleton--title" />
          <div className="account-form__grid">
            {[1, 2, 3, 4].map((n) => (
              <Skeleton key={n} height="68px" />
            ))}
          </div>
        </Loading>
      ) : customer.isError ? (
        <ListState
          message={t('account.loadError')}
          action={{ label: t('common.retry'), onClick: () => void customer.refetch() }}
        />
      ) : (
        <ProfileForm customer={customer.data} />
      )}
    </AccountShell>
  )
}
