import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx'

/** At most this many page links are shown (spec 1 §9). */
export const MAX_PAGE_LINKS = 4

/**
 * The pages to link: at most `max` consecutive pages holding `page`, with one page before it when
 * there is one, so both neighbours stay a click away; at the ends the window stops at 1 and `pageCount`.
 */
export function pageWindow(page: number, pageCount: number, max = MAX_PAGE_LINKS): number[] {
  if (pageCount < 1) return []
  const current = Math.min(Math.max(1, page), pageCount)
  const size = Math.min(max, pageCount)
  const first = Math.min(Math.max(1, current - 1), pageCount - size + 1)
  return Array.from({ length: size }, (_, i) => first + i)
}

/**
 * Links to the pages of a list around the current one, with previous and next. Nothing when the
 * list fits on one page.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number
  pageCount: number
  /** The address of a page, keeping the list's other choices. */
  hrefFor: (page: number) => string
}) {
  const { t } = useTranslation()
  if (pageCount <= 1) return null
  const pages = pageWindow(page, pageCount)

  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link className="pagination__link" to={hrefFor(page - 1)} aria-label={t('pagination.previous')}>
              <ChevronLeftIcon />
            </Link>
          ) : (
            <span className="pagination__link is-disabled" aria-hidden="true">
              <ChevronLeftIcon />
            </span>
          )}
        </li>
        {pages.map((n) => (
          <li key={n}>
            <Link
              className="pagination__link"
              to={hrefFor(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: n })}
            >
              {n}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link className="pagination__link" to={hrefFor(page + 1)} aria-label={t('pagination.next')}>
              <ChevronRightIcon />
            </Link>
          ) : (
            <span className="pagination__link is-disabled" aria-hidden="true">
              <ChevronRightIcon />
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
