import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import {
  PaymentErrorCode,
  PaymentMethodId,
  parseThreeDsMessage,
  type CheckoutBody,
  type CheckoutInfo,
  type CheckoutModel,
  type PaymentMethod,
} from '@clubhouse/contract'
import type { CardEntry } from '../../components/ui/card-rules.ts'
import { paths } from '../../config/paths.ts'
import { ApiError } from '../../lib/api-error.ts'
import '../../lib/i18n/payment-texts.ts'
import { postPayPalCallback } from './api/paypal-callback.ts'
import { CardDialog } from './components/card-dialog.tsx'
import { StripePaymentPopup } from './components/stripe-payment-popup.tsx'
import { leaveFor } from './leave-site.ts'
import { loadNetPay, tokenizeCard } from './netpay-tokenize.ts'
import { CardNotTokenised, loadRedsysTokeniser, postRedsysForm, tokeniseRedsysCard } from './redsys.ts'
import { paidPath } from './result-path.ts'

/** What a provider's step adds to the checkout's body: the card's one-time token, and saving it. */
export type CheckoutExtras = Pick<CheckoutBody, 'tpvOnlineInfoTemp' | 'saveCreditCard'>

/** Sends the checkout as the page has it, with `extras`; an `ApiError` when it is refused. */
export type SendCheckout = (extras: CheckoutExtras) => Promise<CheckoutModel>

/** The way to pay chosen at the payment step. */
export type PayingMethod = Pick<PaymentMethod, 'id' | 'tokenId' | 'allowTokenization'>

/**
 * Whether the card popup comes before the checkout (spec 2 §4): the card tokenizer (NetPay), and
 * the card on file (Redsys) without a saved card where Redsys's tokeniser is in the page. A saved
 * card pays without being typed again.
 */
export const takesCardFirst = (method: PayingMethod, info: CheckoutInfo) =>
  method.tokenId === null &&
  (method.id === PaymentMethodId.CardTokenizer ||
    (method.id === PaymentMethodId.CardAuthorize && info.paymentScripts.cardScriptUrl !== null))

/**
 * Card on file without a card form in the page (Redsys's live InSite form is not embedded, decision
 * 068): the card is typed on Redsys's own page, which keeps it when the customer asked here first.
 */
export const savesCardOnProviderPage = (method: PayingMethod, info: CheckoutInfo) =>
  method.id === PaymentMethodId.CardAuthorize &&
  method.tokenId === null &&
  method.allowTokenization &&
  info.paymentScripts.cardScriptUrl === null

/**
 * Whether this browser can pay with `method` now: the centre offers it online, and what its step
 * needs is there (PayPal's client id, NetPay's public key and script).
 */
export function canPayWith(method: PaymentMethod, info: CheckoutInfo): boolean {
  if (!method.available) return false
  if (method.id === PaymentMethodId.Wallet) return info.payPalId !== ''
  if (method.tokenId !== null) return true
  if (method.id === PaymentMethodId.CardTokenizer)
    return info.netPayPublicKey !== '' && info.paymentScripts.netPayScriptUrl !== ''
  return true
}

/** Words for a refused payment: the server's (a provider's decline, a provider out of reach), or "Crash". */
export function paymentFailureText(error: unknown, crash: string): string {
  if (
    error instanceof ApiError &&
    error.errorMsg &&
    (error.isClientError || error.code === PaymentErrorCode.providerUnavailable)
  )
    return error.errorMsg
  return crash
}

interface StripeHandOff {
  clientSecret: string
  publishableKey: string
  returnPath: string
}

/**
 * The payment step's providers (spec 2 §4, "Checkout: choose method, then Pay"): what follows a
 * checkout's answer (paid, Redsys's page, Stripe's popup, NetPay's 3-D Secure), the card popup of
 * the methods that take the card first, and PayPal's approval. The page sends the checkout; this
 * hook knows the providers. `popups` is rendered by the page.
 */
