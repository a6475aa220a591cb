import type { Stripe, StripeConstructor } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'

declare global {
  interface Window {
    Stripe?: StripeConstructor
  }
}

const loading = new Map<string, Promise<void>>()

/** Adds `<script src>` once and waits for it to run. */
function loadScript(src: string) {
  let done = loading.get(src)
  if (!done) {
    done = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.addEventListener('load', () => resolve())
      script.addEventListener('error', () => {
        loading.delete(src)
        script.remove()
        reject(new Error(`Could not load ${src}`))
      })
      document.head.appendChild(script)
    })
    loading.set(src, done)
  }
  return done
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
  await loadScript(scriptUrl)
  if (!window.Stripe) throw new Error(`${scriptUrl} did not define Stripe`)
  return window.Stripe(publishableKey)
}
