import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { CustomerErrorCode, RateLimitErrorCode } from '@clubhouse/contract/constants'
import { Button } from '../../components/ui/button.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { paths } from '../../config/paths.ts'
import { customerQuery } from '../../features/account/api/get-customer.ts'
import { useConfirmEmail } from '../../features/customers/api/confirm-email.ts'
import { AuthCard, CheckIcon, WarningIcon } from '../../features/customers/components/auth-card.tsx'
import { carryEmail } from '../../features/customers/components/carried-email.ts'
import { ApiError } from '../../lib/api-error.ts'
import '../../lib/i18n/link-texts.ts'
import { openLogin } from '../../lib/login-prompt.ts'
import { getCustomerId, isLoggedIn } from '../../lib/storage.ts'
import { usePageTitle } from '../use-page-title.ts'

/**
 * The link mailed to a new login email (/customer/confirm-email/:token): the token is sent once when
 * the page opens, and the new email becomes the login email. Done: the new email and what to do with
 * it (log in with it, or see it in My account). A used, expired or unknown link, or an email another
 * account took in the meantime: why, and the way to try again from My account. No answer, 429 or
 * 5xx: the technical problems message (decision 041).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation()
  const { token = '' } = useParams()
  const queryClient = useQueryClient()
  // Not followed live: logging in from here leaves for My account, and a logout reloads the page.
  const loggedIn = isLoggedIn()
  const confirmation = useConfirmEmail()
  const sent = useRef(false)
  usePageTitle(t('auth.confirmEmailTitle'))

  useEffect(() => {
    // Once per page: the link works once, and a second call would report it as used.
    if (sent.current) return
    sent.current = true
    confirmation.mutate(token, {
      // The stored session keeps only the customer's id (spec 1 §9, key cc), nothing to rewrite;
      // a profile read with it still has the old email and the pending one. Dropped rather than
      // marked stale: My account would fill its form with the old one before the new one came.
      onSuccess: () => {
        const customerId = getCustomerId()
        if (customerId) queryClient.removeQueries({ queryKey: customerQuery(customerId).queryKey })
      },
    })
  }, [confirmation, token, queryClient])

  const toAccount = (
    <Link className="button button--primary" to={paths.account}>
      {t('auth.toAccount')}
    </Link>
  )

  if (confirmation.isSuccess) {
    const { email } = confirmation.data
    return (
      <AuthCard center icon={<CheckIcon />} title={t('auth.emailConfirmed')}>
        <p className="auth-card__intro auth-card__email" role="status">
          {t('auth.emailConfirmedNext', { email })}
        </p>
        {loggedIn ? (
          toAccount
        ) : (
          <Button
            type="button"
            onClick={() => {
              carryEmail(email)
              openLogin({ mode: 'login', backUrl: paths.account })
            }}
          >
            {t('auth.login')}
          </Button>
        )}
      </AuthCard>
    )
  }

  if (confirmation.isError) {
    const error = confirmation.error
    const refused =
      error instanceof ApiError && error.isClientError && error.code !== RateLimitErrorCode.rateLimited
    const taken = error instanceof ApiError && error.code === CustomerErrorCode.emailTaken
    return (
      <AuthCard center failed icon={<WarningIcon />} title={t('auth.emailChangeFailed')}>
        <div className="auth-form__failure" role="alert">
          <p>
            {taken ? t('auth.emailTakenMeanwhile') : refused ? t('auth.linkProblem') : t('messages.crash')}
          </p>
        </div>
        {refused && !taken && <p className="auth-card__intro">{t('auth.emailChangeAgain')}</p>}
        {toAccount}
      </AuthCard>
    )
  }

  return (
    <AuthCard center title={t('auth.confirmEmailTitle')}>
      <p className="auth-card__intro">{t('auth.confirmingEmail')}</p>
      <Spinner label={t('common.loading')} />
    </AuthCard>
  )
}
