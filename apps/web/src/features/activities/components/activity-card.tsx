import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ActivityListItem } from '@clubhouse/contract'
import { FramedImage } from '../../../components/ui/image.tsx'
import { paths } from '../../../config/paths.ts'
import { useSettings } from '../../content/settings.tsx'
import { useActivityFormat } from '../use-activity-format.ts'

/** The activity images of lists (spec 2 §9): 270x280. */
export const ACTIVITY_IMAGE = { width: 270, height: 280 } as const

/** An open activity in a list: poster (the main logo when it has none), name, start and More Info. */
export function ActivityCard({ activity }: { activity: ActivityListItem }) {
  const { t } = useTranslation()
  const { mainlogo } = useSettings()
  const { when } = useActivityFormat()
  const href = paths.activity.to(activity.id)
  return (
    <article className="product-card activity-card">
      <Link to={href} className="product-card__image" tabIndex={-1} aria-hidden="true">
        <FramedImage
          src={activity.poster}
          fallback={mainlogo}
          alt=""
          {...ACTIVITY_IMAGE}
          sizes="(min-width: 992px) 270px, 50vw"
        />
      </Link>
      <div className="product-card__body">
        <h3 className="product-card__name">
          <Link to={href}>{activity.name}</Link>
        </h3>
        <p className="activity-card__start">
          <time dateTime={activity.start}>{when(activity.start)}</time>
        </p>
        <div className="product-card__action">
          {/* The text names the activity (hidden after "More Info"): a link's text alone must say where it goes. */}
          <Link className="button button--secondary" to={href}>
            {t('activities.moreInfo')}{' '}
            <span className="visually-hidden">{t('activities.moreInfoOn', { name: activity.name })}</span>
          </Link>
        </div>
      </div>
    </article>
  )
}
