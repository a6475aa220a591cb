import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../config/paths.ts'
import { usePageTitle } from '../use-page-title.ts'

/** Any address the site does not know. */
export function NotFoundPage() {
  const { t } = useTranslation()
  usePageTitle(t('notFound.title'))
  return (
    <div className="container result-page">
      <p className="result-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{t('notFound.title')}</h1>
      <p className="result-page__text">{t('notFound.text')}</p>
      <Link className="button button--primary" to={paths.home}>
        {t('common.backHome')}
      </Link>
    </div>
  )
}
