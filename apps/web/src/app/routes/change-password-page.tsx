import { useTranslation } from 'react-i18next'
import { AuthCard, KeyIcon } from '../../features/customers/components/auth-card.tsx'
import { ChangePasswordForm } from '../../features/customers/components/change-password-form.tsx'
import { usePageTitle } from '../use-page-title.ts'

/** Change password, for a logged-in customer (spec 1 §2): the current password and the new one. */
export function ChangePasswordPage() {
  const { t } = useTranslation()
  usePageTitle(t('auth.changeTitle'))
  return (
    <AuthCard icon={<KeyIcon />} title={t('auth.changeTitle')}>
      <p className="auth-card__intro">{t('auth.changeIntro')}</p>
      <ChangePasswordForm />
    </AuthCard>
  )
}
