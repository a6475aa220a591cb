import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { CSSProperties } from 'react'
import type { TextBlock } from '@clubhouse/contract'
import { FramedImage } from '../../../components/ui/image.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { paths } from '../../../config/paths.ts'
import { excerpt } from '../../../lib/html-text.ts'
import { useFormat, useSettings } from '../../content/settings.tsx'

/** The post image size of the spec (1 §2): 770x430. */
export const POST_IMAGE = { width: 770, height: 430 } as const

type PostSummary = Pick<TextBlock, 'id' | 'title' | 'image' | 'name' | 'created'> & { text?: string }

/** The day and short month of a post, as the blog cards show it over the image. */
export function DateBadge({ created }: { created: string }) {
  const format = useFormat()
  return (
    <time className="date-badge" dateTime={created}>
      <span className="date-badge__day">{format.date(created, 'd')}</span>
      <span className="date-badge__month">{format.date(created, 'MMM').replace('.', '')}</span>
    </time>
  )
}

/**
 * A post in a list: image (the main logo when it has none) with the day-and-month badge, title
 * linking to the post, author and date, and with `withExcerpt` the first 100 characters of its text.
 */
export function PostCard({
  post,
  withExcerpt = false,
  priority = false,
  headingLevel = 3,
}: {
  post: PostSummary
  withExcerpt?: boolean
  priority?: boolean
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation()
  const { mainlogo } = useSettings()
  const format = useFormat()
  const href = paths.post.to(post.id)
  const Heading = `h${headingLevel}` as const
  return (
    <article className="post-card">
      <div className="post-card__media">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <FramedImage
            src={post.image}
            fallback={mainlogo}
            alt=""
            {...POST_IMAGE}
            priority={priority}
            sizes="(min-width: 992px) 380px, 100vw"
          />
        </Link>
        <DateBadge created={post.created} />
      </div>
      <div className="post-card__body">
        <p className="post-card__meta">
          {post.name && <span>{t('blog.by', { name: post.name })}</span>}
          <time dateTime={post.created}>{format.date(post.created)}</time>
        </p>
        <Heading className="post-card__title">
          <Link to={href}>{post.title}</Link>
        </Heading>
        {withExcerpt && post.text && <p className="post-card__excerpt">{excerpt(post.text)}</p>}
      </div>
    </article>
  )
}

export function PostCardSkeleton() {
  return (
    <div className="post-card" aria-hidden="true">
      <span className="framed-image" style={{ '--ratio': '770 / 430' } as CSSProperties} />
      <div className="post-card__body">
        <Skeleton width="45%" height="0.8rem" />
        <Skeleton width="90%" height="1.2rem" />
        <Skeleton width="100%" />
      </div>
    </div>
  )
}

/** A post in a side list (Popular Posts): thumbnail, title and date. */
export function PostListItem({ post }: { post: PostSummary }) {
  const { mainlogo } = useSettings()
  const format = useFormat()
  const href = paths.post.to(post.id)
  return (
    <li className="mini-item">
      <Link to={href} className="mini-item__image" tabIndex={-1} aria-hidden="true">
        <FramedImage src={post.image} fallback={mainlogo} alt="" width={96} height={54} />
      </Link>
      <div className="mini-item__body">
        <Link to={href} className="mini-item__title">
          {post.title}
        </Link>
        <time className="mini-item__meta" dateTime={post.created}>
          {format.date(post.created)}
        </time>
      </div>
    </li>
  )
}
