import { useTranslation } from 'react-i18next'
import type { LegalKey } from '@clubhouse/contract'
import { LegalTextBody } from '../../features/content/components/legal-text.tsx'
import { LEGAL_TEXTS } from '../../features/content/legal-texts.ts'
import { useSettings } from '../../features/content/settings.tsx'
import { usePageTitle } from '../use-page-title.ts'

/** One legal text as a page; the privacy policy opens under the centre's header image (spec 1). */
export function LegalPage({ textKey }: { textKey: LegalKey }) {
  const { t } = useTranslation()
  const { headerImage } = useSettings()
  const text = LEGAL_TEXTS.find((item) => item.key === textKey)
  const title = text ? t(text.title) : ''
  usePageTitle(title)
  const withBanner = textKey === 'privacyPolicyFull' && headerImage

  return (
    <article className="legal-page">
      {withBanner && (
        <div className="page-banner">
          <img
            className="page-banner__image"
            src={headerImage}
            alt=""
            width={1600}
            height={400}
            fetchPriority="high"
          />
        </div>
      )}
      <div className="container container--text">
        <h1 className="page-title">{title}</h1>
        <LegalTextBody textKey={textKey} />
      </div>
    </article>
  )
}
