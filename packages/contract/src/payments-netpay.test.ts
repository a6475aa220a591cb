import { describe, expect, it } from 'vitest'
import { parseThreeDsMessage, threeDsMessage } from './payments-netpay.ts'

describe('NetPay 3-D Secure message', () => {
  it('carries the URL after the marker and gives it back', () => {
    const url = 'https://gateway-154.netpaydev.com/v1/three-d-secure/paymenth-auth-enroll/abc?x=1'
    expect(threeDsMessage(url)).toBe(`netpay3ds-${url}`)
    expect(parseThreeDsMessage(threeDsMessage(url))).toBe(url)
  })

  it('finds the marker inside a longer message', () => {
    expect(parseThreeDsMessage('3-D Secure: netpay3ds-http://127.0.0.1:4000/3ds/1')).toBe(
      'http://127.0.0.1:4000/3ds/1',
    )
  })

  it('gives nothing for a message without the marker, or with no http(s) URL after it', () => {
    expect(parseThreeDsMessage('The card was declined.')).toBeUndefined()
    expect(parseThreeDsMessage(undefined)).toBeUndefined()
    expect(parseThreeDsMessage('netpay3ds-javascript:alert(1)')).toBeUndefined()
    expect(parseThreeDsMessage('netpay3ds-/relative/path')).toBeUndefined()
  })
})
