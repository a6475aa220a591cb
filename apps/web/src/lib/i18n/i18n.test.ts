import { describe, expect, it } from 'vitest'
import { enUS } from './en-US.ts'
import { esES } from './es-ES.ts'
import { i18next } from './index.ts'
import { cardTextsEnUS, cardTextsEsES } from './card-texts.ts'
import { linkTextsEnUS, linkTextsEsES } from './link-texts.ts'
import { placeTextsEnUS, placeTextsEsES } from './place-texts.ts'
import { paymentTextsEnUS, paymentTextsEsES } from './payment-texts.ts'
import { auditTextsEnUS, auditTextsEsES } from '../../staff/audit-texts.ts'
import { ordersTextsEnUS, ordersTextsEsES } from '../../staff/orders-texts.ts'

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  )
}

function texts(tree: object): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : texts(value as object),
  )
}

// The first-load catalogue, and the one chunks loaded on demand add to it (decision 041).
const catalogues = [
  { name: 'shell', english: enUS, spanish: esES },
  { name: 'link texts', english: linkTextsEnUS, spanish: linkTextsEsES },
  { name: 'place texts', english: placeTextsEnUS, spanish: placeTextsEsES },
  { name: 'card texts', english: cardTextsEnUS, spanish: cardTextsEsES },
  { name: 'payment texts', english: paymentTextsEnUS, spanish: paymentTextsEsES },
  { name: 'the desk’s order texts', english: ordersTextsEnUS, spanish: ordersTextsEsES },
  { name: 'the owner’s audit texts', english: auditTextsEnUS, spanish: auditTextsEsES },
]

describe('texts', () => {
  it.each(catalogues)('exist in English and Spanish with the same keys ($name)', ({ english, spanish }) => {
    expect(keys(spanish).sort()).toEqual(keys(english).sort())
  })

  it.each(catalogues)('are never empty ($name)', ({ english, spanish }) => {
    expect(texts(english).filter((text) => !text.trim())).toEqual([])
    expect(texts(spanish).filter((text) => !text.trim())).toEqual([])
  })

  it.each(catalogues)('use the same placeholders in both languages ($name)', ({ english, spanish }) => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort().join()
    const inEnglish = new Map(keys(english).map((key, i) => [key, texts(english)[i] ?? '']))
    const inSpanish = new Map(keys(spanish).map((key, i) => [key, texts(spanish)[i] ?? '']))
    for (const [key, text] of inEnglish)
      expect(placeholders(inSpanish.get(key) ?? ''), key).toBe(placeholders(text))
  })

  it('added on demand, never replace a text of the first load, and read in both languages', () => {
    const shell = new Set(keys(enUS))
    expect(keys(linkTextsEnUS).filter((key) => shell.has(key))).toEqual([])
    expect(keys(placeTextsEnUS).filter((key) => shell.has(key))).toEqual([])
    expect(keys(cardTextsEnUS).filter((key) => shell.has(key))).toEqual([])
    expect(keys(paymentTextsEnUS).filter((key) => shell.has(key))).toEqual([])
    expect(keys(ordersTextsEnUS).filter((key) => shell.has(key))).toEqual([])
    expect(keys(auditTextsEnUS).filter((key) => shell.has(key))).toEqual([])
    expect(i18next.t('payments.processing', { lng: 'es-ES' })).toBe('Procesando el pago, espera por favor...')
    expect(i18next.t('card.fillAll', { lng: 'es-ES' })).toBe('Rellena todos los campos')
    expect(i18next.t('places.choosePlace', { lng: 'es-ES' })).toBe('Elige tu plaza')
    expect(i18next.t('auth.confirmEmailTitle', { lng: 'en-US' })).toBe('Confirm your new email')
    expect(i18next.t('auth.confirmEmailTitle', { lng: 'es-ES' })).toBe('Confirma tu nuevo correo')
    // The shell's texts of the same groups are still there.
    expect(i18next.t('auth.activated', { lng: 'es-ES' })).toBe('¡Tu registro se ha completado!')
  })

  it("correct the spec's English spelling", () => {
    expect(enUS.messages.minLength).toBe('Minimum length is 5')
    expect(enUS.messages.technical).toBe('Oops! Technical problems. Please try again.')
    expect(enUS.messages.discountApplied).toBe('Discount applied')
  })
})
