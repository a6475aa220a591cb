import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** Where a page sits: links up the way (`trail`), then the page itself when its name is known. */
export function Breadcrumb({
  trail,
  current,
}: {
  trail: readonly { label: string; to: string }[]
  current?: string | undefined
}) {
  const { t } = useTranslation()
  return (
    <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
      <ol>
        {trail.map(({ label, to }) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
        {current !== undefined && <li aria-current="page">{current}</li>}
      </ol>
    </nav>
  )
}
