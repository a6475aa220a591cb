import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ListState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { useComms } from '../../features/account/api/comms.ts'
import { AccountShell } from '../../features/account/components/account-shell.tsx'
import { Collapsible } from '../../features/account/components/collapsible.tsx'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { dateTimePattern } from '../../features/account/account-format.ts'
import { useFormat, useSettings } from '../../features/content/settings.tsx'
import { usePageTitle } from '../use-page-title.ts'

/**
 * Communications (spec 2 §2): the emails (subject and date, each opening the email) and the SMS
 * (text and date) sent to the customer, in two collapsible groups, open at first.
 */
export function CommsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const when = dateTimePattern(useSettings().dateFormat)
  const customerId = useCustomerId()
  const comms = useComms(customerId)
  usePageTitle(t('comms.title'))

  return (
    <AccountShell title={t('comms.title')}>
      {comms.isPending ? (
        <Loading label={t('common.loading')}>
          {[1, 2].map((n) => (
            <div key={n} className="account-card">
              <Skeleton width="30%" height="1.5rem" />
              <Skeleton height="48px" />
              <Skeleton height="48px" />
            </div>
          ))}
        </Loading>
      ) : comms.isError ? (
        <ListState
          message={t('comms.error')}
          action={{ label: t('common.retry'), onClick: () => void comms.refetch() }}
        />
      ) : (
        <div className="comms">
          <Collapsible title={t('comms.emails')} count={comms.data.emails.length}>
            {comms.data.emails.length === 0 ? (
              <p className="account-empty">{t('comms.noEmails')}</p>
            ) : (
              <ul className="comm-list">
                {comms.data.emails.map((email) => (
                  <li key={email.id}>
                    <Link className="comm comm--link" to={paths.customerEmail.to(email.id)}>
                      <span className="comm__text comm__subject">{email.subject}</span>
                      <time className="comm__date" dateTime={email.created}>
                        {format.date(email.created, when)}
                      </time>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Collapsible>
          <Collapsible title={t('comms.sms')} count={comms.data.smss.length}>
            {comms.data.smss.length === 0 ? (
              <p className="account-empty">{t('comms.noSms')}</p>
            ) : (
              <ul className="comm-list">
                {comms.data.smss.map((sms) => (
                  <li key={sms.id} className="comm">
                    <span className="comm__text">{sms.body}</span>
                    <time className="comm__date" dateTime={sms.created}>
                      {format.date(sms.created, when)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </Collapsible>
        </div>
      )}
    </AccountShell>
  )
}
