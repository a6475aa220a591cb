import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { CustomerErrorCode, RateLimitErrorCode } from '@clubhouse/contract/constants'
import { Button } from '../../components/ui/button.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { paths } from '../../config/paths.ts'
import { useActivateAccount } from '../../features/customers/api/activate.ts'
import { AuthCard, CheckIcon, WarningIcon } from '../../features/customers/components/auth-card.tsx'
import { ApiError } from '../../lib/api-error.ts'
import '../../lib/i18n/link-texts.ts'
import { openLogin } from '../../lib/login-prompt.ts'
import { usePageTitle } from '../use-page-title.ts'

/** Delay between the completion message and the login dialog (spec 1 §9). */
export const ACTIVATION_LOGIN_DELAY_MS = 1000

/**
 * Account activation (spec 1 §2, §4): the token of the link is sent at once. Completed: the message,
 * then after 1 s the login dialog, returning to the home page. A second click on the link of an
 * account it activated: the account is already active, and a Login button. Failed: why, when the
 * server says (an expired or used link), the technical problems message otherwise (docs/decisions/024).
 */
export function ActivatePage() {
  const { t } = useTranslation()
  const { token = '' } = useParams()
  const activation = useActivateAccount()
  const sent = useRef(false)
  usePageTitle(t('auth.activateTitle'))

  useEffect(() => {
    // Once per page: the token works only once, and a second call would report it as used.
    if (sent.current) return
    sent.current = true
    activation.mutate(token)
  }, [activation, token])

  useEffect(() => {
    if (!activation.isSuccess) return
    const timer = window.setTimeout(
      () => openLogin({ mode: 'login', backUrl: paths.home }),
      ACTIVATION_LOGIN_DELAY_MS,
    )
    return () => window.clearTimeout(timer)
  }, [activation.isSuccess])

  if (activation.isSuccess) {
    return (
      <AuthCard center icon={<CheckIcon />} title={t('auth.activated')}>
        <p className="auth-card__intro" role="status">
          {t('auth.activatedNext')}
        </p>
        <Button type="button" onClick={() => openLogin({ mode: 'login', backUrl: paths.home })}>
          {t('auth.login')}
        </Button>
      </AuthCard>
    )
  }

  const error = activation.error
  if (error instanceof ApiError && error.code === CustomerErrorCode.alreadyActive) {
    return (
      <AuthCard center icon={<CheckIcon />} title={t('auth.alreadyActive')}>
        <p className="auth-card__intro" role="status">
          {t('auth.alreadyActiveNext')}
        </p>
        <Button type="button" onClick={() => openLogin({ mode: 'login', backUrl: paths.home })}>
          {t('auth.login')}
        </Button>
      </AuthCard>
    )
  }

  if (activation.isError) {
    const refused =
      error instanceof ApiError && error.isClientError && error.code !== RateLimitErrorCode.rateLimited
    return (
      <AuthCard center failed icon={<WarningIcon />} title={t('auth.activationFailed')}>
        <div className="auth-form__failure" role="alert">
          <p>{refused ? t('auth.linkProblem') : t('messages.crash')}</p>
        </div>
        {refused && <p className="auth-card__intro">{t('auth.newActivation')}</p>}
        <Button type="button" onClick={() => openLogin({ mode: 'login', backUrl: paths.home })}>
          {t('auth.login')}
        </Button>
      </AuthCard>
    )
  }

  return (
    <AuthCard center title={t('auth.activateTitle')}>
      <p className="auth-card__intro">{t('auth.activating')}</p>
      <Spinner label={t('common.loading')} />
    </AuthCard>
  )
}
