import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ListState, NotFoundState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { Breadcrumb } from '../../components/ui/breadcrumb.tsx'
import { paths } from '../../config/paths.ts'
import { useEmail } from '../../features/account/api/comms.ts'
import { AccountShell } from '../../features/account/components/account-shell.tsx'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { dateTimePattern } from '../../features/account/account-format.ts'
import { useFormat, useSettings } from '../../features/content/settings.tsx'
import { ApiError } from '../../lib/api-error.ts'
import { readId } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'

/**
 * One email sent to the customer (spec 2 §2): headed by its subject (decision 054), with its number,
 * its date and its HTML body.
 */
export function EmailPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const when = dateTimePattern(useSettings().dateFormat)
  const customerId = useCustomerId()
  const id = readId(useParams().id)
  const email = useEmail(customerId, id ?? 0, id !== null)
  const notFound =
    id === null ||
    (email.isError &&
      email.error instanceof ApiError &&
      (email.error.status === 404 || email.error.status === 400))
  // Headed by its subject, as a mailbox shows a mail; a plain "Email" while it loads.
  const heading = email.data?.subject || t('comms.email')
  usePageTitle(notFound ? t('comms.notFoundTitle') : heading)

  const back = (
    <Link className="link-button" to={paths.customerComms}>
      {t('comms.back')}
    </Link>
  )

  if (notFound) {
    return (
      <AccountShell title={t('comms.notFoundTitle')}>
        <NotFoundState
          message={t('comms.notFound')}
          back={{ label: t('comms.back'), to: paths.customerComms }}
        />
      </AccountShell>
    )
  }

  return (
    <AccountShell title={heading}>
      <Breadcrumb trail={[{ label: t('comms.title'), to: paths.customerComms }]} current={heading} />
      {email.isPending ? (
        <Loading label={t('common.loading')} className="account-card">
          <Skeleton width="60%" height="1.5rem" />
          <Skeleton width="30%" />
          <Skeleton height="12rem" />
        </Loading>
      ) : email.isError ? (
        <ListState
          message={t('comms.emailError')}
          action={{ label: t('common.retry'), onClick: () => void email.refetch() }}
        />
      ) : (
        <article className="account-card email" aria-label={email.data.subject}>
          <header className="email__header">
            <p className="email__meta">
              <span className="email__number">{t('comms.number', { number: email.data.id })}</span>
              {' · '}
              {t('comms.sentAt')}{' '}
              <time dateTime={email.data.created}>{format.date(email.data.created, when)}</time>
            </p>
          </header>
          {/* Sanitised by the server; shown inside its own frame so its styles stay in it. */}
          <div className="email__body prose" dangerouslySetInnerHTML={{ __html: email.data.body }} />
          <footer className="email__footer">{back}</footer>
        </article>
      )}
    </AccountShell>
  )
}
