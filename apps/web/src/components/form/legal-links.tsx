import { useTranslation } from 'react-i18next'
import { paths } from '../../config/paths.ts'

/** The general conditions and the privacy policy, each in a new tab: the hint under an "I accept" box. */
export function LegalLinks() {
  const { t } = useTranslation()
  return (
    <>
      <a href={paths.generalConditions} target="_blank" rel="noopener">
        {t('legal.generalConditions')}
      </a>
      {' · '}
      <a href={paths.privacy} target="_blank" rel="noopener">
        {t('legal.privacy')}
      </a>
    </>
  )
}
