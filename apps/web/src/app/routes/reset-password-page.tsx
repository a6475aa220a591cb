import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { AuthCard, KeyIcon } from '../../features/customers/components/auth-card.tsx'
import { NewPasswordForm } from '../../features/customers/components/new-password-form.tsx'
import { usePageTitle } from '../use-page-title.ts'

/** Password reset with the token of a reset mail (spec 1 §2): the new password, twice. */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const { token = '' } = useParams()
  usePageTitle(t('auth.resetTitle'))
  return (
    <AuthCard icon={<KeyIcon />} title={t('auth.resetTitle')}>
      <p className="auth-card__intro">{t('auth.resetIntro')}</p>
      <NewPasswordForm token={token} />
    </AuthCard>
  )
}
