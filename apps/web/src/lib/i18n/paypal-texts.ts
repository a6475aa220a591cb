import type { Texts } from './en-US.ts'
import { addOnDemandTexts } from './on-demand-texts.ts'

/**
 * Texts of the PayPal button in the checkout's payment step. Only its chunk, loaded when a customer
 * picks PayPal, shows them, so they travel with it (decision 041): the component imports this file,
 * which adds them to the catalogue of both languages. Keys never repeat one of en-US.ts.
 */
export const payPalTextsEnUS = {
  paypal: {
    region: 'Pay with PayPal',
    loading: 'Loading PayPal…',
    unavailable: 'PayPal could not be loaded. Please try again later or choose another payment method.',
    confirming: 'Confirming your PayPal payment…',
    cancelled: 'You closed PayPal before paying. You can try again when you are ready.',
  },
} as const

export const payPalTextsEsES: Texts<typeof payPalTextsEnUS> = {
  paypal: {
    region: 'Paga con PayPal',
    loading: 'Cargando PayPal…',
    unavailable: 'No se ha podido cargar PayPal. Inténtalo más tarde o elige otro método de pago.',
    confirming: 'Confirmando tu pago con PayPal…',
    cancelled: 'Has cerrado PayPal sin pagar. Puedes volver a intentarlo cuando quieras.',
  },
}

addOnDemandTexts({ 'en-US': payPalTextsEnUS, 'es-ES': payPalTextsEsES })
