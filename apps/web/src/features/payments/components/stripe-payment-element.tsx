import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe, StripeError } from '@stripe/stripe-js'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { loadStripeFrom } from '../load-stripe.ts'
import type { StripeTextKey } from '../stripe-texts.ts'
import '../stripe-texts.ts'

export interface StripePaymentElementProps {
  /** The PaymentIntent's client secret from the checkout's answer: never stored, never logged. */
  clientSecret: string
  publishableKey: string
  /** The sandbox's stand-in of Stripe.js (`/sandbox/stripe/v3`), or null for js.stripe.com. */
  scriptUrl: string | null
  /** Where Stripe sends the browser after confirming (this site's path). */
  returnPath?: string
  /** The customer closed the popup without paying. */
  onClose: () => void
}

/** Stripe.js errors whose message is written for the customer (spec: "the provider's message"). */
const PROVIDER_MESSAGE_TYPES = new Set(['card_error', 'validation_error'])
/** 3-D Secure refused at the bank: Stripe files it as a request error, but it is about the card. */
const PROVIDER_MESSAGE_CODES = new Set(['payment_intent_authentication_failure'])

function providerMessage(error: StripeError) {
  const forCustomer = PROVIDER_MESSAGE_TYPES.has(error.type) || PROVIDER_MESSAGE_CODES.has(error.code ?? '')
  return forCustomer && error.message ? error.message : undefined
}

function useStripeText() {
  const { t } = useTranslation()
  // These keys are added with this chunk (decision 041), so the shell's typed keys do not list them.
  return t as unknown as (key: StripeTextKey) => string
}

/**
 * The card payment popup: Stripe's Payment Element and a Confirm button. Confirming sends the
 * browser to Stripe's next step and then to `returnPath`; a refusal stays here with its message.
 */
export function StripePaymentElement({
  clientSecret,
  publishableKey,
  scriptUrl,
  returnPath = '/stripe-callback',
  onClose,
}: StripePaymentElementProps) {
  const { t } = useTranslation()
  const text = useStripeText()
  const [stripe, setStripe] = useState<Stripe | null>(null)
  const [unavailable, setUnavailable] = useState(false)

  useEffect(() => {
    let live = true
    loadStripeFrom(scriptUrl, publishableKey).then(
      (loaded) => {
        if (!live) return
        if (loaded) setStripe(loaded)
        else setUnavailable(true)
      },
      (error: unknown) => {
        console.warn('Crash loading Stripe.js', error)
        if (live) setUnavailable(true)
      },
    )
    return () => {
      live = false
    }
  }, [scriptUrl, publishableKey])

  const options = useMemo(() => ({ clientSecret, appearance: { theme: 'stripe' as const } }), [clientSecret])

  return (
    <Dialog open onClose={onClose} title={text('stripePayment.title')} closeLabel={t('common.close')}>
      {unavailable ? (
        <p className="form-error" role="alert">
          {text('stripePayment.unavailable')}
        </p>
      ) : stripe ? (
        <Elements stripe={stripe} options={options}>
          <PaymentForm returnPath={returnPath} />
        </Elements>
      ) : (
        <Spinner label={text('stripePayment.loading')} />
      )}
    </Dialog>
  )
}

function PaymentForm({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation()
  const text = useStripeText()
  const stripe = useStripe()
  const elements = useElements()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  async function confirm(event: FormEvent) {
    event.preventDefault()
    if (!stripe || !elements || busy) return
    setBusy(true)
    setMessage(null)
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      })
      // Without an error the browser is already on its way to Stripe's next step or returnPath.
      if (!error) return
      const shown = providerMessage(error)
      if (!shown) console.warn('Crash confirming the card payment', error.type, error.code)
      setMessage(shown ?? t('messages.crash'))
    } catch (error) {
      console.warn('Crash confirming the card payment', error)
      setMessage(t('messages.crash'))
    }
    setBusy(false)
  }

  return (
    <form className="stripe-payment" onSubmit={(event) => void confirm(event)}>
      <PaymentElement />
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <Button
        type="submit"
        busy={busy}
        busyLabel={text('stripePayment.confirming')}
        disabled={!stripe || !elements}
      >
        {text('stripePayment.confirm')}
      </Button>
    </form>
  )
}
