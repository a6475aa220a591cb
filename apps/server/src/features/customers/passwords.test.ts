import { beforeAll, describe, expect, it } from 'vitest'
import {
  hashPassword,
  isCommonPassword,
  needsRehash,
  SCRYPT_PARAMS,
  setPasswordCostForTests,
  verificationTarget,
  verifyPassword,
} from './passwords.ts'

describe('passwords', () => {
  // The other tests hash at a test's cost (decision 098); these check the real one.
  beforeAll(() => setPasswordCostForTests(SCRYPT_PARAMS))

  it('verifies the password a hash was made from and nothing else', async () => {
    const stored = await hashPassword('Mistral-Demo-2026')
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
    expect(await verifyPassword('Mistral-Demo-2026', stored)).toBe(true)
    expect(await verifyPassword('mistral-demo-2026', stored)).toBe(false)
    expect(await verifyPassword('', stored)).toBe(false)
  })

  it('salts every hash on its own', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')])
    expect(a).not.toBe(b)
  })

  it('never matches a missing or malformed hash', async () => {
    expect(await verifyPassword('anything', null)).toBe(false)
    expect(await verifyPassword('anything', 'plain-text')).toBe(false)
    expect(await verifyPassword('anything', 'scrypt$3$8$1$AAAA$BBBB')).toBe(false)
    expect(await verifyPassword('anything', `scrypt$${2 ** 30}$8$1$AAAAAAAAAAAAAAAA$AAAA`)).toBe(false)
  })

  it('does the same scrypt work for a missing or unreadable hash as for a real one', async () => {
    const stored = await hashPassword('Mistral-Demo-2026')
    const work = (h: string | null) => {
      const { N, r, p, key, salt } = verificationTarget(h)
      return { N, r, p, keyLength: key.length, saltLength: salt.length }
    }
    expect(work(null)).toEqual(work(stored))
    expect(work('not-a-hash')).toEqual(work(stored))
    expect(work(stored)).toMatchObject(SCRYPT_PARAMS)
  })

  it('verifies hashes made with other parameters and says they need a rehash', async () => {
    const stored = await hashPassword('x-y-z-w')
    expect(needsRehash(stored)).toBe(false)
    // A hash made with a lower cost, as an older release would have stored it.
    const { scryptSync, randomBytes } = await import('node:crypto')
    const salt = randomBytes(16)
    const key = scryptSync('x-y-z-w', salt, 32, { N: 1024, r: 8, p: 1 })
    const old = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`
    expect(await verifyPassword('x-y-z-w', old)).toBe(true)
    expect(needsRehash(old)).toBe(true)
    expect(SCRYPT_PARAMS.N).toBe(32768)
  })

  it('knows the most common passwords, whatever their case', () => {
    expect(isCommonPassword('123456')).toBe(true)
    expect(isCommonPassword('Password')).toBe(true)
    expect(isCommonPassword('qwerty')).toBe(true)
    expect(isCommonPassword('Mistral-Demo-2026')).toBe(false)
  })
})
