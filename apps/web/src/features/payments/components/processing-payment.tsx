import { useTranslation } from 'react-i18next'
import '../../../lib/i18n/payment-texts.ts'

/**
 * What a payment return shows while the server reads the provider's word (spec 2 §2: "Processing
 * payment please wait..."): the words in a live region, with a turning ring that only decorates.
 */
export function ProcessingPayment() {
  const { t } = useTranslation()
  return (
    <div className="container result-page result-page--processing">
      <span className="spinner processing-payment__ring" aria-hidden="true">
        <span className="spinner__ring" />
      </span>
      <div role="status">
        <h1 className="page-title">{t('payments.processing')}</h1>
      </div>
    </div>
  )
}
