import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  PayPalButtons as PayPalSdkButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type PayPalButtonsComponentProps,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js'
import { Spinner } from '../../../components/ui/spinner.tsx'
import '../../../lib/i18n/paypal-texts.ts'
import type { payPalTextsEnUS } from '../../../lib/i18n/paypal-texts.ts'

export interface PayPalButtonsProps {
  /** The centre's PayPal client id (checkout info's `payPalId`). */
  clientId: string
  /** ISO 4217 code of the checkout (checkout info's `currency`). */
  currency: string
  /** Where PayPal's JS SDK is loaded from: unset for PayPal's own, the fake's `/sdk/js` in the sandbox. */
  sdkBaseUrl?: string
  /** Asks our server for the PayPal order (the checkout), resolving to its id. */
  createOrder: () => Promise<string>
  /** The buyer approved and PayPal authorised: tells our server (the callback) and goes on. */
  onApproved: (orderId: string, authorizationId: string) => Promise<void>
  /** PayPal, the authorisation or `onApproved` failed: the checkout says so. */
  onError: (error: unknown) => void
}

/** Funding sources the spec leaves out (spec 2 §4: "funding by mercadopago, credit and card is disabled"). */
const DISABLED_FUNDING = ['credit', 'card', 'mercadopago']

/** Words of PayPal's answers that mean "this funding source was refused, let the buyer pick another". */
const RESTART_ISSUES = new Set(['INSTRUMENT_DECLINED'])

type PayPalTextKey = keyof (typeof payPalTextsEnUS)['paypal']

/**
 * The PayPal method's button, rendered inside the method in the payment step (spec 2 §2: "A wallet
 * provider's button is rendered inside its method"). PayPal's JS SDK is loaded with intent authorize:
 * on approval the browser authorises the order and hands `{ orderId, authorizationId }` to
 * `onApproved`; the server believes neither before reading them from PayPal. Loaded in its own chunk
 * (see lazy-paypal-buttons.tsx), and it touches `window` only in effects, through the SDK's loader.
 */
export function PayPalButtons({ clientId, currency, sdkBaseUrl, ...handlers }: PayPalButtonsProps) {
  const { i18n } = useTranslation()
  const locale = i18n.language.replace('-', '_')
  const options = useMemo<ReactPayPalScriptOptions>(
    () => ({
      clientId,
      currency,
      intent: 'authorize',
      disableFunding: DISABLED_FUNDING,
      locale,
      ...(sdkBaseUrl ? { sdkBaseUrl } : {}),
    }),
    [clientId, currency, locale, sdkBaseUrl],
  )
  return (
    <PayPalScriptProvider options={options}>
      <PayPalMethod {...handlers} />
    </PayPalScriptProvider>
  )
}

function usePayPalTexts() {
  const { t } = useTranslation()
  // The on-demand catalogue is not part of i18next's typed resources (lib/i18n/index.ts lists those).
  const translate = t as unknown as (key: string) => string
  return (key: PayPalTextKey) => translate(`paypal.${key}`)
}

function PayPalMethod({
  createOrder,
  onApproved,
  onError,
}: Omit<PayPalButtonsProps, 'clientId' | 'currency'>) {
  const say = usePayPalTexts()
  const [{ isPending, isRejected }] = usePayPalScriptReducer()
  const [stage, setStage] = useState<'ready' | 'confirming' | 'cancelled'>('ready')

  const onApprove: PayPalButtonsComponentProps['onApprove'] = async (data, actions) => {
    setStage('confirming')
    try {
      const order = await actions.order?.authorize()
      const authorizationId = order?.purchase_units?.[0]?.payments?.authorizations?.[0]?.id
      if (!authorizationId) throw new Error(`PayPal gave no authorization for order ${data.orderID}`)
      await onApproved(data.orderID, authorizationId)
    } catch (error) {
      setStage('ready')
      const issue = (error as { details?: { issue?: string }[] } | null)?.details?.[0]?.issue
      if (issue && RESTART_ISSUES.has(issue) && actions.restart) return actions.restart()
      onError(error)
    }
  }

  if (isRejected) {
    return (
      <p className="paypal-method__note" role="alert">
        {say('unavailable')}
      </p>
    )
  }
  return (
    <div className="paypal-method" role="group" aria-label={say('region')}>
      {isPending && <Spinner label={say('loading')} />}
      {stage === 'confirming' && <Spinner label={say('confirming')} />}
      <PayPalSdkButtons
        style={{ layout: 'vertical', shape: 'rect', label: 'paypal' }}
        disabled={stage === 'confirming'}
        createOrder={() => {
          setStage('ready')
          return createOrder()
        }}
        onApprove={onApprove}
        onCancel={() => setStage('cancelled')}
        onError={(error) => {
          setStage('ready')
          onError(error)
        }}
      />
      {stage === 'cancelled' && (
        <p className="paypal-method__note" role="status">
          {say('cancelled')}
        </p>
      )}
    </div>
  )
}
