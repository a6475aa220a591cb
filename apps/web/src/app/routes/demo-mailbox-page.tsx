import { useEffect, useRef, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { DemoMailSummary } from '@clubhouse/contract'
import { ListState } from '../../components/ui/list-state.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { dateTimePattern } from '../../features/account/account-format.ts'
import { useFormat, useSettings } from '../../features/content/settings.tsx'
import { useDemoMail, useDemoMails } from '../../features/demo-mailbox/api/demo-mails.ts'
import '../../features/demo-mailbox/demo-mailbox.css'
import { ApiError } from '../../lib/api-error.ts'
import { readId } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'

const isOff = (error: unknown) => error instanceof ApiError && error.status === 404

/**
 * The demo mailbox (decision 025): on a site without SMTP, every mail it would have sent, newest
 * first, asked again every 5 s while the page is open. The chosen mail (`?mail=<id>`, else the
 * newest) is shown beside the list on wide screens and below it on phones; its links open here.
 */
export function DemoMailboxPage() {
  const { t } = useTranslation()
  usePageTitle(t('demoMailbox.title'))
  const mails = useDemoMails()
  const [search] = useSearchParams()
  const asked = readId(search.get('mail') ?? undefined)
  const chosen = asked ?? mails.data?.[0]?.id ?? null

  return (
    <div className="container demo-mailbox">
      <h1 className="page-title">{t('demoMailbox.title')}</h1>
      <p className="demo-mailbox__banner" role="note">
        {t('demoMailbox.banner')}
      </p>
      {mails.isPending ? (
        <div className="demo-mailbox__layout" aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          <div className="demo-mailbox__list">
            {[1, 2, 3].map((n) => (
              <Skeleton key={n} height="64px" className="demo-mailbox__skeleton" />
            ))}
          </div>
          <Skeleton height="16rem" />
        </div>
      ) : mails.isError && isOff(mails.error) ? (
        <div className="list-state">
          <p>{t('demoMailbox.off')}</p>
          <Link className="button button--primary" to={paths.home}>
            {t('common.backHome')}
          </Link>
        </div>
      ) : mails.isError ? (
        <ListState
          message={t('demoMailbox.error')}
          action={{ label: t('common.retry'), onClick: () => void mails.refetch() }}
        />
      ) : mails.data.length === 0 ? (
        <div className="list-state">
          <p>{t('demoMailbox.empty')}</p>
          <Link className="button button--primary" to={paths.home}>
            {t('common.backHome')}
          </Link>
        </div>
      ) : (
        <div className="demo-mailbox__layout">
          <MailList mails={mails.data} chosen={chosen} />
          {chosen !== null && <MailView id={chosen} scrollIntoView={asked !== null} />}
        </div>
      )}
    </div>
  )
}

function MailList({ mails, chosen }: { mails: DemoMailSummary[]; chosen: number | null }) {
  const { t } = useTranslation()
  const format = useFormat()
  const when = dateTimePattern(useSettings().dateFormat)
  return (
    <nav className="demo-mailbox__list" aria-label={t('demoMailbox.list', { count: mails.length })}>
      <ul>
        {mails.map((mail) => (
          <li key={mail.id}>
            <Link
              className="demo-mail-link"
              to={`${paths.demoMailbox}?mail=${mail.id}`}
              aria-current={mail.id === chosen ? 'true' : undefined}
              preventScrollReset
            >
              <span className="demo-mail-link__subject">{mail.subject || t('demoMailbox.noSubject')}</span>
              <span className="demo-mail-link__meta">
                <span className="demo-mail-link__to">{mail.to}</span>
                <time dateTime={mail.created}>{format.date(mail.created, when)}</time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function MailView({ id, scrollIntoView }: { id: number; scrollIntoView: boolean }) {
  const { t } = useTranslation()
  const format = useFormat()
  const when = dateTimePattern(useSettings().dateFormat)
  const mail = useDemoMail(id)
  const navigate = useNavigate()
  const ref = useRef<HTMLElement>(null)

  // On a phone the mail sits below the list: bring the chosen one into view.
  useEffect(() => {
    if (!scrollIntoView || !mail.data || !ref.current) return
    if (window.matchMedia?.('(max-width: 767px)').matches) ref.current.scrollIntoView({ block: 'start' })
  }, [scrollIntoView, mail.data])

  // Links to this site open inside the app, in this tab; others leave it as links do.
  function followLink(event: MouseEvent<HTMLDivElement>) {
    const anchor = (event.target as HTMLElement).closest('a')
    if (!anchor || event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const url = new URL(anchor.href, window.location.href)
    if (url.origin !== window.location.origin) return
    event.preventDefault()
    void navigate(`${url.pathname}${url.search}${url.hash}`)
  }

  if (mail.isPending) {
    return (
      <div className="demo-mail" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
        <Skeleton width="60%" height="1.5rem" />
        <Skeleton width="40%" />
        <Skeleton height="12rem" />
      </div>
    )
  }
  if (mail.isError) {
    return (
      <ListState
        message={t(isOff(mail.error) ? 'demoMailbox.gone' : 'demoMailbox.mailError')}
        action={
          isOff(mail.error) ? undefined : { label: t('common.retry'), onClick: () => void mail.refetch() }
        }
      />
    )
  }
  return (
    <article ref={ref} className="demo-mail" aria-labelledby="demo-mail-subject">
      <header className="demo-mail__header">
        <h2 id="demo-mail-subject" className="demo-mail__subject">
          {mail.data.subject || t('demoMailbox.noSubject')}
        </h2>
        <dl className="demo-mail__meta">
          <div>
            <dt>{t('demoMailbox.to')}</dt>
            <dd>{mail.data.to}</dd>
          </div>
          <div>
            <dt>{t('demoMailbox.date')}</dt>
            <dd>
              <time dateTime={mail.data.created}>{format.date(mail.data.created, when)}</time>
            </dd>
          </div>
        </dl>
      </header>
      {/* Sanitised by the server, its links kept in this tab. */}
      <div
        className="demo-mail__body prose"
        onClick={followLink}
        dangerouslySetInnerHTML={{ __html: mail.data.html }}
      />
    </article>
  )
}
