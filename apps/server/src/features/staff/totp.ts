import { createHmac, randomBytes } from 'node:crypto'
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@clubhouse/contract/server'

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with HMAC-SHA1, as every
 * authenticator app reads them from an `otpauth://` address: a shared secret in base32, a code of
 * TOTP_DIGITS digits for each TOTP_PERIOD_SECONDS step since 1970.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding, as authenticator apps take secrets. */
export function base32(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

/** The bytes of a base32 secret (case and spaces ignored); undefined for a character of no base32. */
export function fromBase32(text: string): Buffer | undefined {
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const digit = BASE32.indexOf(char)
    if (digit < 0) return undefined
    value = ((value << 5) | digit) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** HOTP (RFC 4226 §5.3): the code of `counter` for `key`, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', key).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The time step of an instant: whole periods since 1970. */
export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS)

/** TOTP (RFC 6238): the code of the instant `ms` for `key`. */
export function totp(key: Buffer, ms: number, digits = TOTP_DIGITS): string {
  return hotp(key, stepAt(ms), digits)
}

/** A new secret of 20 random bytes (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return base32(randomBytes(20))
}

/**
 * The step whose code `code` is for `secret` at `ms`, allowing one step either side for a clock a
 * little off or a code typed as it changed; undefined when it is none of them.
 */
export function matchingStep(secret: string, code: string, ms: number): number | undefined {
  const key = fromBase32(secret)
  if (!key || !new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(code)) return undefined
  const now = stepAt(ms)
  return [now - 1, now, now + 1].find((step) => hotp(key, step) === code)
}

/** The `otpauth://` address an authenticator app reads (as a QR code or typed), RFC 6238 defaults. */
export function otpauthUri(opts: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(opts.issuer)}:${encodeURIComponent(opts.account)}`
  const query = new URLSearchParams({
    secret: opts.secret,
    issuer: opts.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  })
  return `otpauth://totp/${label}?${query.toString()}`
}
