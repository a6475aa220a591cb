import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import fs from 'node:fs'

/**
 * Password hashing with scrypt (node:crypto). A stored hash carries its own parameters and salt,
 * `scrypt$<N>$<r>$<p>$<saltB64>$<hashB64>`, so the cost can be raised later and old hashes still
 * verify. N = 2^15, r = 8, p = 1 takes about 100 ms of CPU here (decision 013).
 */

export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const

interface ScryptParams {
  N: number
  r: number
  p: number
}

/** The cost new hashes are made with, and an unknown email's check costs: SCRYPT_PARAMS. */
let cost: ScryptParams = SCRYPT_PARAMS

/**
 * For the server's own tests only (their set-up file; the app never calls it): a cheaper cost for
 * the hashes they make, so thousands of logins do not spend most of a run in scrypt (decision 098).
 * Hashes still carry their parameters and verify the same way; `passwords.test.ts` checks the real
 * cost.
 */
export function setPasswordCostForTests(params: ScryptParams): void {
  cost = params
  dummy = undefined
}
const KEY_LENGTH = 32
const SALT_BYTES = 16
/** Upper bound for the parameters we accept from a stored hash (a tampered row can't exhaust memory). */
const MAX_N = 2 ** 20

function derive(plain: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; the default maxmem (32 MiB) is exactly that for 2^15 and 8, so give room.
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r + 16 * 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/** Hashes a password with a fresh 16-byte salt. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const { N, r, p } = cost
  const key = await derive(plain, salt, cost)
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`
}

export interface ParsedHash {
  N: number
  r: number
  p: number
  salt: Buffer
  key: Buffer
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0
  if (!isPowerOfTwo || N > MAX_N) return undefined
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return undefined
  const salt = Buffer.from(parts[4] ?? '', 'base64')
  const key = Buffer.from(parts[5] ?? '', 'base64')
  if (salt.length < 8 || key.length !== KEY_LENGTH) return undefined
  return { N, r, p, salt, key }
}

/** A hash no password matches, verified instead of a missing or malformed one so timing reveals nothing. */
let dummy: ParsedHash | undefined

function dummyHash(): ParsedHash {
  dummy ??= { ...cost, salt: randomBytes(SALT_BYTES), key: randomBytes(KEY_LENGTH) }
  return dummy
}

/**
 * Whether `plain` is the password of `stored`. A null (no password set) or malformed hash never
 * matches, after spending the same time as a real check. Compared in constant time.
 */
export async function verifyPassword(plain: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : undefined
  const target = verificationTarget(stored)
  const key = await derive(plain, target.salt, target)
  const same = key.length === target.key.length && timingSafeEqual(key, target.key)
  return same && parsed !== undefined
}

/**
 * What `verifyPassword` derives a key against: the stored hash, or for a missing or unreadable one a
 * dummy with today's parameters, so an unknown email costs the same scrypt work as a known one.
 */
export function verificationTarget(stored: string | null): ParsedHash {
  return (stored ? parseHash(stored) : undefined) ?? dummyHash()
}

/** Whether a stored hash was made with weaker parameters than today's (rehash at the next login). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored)
  return !parsed || parsed.N < cost.N || parsed.r < cost.r
}

/**
 * After a login whose password matched `stored`: a new hash of it at today's cost when `stored` was
 * made with weaker parameters (to store in its place), else undefined.
 */
export async function strongerHash(plain: string, stored: string | null): Promise<string | undefined> {
  return stored && needsRehash(stored) ? hashPassword(plain) : undefined
}

let commonPasswords: Set<string> | undefined

/** The 1,000 most common passwords (common-passwords.txt), compared without case. */
function loadCommonPasswords(): Set<string> {
  const text = fs.readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  )
}

/** Whether a password is one of the 1,000 most common ones (case ignored). */
export function isCommonPassword(plain: string): boolean {
  commonPasswords ??= loadCommonPasswords()
  return commonPasswords.has(plain.trim().toLowerCase())
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another one.'
