import { useTranslation } from 'react-i18next'
import '../../../lib/i18n/payment-texts.ts'

/**
 * Says plainly that this site takes test payments only (checkout info's `paymentScripts.sandbox`):
 * the providers are the local fakes, and no card is charged.
 */
export function SandboxNotice() {
  const { t } = useTranslation()
  return (
    <p className="sandbox-notice" role="note">
      {t('payments.sandbox')}
    </p>
  )
}