export function usePaymentFlow(info: CheckoutInfo) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [card, setCard] = useState<{ method: PayingMethod; send: SendCheckout; label: string } | null>(null)
  const [cardBusy, setCardBusy] = useState(false)
  const [cardError, setCardError] = useState<string | null>(null)
  const [stripe, setStripe] = useState<StripeHandOff | null>(null)
  // The browser is on its way to a provider's page: the pay button stays busy until it has gone.
  const [leaving, setLeaving] = useState(false)
  // The order PayPal's last order pays, for /cz/ok should the callback not name it.
  const payPalSale = useRef<string | null>(null)

  const paid = (orderNumber: string | null) => navigate(paidPath(orderNumber))

  /** Goes where the checkout's answer says; false when it says nothing to follow. */
  function follow(model: CheckoutModel): boolean {
    if (model.completed) {
      // The result page empties the cart as it opens (decision 060).
      paid(model.saleNumber)
      return true
    }
    const threeDs = parseThreeDsMessage(model.errorMsg)
    if (threeDs) {
      setLeaving(true)
      leaveFor(threeDs)
      return true
    }
    if (model.redsysData) {
      setLeaving(true)
      postRedsysForm(model.redsysData)
      return true
    }
    if (typeof model.stripe === 'string' && model.stripe && model.publicKey) {
      const reference = model.paymentReference
      setStripe({
        clientSecret: model.stripe,
        publishableKey: model.publicKey,
        // A guest has no login the status could be matched with: our reference names the attempt.
        returnPath: reference
          ? `${paths.stripeCallback}?${new URLSearchParams({ reference }).toString()}`
          : paths.stripeCallback,
      })
      return true
    }
    return false
  }

  /** Opens the card popup for `method`; its Pay sends the checkout with the card's token. */
  function openCard(method: PayingMethod, send: SendCheckout, label: string) {
    setCardError(null)
    setCard({ method, send, label })
  }

  async function tokenise(method: PayingMethod, entry: CardEntry): Promise<string> {
    if (method.id === PaymentMethodId.CardTokenizer) {
      const netPay = await loadNetPay(info.paymentScripts.netPayScriptUrl)
      try {
        return await tokenizeCard(netPay, {
          publicKey: info.netPayPublicKey,
          sandbox: !info.netPayProdMode,
          card: entry,
        })
      } catch (error) {
        // NetPay's own words (spec 2 §8: "Tokenization error: its message").
        throw new CardNotTokenised(error instanceof Error ? error.message : 'netpay')
      }
    }
    const tokeniser = await loadRedsysTokeniser(info.paymentScripts.cardScriptUrl ?? '')
    return tokeniseRedsysCard(tokeniser, entry)
  }

  async function submitCard(entry: CardEntry, save: boolean) {
    if (!card || cardBusy) return
    setCardBusy(true)
    setCardError(null)
    try {
      const token = await tokenise(card.method, entry)
      const model = await card.send({
        tpvOnlineInfoTemp: { token },
        saveCreditCard: card.method.allowTokenization && save,
      })
      if (follow(model)) return
      setCardError(model.errorMsg || t('messages.crash'))
    } catch (error) {
      if (error instanceof CardNotTokenised) {
        const netPayWords = card.method.id === PaymentMethodId.CardTokenizer && error.reason !== 'netpay'
        setCardError(netPayWords ? error.reason : t('payments.cardNotChecked'))
      } else {
        setCardError(paymentFailureText(error, t('messages.crash')))
      }
    } finally {
      setCardBusy(false)
    }
  }

  /** PayPal's order for this checkout: the checkout makes it, PayPal's button approves it. */
  async function createPayPalOrder(send: SendCheckout): Promise<string> {
    const model = await send({})
    if (model.completed) {
      paid(model.saleNumber)
      throw new PaymentStopped()
    }
    if (typeof model.paypal !== 'string' || !model.paypal)
      throw new Error(model.errorMsg || 'No PayPal order')
    payPalSale.current = model.saleNumber
    return model.paypal
  }

  /** Approved and authorised at PayPal: the server reads it from PayPal and settles the order. */
  async function approvePayPal(orderId: string, authorizationId: string) {
    const answer = await postPayPalCallback(orderId, authorizationId)
    if (answer.ok) paid(answer.orderNumber ?? payPalSale.current)
    else navigate(paths.paymentKo)
  }

  const popups = (
    <>
      <CardDialog
        open={card !== null}
        onClose={() => setCard(null)}
        onSubmit={submitCard}
        allowSave={card?.method.allowTokenization ?? false}
        busy={cardBusy || leaving}
        error={cardError}
        submitLabel={card?.label ?? ''}
      />
      {stripe && (
        <StripePaymentPopup
          open
          clientSecret={stripe.clientSecret}
          publishableKey={stripe.publishableKey}
          scriptUrl={info.paymentScripts.stripeScriptUrl}
          returnPath={stripe.returnPath}
          onClose={() => setStripe(null)}
        />
      )}
    </>
  )

  return { follow, openCard, createPayPalOrder, approvePayPal, leaving, popups }
}

/**
 * PayPal's order was not made, and the page has already said why (a check failed), or there is
 * nothing to approve (the checkout needed no payment): PayPal's button stops without another message.
 */
export class PaymentStopped extends Error {
  constructor() {
    super('The payment stopped before PayPal.')
    this.name = 'PaymentStopped'
  }
}
