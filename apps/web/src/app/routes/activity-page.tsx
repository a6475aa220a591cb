import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Breadcrumb } from '../../components/ui/breadcrumb.tsx'
import { FramedImage } from '../../components/ui/image.tsx'
import { MissingPage } from '../../components/ui/list-state.tsx'
import { ShareLinks } from '../../components/ui/share-links.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { useActivity } from '../../features/activities/api/activities.ts'
import { ActivitySignUp, type ActivityShown } from '../../features/activities/components/activity-sign-up.tsx'
import { useActivityFormat } from '../../features/activities/use-activity-format.ts'
import '../../features/activities/activities.css'
import { PopularPostsAside } from '../../features/blog/components/popular-posts.tsx'
import { useFormat, useSettings } from '../../features/content/settings.tsx'
import { isMissingAnswer } from '../../lib/api-error.ts'
import { readId } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'
import { useOrigin } from '../../lib/use-origin.ts'

/** The poster of the detail screen. */
const POSTER = { width: 530, height: 550 } as const

/**
 * An activity (spec 2 §2 "Activities"): name, start and end, poster (the main logo when it has
 * none), the HTML description, the Sign Up button when it takes sign-ups online, the share links
 * and the popular posts beside it. A load that fails reads "Oops! Technical problems".
 */
export function ActivityPage() {
  const { t } = useTranslation()
  const id = readId(useParams().id)
  const customerId = useCustomerId()
  const { data, isPending, isError, error, refetch } = useActivity(id ?? 0, customerId)
  usePageTitle(data?.model.name ?? (id === null || isError ? t('activities.notFoundTitle') : undefined))

  if (id === null || (isError && isMissingAnswer(error))) {
    return (
      <MissingPage
        title={t('activities.notFoundTitle')}
        message={t('activities.notFound')}
        back={{ label: t('common.home'), to: paths.home }}
      />
    )
  }

  return (
    <div className="detail-page">
      <div className="container">
        <Breadcrumb trail={[{ label: t('common.home'), to: paths.home }]} current={data?.model.name} />

        <div className="post-layout">
          {isPending ? (
            <ActivitySkeleton />
          ) : isError ? (
            <div className="list-state">
              <p>{t('messages.technical')}</p>
              <button type="button" className="button button--secondary" onClick={() => void refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <ActivityView
              // Another activity, or the same one for another customer, starts from the beginning.
              key={`${data.model.id}|${customerId}`}
              activity={data.model}
              hasCustomSignUp={data.hasCustomSignUp}
              alreadyIn={data.alreadyIn}
              held={data.held}
            />
          )}
          <PopularPostsAside />
        </div>
      </div>
    </div>
  )
}

function ActivityView({ activity, hasCustomSignUp, alreadyIn, held }: ActivityShown) {
  const { t } = useTranslation()
  const { mainlogo } = useSettings()
  const format = useFormat()
  const { span } = useActivityFormat()
  const origin = useOrigin()
  return (
    <article className="activity">
      <header className="post__header">
        <h1 className="post__title">{activity.name}</h1>
        <p className="post__meta activity__dates">
          <time dateTime={activity.start}>{span(activity.start, activity.end)}</time>
        </p>
        {/* What a sign-up costs, told before it is made. */}
        <p className="activity__price">
          {activity.price > 0
            ? t('activities.price', { price: format.currency(activity.price) })
            : t('activities.free')}
        </p>
      </header>
      <FramedImage
        className="activity__poster"
        src={activity.poster}
        fallback={mainlogo}
        alt=""
        {...POSTER}
        priority
        sizes="(min-width: 992px) 530px, 100vw"
      />
      {activity.onlineSignUp && (
        <ActivitySignUp
          activity={activity}
          hasCustomSignUp={hasCustomSignUp}
          alreadyIn={alreadyIn}
          held={held}
        />
      )}
      {/* Sanitised by the server when stored and when served. */}
      <div className="prose post__body" dangerouslySetInnerHTML={{ __html: activity.description }} />
      <ShareLinks
        url={`${origin}${paths.activity.to(activity.id)}`}
        title={activity.name}
        label={t('share.title')}
      />
    </article>
  )
}

function ActivitySkeleton() {
  const { t } = useTranslation()
  return (
    <div aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <Skeleton width="80%" height="2.25rem" />
      <Skeleton width="40%" />
      <span className="framed-image" style={{ '--ratio': '530 / 550' } as CSSProperties} />
      <Skeleton width="30%" height="3rem" />
      <Skeleton width="100%" />
    </div>
  )
}
