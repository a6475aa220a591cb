import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../../components/ui/spinner.tsx'
import type { PayPalButtonsProps } from './paypal-buttons.tsx'

const PayPalButtons = lazy(() => import('./paypal-buttons.tsx').then((m) => ({ default: m.PayPalButtons })))

/**
 * The PayPal button as the checkout renders it: PayPal's loader and the button's texts come in their
 * own chunk, fetched only when a customer picks PayPal, never with another page's first load.
 */
export function LazyPayPalButtons(props: PayPalButtonsProps) {
  const { t } = useTranslation()
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <PayPalButtons {...props} />
    </Suspense>
  )
}
