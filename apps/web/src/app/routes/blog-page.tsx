import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DateSort } from '@clubhouse/contract'
import { ListSearch, SortSelect } from '../../components/ui/list-controls.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { paths } from '../../config/paths.ts'
import { BLOG_PAGE_SIZE, DATE_SORTS } from '../../features/blog/api/blog-grid-status.ts'
import { usePostsPage } from '../../features/blog/api/get-posts-page.ts'
import { PostCard, PostCardSkeleton } from '../../features/blog/components/post-card.tsx'
import { readListPage, readListText, useListParams, useScrollToListTop, withParams } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'
import { ListState } from '../../components/ui/list-state.tsx'

/**
 * The blog (spec 1 §2): search, newest or oldest first, cards with the day-and-month badge and a
 * 100-character excerpt linking to the post, 30 a page with at most 4 page links.
 */
export function BlogPage() {
  const { t } = useTranslation()
  usePageTitle(t('blog.title'))
  const [params, choose] = useListParams()
  const listRef = useRef<HTMLDivElement>(null)
  const search = readListText(params, 'search')
  const sort: DateSort = params.get('sort') === String(DATE_SORTS.ByOld) ? DATE_SORTS.ByOld : DATE_SORTS.ByNew
  const page = readListPage(params)
  useScrollToListTop(page, listRef)

  const { data, isPending, isError, isPlaceholderData, refetch } = usePostsPage({ page, sort, search })

  const onSearch = useCallback((text: string) => choose({ search: text || null }), [choose])

  // While the next page loads the last one stays on screen; the count describes what is shown.
  const [shownPage, setShownPage] = useState(page)
  if (data && !isPlaceholderData && shownPage !== page) setShownPage(page)
  const total = data?.totalCount ?? 0
  const pageCount = Math.ceil(total / BLOG_PAGE_SIZE)
  const from = total === 0 ? 0 : (shownPage - 1) * BLOG_PAGE_SIZE + 1
  const to = Math.min(total, shownPage * BLOG_PAGE_SIZE)
  const hrefFor = (n: number) => `${paths.blog}?${withParams(params, { page: n > 1 ? String(n) : null })}`

  return (
    <div className="list-page">
      <header className="list-page__header">
        <div className="container">
          <h1 className="page-title">{t('blog.title')}</h1>
          <p className="list-page__count" role="status">
            {data && total > 0 ? t('blog.showing', { from, to, count: total }) : ''}
          </p>
        </div>
      </header>

      <div className="container" ref={listRef}>
        <div className="list-toolbar">
          <ListSearch label={t('blog.search')} value={search} onSearch={onSearch} />
          <SortSelect
            label={t('list.sortBy')}
            value={sort}
            onChange={(value) => choose({ sort: value === DATE_SORTS.ByOld ? String(value) : null })}
            options={[
              { value: DATE_SORTS.ByNew, label: t('blog.sortNew') },
              { value: DATE_SORTS.ByOld, label: t('blog.sortOld') },
            ]}
          />
        </div>

        {isPending ? (
          <ul className="post-grid" aria-busy="true" aria-label={t('common.loading')}>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <PostCardSkeleton />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <ListState
            message={t('blog.error')}
            action={{ label: t('common.retry'), onClick: () => void refetch() }}
          />
        ) : data.data.length === 0 ? (
          <ListState
            message={search ? t('blog.noMatch') : t('blog.empty')}
            {...(search
              ? { action: { label: t('blog.showAll'), onClick: () => choose({ search: null }) } }
              : {})}
          />
        ) : (
          <ul className={`post-grid${isPlaceholderData ? ' is-updating' : ''}`} aria-busy={isPlaceholderData}>
            {data.data.map((post, i) => (
              <li key={post.id}>
                <PostCard post={post} withExcerpt priority={i === 0} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}

        <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
      </div>
    </div>
  )
}
