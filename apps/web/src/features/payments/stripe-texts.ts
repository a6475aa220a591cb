import { addOnDemandTexts } from '../../lib/i18n/on-demand-texts.ts'

/**
 * Texts of the card payment popup (Stripe). Only its chunk, loaded when a card payment starts,
 * shows them, so they travel with it (decision 041) and are added to both languages on import.
 */
export const stripeTextsEnUS = {
  stripePayment: {
    title: 'Pay by card',
    loading: 'Loading the card form…',
    confirm: 'Confirm',
    confirming: 'Confirming your payment…',
    unavailable: 'The card form could not be loaded. Please try again in a few minutes.',
  },
}

export const stripeTextsEsES: typeof stripeTextsEnUS = {
  stripePayment: {
    title: 'Pagar con tarjeta',
    loading: 'Cargando el formulario de la tarjeta…',
    confirm: 'Confirmar',
    confirming: 'Confirmando tu pago…',
    unavailable: 'No hemos podido cargar el formulario de la tarjeta. Inténtalo de nuevo en unos minutos.',
  },
}

addOnDemandTexts({ 'en-US': stripeTextsEnUS, 'es-ES': stripeTextsEsES })

/** The key of one of these texts. */
export type StripeTextKey = `stripePayment.${keyof typeof stripeTextsEnUS.stripePayment}`
