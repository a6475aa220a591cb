import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Breadcrumb } from '../../components/ui/breadcrumb.tsx'
import { FramedImage } from '../../components/ui/image.tsx'
import { MissingPage } from '../../components/ui/list-state.tsx'
import { ShareLinks } from '../../components/ui/share-links.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { usePost } from '../../features/blog/api/get-post.ts'
import { POST_IMAGE } from '../../features/blog/components/post-card.tsx'
import { PopularPostsAside } from '../../features/blog/components/popular-posts.tsx'
import { useFormat, useSettings } from '../../features/content/settings.tsx'
import { isMissingAnswer } from '../../lib/api-error.ts'
import { headingsFrom } from '../../lib/html-text.ts'
import { readId } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'
import { useOrigin } from '../../lib/use-origin.ts'

/**
 * A blog post (spec 1 §2): title, small-text badge (HTML), date in the centre's format, "by" the
 * author, image (770x430, the main logo when it has none), the HTML body, the Share block and
 * "Popular Posts" (2) beside it.
 */
export function PostPage() {
  const { t } = useTranslation()
  const { mainlogo } = useSettings()
  const format = useFormat()
  const origin = useOrigin()
  const id = readId(useParams().id)
  const { data: post, isPending, isError, error, refetch } = usePost(id ?? 0)
  usePageTitle(post?.title ?? (id === null || isError ? t('post.notFoundTitle') : undefined))

  if (id === null || (isError && isMissingAnswer(error))) {
    return (
      <MissingPage
        title={t('post.notFoundTitle')}
        message={t('post.notFound')}
        back={{ label: t('post.backToBlog'), to: paths.blog }}
      />
    )
  }

  return (
    <div className="detail-page">
      <div className="container">
        <Breadcrumb
          trail={[
            { label: t('common.home'), to: paths.home },
            { label: t('blog.title'), to: paths.blog },
          ]}
          current={post?.title}
        />

        <div className="post-layout">
          {isPending ? (
            <div aria-busy="true">
              <span className="visually-hidden" role="status">
                {t('common.loading')}
              </span>
              <Skeleton width="80%" height="2.25rem" />
              <Skeleton width="40%" />
              <span className="framed-image" style={{ '--ratio': '770 / 430' } as CSSProperties} />
              <Skeleton width="100%" />
              <Skeleton width="95%" />
            </div>
          ) : isError ? (
            <div className="list-state">
              <p>{t('post.error')}</p>
              <button type="button" className="button button--secondary" onClick={() => void refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <article className="post">
              <header className="post__header">
                {post.smalText && (
                  // Sanitised by the server when stored and when served.
                  <div className="post__badge" dangerouslySetInnerHTML={{ __html: post.smalText }} />
                )}
                <h1 className="post__title">{post.title}</h1>
                <p className="post__meta">
                  <time dateTime={post.created}>{format.date(post.created)}</time>
                  {post.name && <span>{t('blog.by', { name: post.name })}</span>}
                </p>
              </header>
              <FramedImage
                className="post__image"
                src={post.image}
                fallback={mainlogo}
                alt=""
                {...POST_IMAGE}
                priority
                sizes="(min-width: 992px) 770px, 100vw"
              />
              {/* Under the post's h1, the text's own headings start at h2. */}
              <div
                className="prose post__body"
                dangerouslySetInnerHTML={{ __html: headingsFrom(post.text, 2) }}
              />
              <ShareLinks
                url={`${origin}${paths.post.to(post.id)}`}
                title={post.title}
                label={t('share.title')}
              />
            </article>
          )}

          <PopularPostsAside excludeId={id} />
        </div>
      </div>
    </div>
  )
}
