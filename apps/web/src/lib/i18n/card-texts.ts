import type { Texts } from './en-US.ts'
import { addOnDemandTexts } from './on-demand-texts.ts'

/**
 * Texts of the card popup and its card widget (spec 2 §2, §5). Only the checkout shows them, so they
 * travel with its chunk instead of the first load (decision 041): each file that shows one imports
 * this one. Keys never repeat one of en-US.ts (a unit test checks).
 */
export const cardTextsEnUS = {
  card: {
    pay: 'Pay',
    name: 'Cardholder name',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvv: 'Security code',
    cvvHint: 'The last digits printed on the back of the card (4 on the front for American Express).',
    brand: 'Card type: {{brand}}',
    brandUnknown: 'Card type: not recognised yet',
    namePlaceholder: 'Full name',
    validThru: 'Valid thru',
    expiryFormat: 'MM/YY',
    save: 'Save card for future shoppings?',
    onProviderPage:
      'You will type your card on the bank’s secure page; the bank keeps it, we only keep its last digits.',
    fillAll: 'Please fill all fields',
    checkFields: 'Check the fields marked in red',
    nameTooLong: 'Up to {{max}} characters',
    numberIncomplete: 'The card number is incomplete',
    numberLuhn: 'This card number is not valid: check the digits',
    expiryInvalid: 'Write the expiry date as MM/YY',
    expiryPast: 'This card has expired',
    cvvAmex: 'The security code has 4 digits',
    cvvDigits: 'The security code has 3 or 4 digits',
  },
}

export const cardTextsEsES: Texts<typeof cardTextsEnUS> = {
  card: {
    pay: 'Pagar',
    name: 'Titular de la tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)',
    cvv: 'Código de seguridad',
    cvvHint:
      'Los últimos dígitos impresos en el reverso de la tarjeta (4 en el anverso en American Express).',
    brand: 'Tipo de tarjeta: {{brand}}',
    brandUnknown: 'Tipo de tarjeta: aún sin reconocer',
    namePlaceholder: 'Nombre completo',
    validThru: 'Válida hasta',
    expiryFormat: 'MM/AA',
    save: '¿Guardar la tarjeta para futuras compras?',
    onProviderPage:
      'Escribirás la tarjeta en la página segura del banco; la guarda el banco, nosotros solo sus últimos dígitos.',
    fillAll: 'Rellena todos los campos',
    checkFields: 'Revisa los campos marcados en rojo',
    nameTooLong: 'Como máximo {{max}} caracteres',
    numberIncomplete: 'Falta algún dígito del número de tarjeta',
    numberLuhn: 'Este número de tarjeta no es válido: revisa los dígitos',
    expiryInvalid: 'Escribe la caducidad como MM/AA',
    expiryPast: 'Esta tarjeta ha caducado',
    cvvAmex: 'El código de seguridad tiene 4 dígitos',
    cvvDigits: 'El código de seguridad tiene 3 o 4 dígitos',
  },
}

addOnDemandTexts({ 'en-US': cardTextsEnUS, 'es-ES': cardTextsEsES })
