import { lazy, Suspense } from 'react'
import type { StripePaymentElementProps } from './stripe-payment-element.tsx'

// Stripe's libraries and the popup load only when a card payment starts: never with other pages.
const StripePaymentElement = lazy(() =>
  import('./stripe-payment-element.tsx').then((m) => ({ default: m.StripePaymentElement })),
)

/** The card payment popup (Stripe), loaded on demand the first time it opens. */
export function StripePaymentPopup({ open, ...props }: StripePaymentElementProps & { open: boolean }) {
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <StripePaymentElement {...props} />
    </Suspense>
  )
}
