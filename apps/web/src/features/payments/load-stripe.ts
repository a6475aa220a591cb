import type { Stripe, StripeConstructor } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { loadScriptGlobal } from './load-script.ts'

declare global {
  interface Window {
    Stripe?: StripeConstructor
  }
}

/**
 * Stripe.js for `publishableKey`: from js.stripe.com (`scriptUrl` null), or from the sandbox's
 * stand-in at `scriptUrl`. `@stripe/stripe-js` cannot be pointed elsewhere (its only load
 * parameter is `advancedFraudSignals`), and its `loadStripe` takes whatever `window.Stripe` already
 * is; the `pure` entry injects nothing until it is called. So the sandbox loads its own script and
 * calls the `window.Stripe` it defines, and js.stripe.com is never contacted there.
 */
export async function loadStripeFrom(
  scriptUrl: string | null,
  publishableKey: string,
): Promise<Stripe | null> {
  if (!scriptUrl) return loadStripe(publishableKey)
  const Stripe = await loadScriptGlobal(scriptUrl, () => window.Stripe)
  return Stripe(publishableKey)
}
