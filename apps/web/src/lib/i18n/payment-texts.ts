import type { Texts } from './en-US.ts'
import { addOnDemandTexts } from './on-demand-texts.ts'

/**
 * Texts of the payment step's providers and of the pages a payment comes back to (spec 2 §2 Payment
 * returns). Only the checkout and those pages show them, so they travel with their chunks (decision
 * 041): each file that shows one imports this one. Keys never repeat one of en-US.ts (a unit test checks).
 */
export const paymentTextsEnUS = {
  payments: {
    processing: 'Processing payment please wait...',
    sandbox: 'Sandbox — test payments only, no real money moves',
    payWithPayPal: 'Press the PayPal button in the payment methods to pay.',
    toBank: 'Taking you to the secure payment page…',
    cardNotChecked: 'The card could not be checked: review its number, expiry date and security code.',
  },
} as const

export const paymentTextsEsES: Texts<typeof paymentTextsEnUS> = {
  payments: {
    processing: 'Procesando el pago, espera por favor...',
    sandbox: 'Sandbox — solo pagos de prueba, no se mueve dinero real',
    payWithPayPal: 'Pulsa el botón de PayPal en los métodos de pago para pagar.',
    toBank: 'Te llevamos a la página de pago seguro…',
    cardNotChecked:
      'No hemos podido comprobar la tarjeta: revisa el número, la caducidad y el código de seguridad.',
  },
}

addOnDemandTexts({ 'en-US': paymentTextsEnUS, 'es-ES': paymentTextsEsES })
