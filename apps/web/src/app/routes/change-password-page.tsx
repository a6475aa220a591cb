import { useTranslation } from 'react-i18next'
import { AccountShell } from '../../features/account/components/account-shell.tsx'
import { ChangePasswordForm } from '../../features/customers/components/change-password-form.tsx'
import '../../features/customers/auth.css'
import { usePageTitle } from '../use-page-title.ts'

/**
 * Change password, for a logged-in customer (spec 1 §2): the current password and the new one,
 * among the account's pages with their links, as the Account menu lists it.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation()
  usePageTitle(t('auth.changeTitle'))
  return (
    <AccountShell title={t('auth.changeTitle')} lead={t('auth.changeIntro')}>
      <section className="account-card account-card--narrow">
        <ChangePasswordForm />
      </section>
    </AccountShell>
  )
}
