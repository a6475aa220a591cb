import { describe, expect, it } from 'vitest'
import { PaymentMethodId, VoucherKind } from '@clubhouse/contract/server'
import { isVoucherActive, paymentMethodName, voucherUnits } from './account.service.ts'

const NOW = new Date('2026-11-22T12:00:00Z')

describe('isVoucherActive', () => {
  const voucher = { active: true, expiresAt: null, balance: 500 }

  it('counts a switched-on voucher with a balance and no expiry as active', () => {
    expect(isVoucherActive(voucher, NOW)).toBe(true)
    expect(isVoucherActive({ ...voucher, expiresAt: new Date('2026-11-22T12:00:01Z') }, NOW)).toBe(true)
  })

  it('counts a voucher switched off by the centre as inactive', () => {
    expect(isVoucherActive({ ...voucher, active: false }, NOW)).toBe(false)
  })

  it('counts a voucher as inactive from the instant it expires', () => {
    expect(isVoucherActive({ ...voucher, expiresAt: NOW }, NOW)).toBe(false)
    expect(isVoucherActive({ ...voucher, expiresAt: new Date('2026-01-01T00:00:00Z') }, NOW)).toBe(false)
  })

  it('counts a used-up voucher (balance 0) as inactive', () => {
    expect(isVoucherActive({ ...voucher, balance: 0 }, NOW)).toBe(false)
  })
})

describe('voucherUnits', () => {
  it('answers money in euros, sessions as a count and hours as hours', () => {
    expect(voucherUnits(VoucherKind.Money, 10550)).toBe(105.5)
    expect(voucherUnits(VoucherKind.Money, -1800)).toBe(-18)
    expect(voucherUnits(VoucherKind.Sessions, 4)).toBe(4)
    expect(voucherUnits(VoucherKind.Hours, 450)).toBe(7.5)
    expect(voucherUnits(VoucherKind.Hours, -50)).toBe(-0.83)
  })
})

describe('paymentMethodName', () => {
  it('names every payment method of the spec in both languages', () => {
    for (const id of Object.values(PaymentMethodId)) {
      expect(paymentMethodName(id, 'en-US')).not.toBe('Other payment method')
      expect(paymentMethodName(id, 'es-ES')).not.toBe('Otro medio de pago')
    }
    expect(paymentMethodName(PaymentMethodId.Wallet, 'en-US')).toBe('PayPal')
    expect(paymentMethodName(PaymentMethodId.CardPaymentIntent, 'es-ES')).toBe('Tarjeta (Stripe)')
  })

  it('reads a sale without a payment method as paid at the desk', () => {
    expect(paymentMethodName(null, 'en-US')).toBe("At the centre's desk")
    expect(paymentMethodName(null, 'es-ES')).toBe('En recepción')
  })

  it('reads an unknown method id as another method rather than failing', () => {
    expect(paymentMethodName(99, 'en-US')).toBe('Other payment method')
  })
})
