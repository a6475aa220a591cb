import { describe, expect, it } from 'vitest'
import { base32, fromBase32, hotp, matchingStep, otpauthUri, totp } from './totp.ts'

/** RFC 6238 Appendix B: the SHA-1 seed, 20 ASCII bytes, and its 8-digit codes at these instants. */
const SEED = Buffer.from('12345678901234567890', 'ascii')
const VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
]

describe('time-based one-time passwords', () => {
  it.each(VECTORS)('gives the code of RFC 6238 at %i s', (seconds, code) => {
    expect(totp(SEED, seconds * 1000, 8)).toBe(code)
    // Six digits are the last six of the eight.
    expect(totp(SEED, seconds * 1000)).toBe(code.slice(2))
  })

  it('gives the HOTP codes of RFC 4226 Appendix D', () => {
    const codes = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]
    expect(codes.map((_, counter) => hotp(SEED, counter))).toEqual(codes)
  })

  it('writes and reads base32 secrets as authenticator apps do', () => {
    expect(base32(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    expect(fromBase32('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(SEED)
    expect(fromBase32('not base32!')).toBeUndefined()
  })

  it('takes the code of the step before and after, and no other', () => {
    const secret = base32(SEED)
    const at = 1111111111 * 1000
    const step = Math.floor(1111111111 / 30)
    expect(matchingStep(secret, totp(SEED, at), at)).toBe(step)
    expect(matchingStep(secret, totp(SEED, at - 30_000), at)).toBe(step - 1)
    expect(matchingStep(secret, totp(SEED, at + 30_000), at)).toBe(step + 1)
    expect(matchingStep(secret, totp(SEED, at - 60_000), at)).toBeUndefined()
    expect(matchingStep(secret, '12345', at)).toBeUndefined()
    expect(matchingStep(secret, '１２３４５６', at)).toBeUndefined()
  })

  it('names the issuer, the account and the RFC defaults in the otpauth address', () => {
    const uri = new URL(otpauthUri({ issuer: 'Club Mistral', account: 'ana@centre.example', secret: 'ABC' }))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(decodeURIComponent(uri.pathname)).toBe('/Club Mistral:ana@centre.example')
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'ABC',
      issuer: 'Club Mistral',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })
  })
})
