import { describe, expect, it } from 'vitest'
import { enUS } from './en-US.ts'
import { i18next } from './index.ts'
import { payPalTextsEnUS, payPalTextsEsES } from './paypal-texts.ts'

describe('PayPal texts', () => {
  it('exist in English and Spanish with the same keys, none of them a key of the first load', () => {
    expect(Object.keys(payPalTextsEsES.paypal).sort()).toEqual(Object.keys(payPalTextsEnUS.paypal).sort())
    expect(Object.keys(enUS)).not.toContain('paypal')
  })

  it('join the catalogue of both languages when their chunk loads', () => {
    expect(i18next.t('paypal.region' as never, { lng: 'es-ES' })).toBe('Paga con PayPal')
    expect(i18next.t('paypal.region' as never, { lng: 'en-US' })).toBe('Pay with PayPal')
  })
})
