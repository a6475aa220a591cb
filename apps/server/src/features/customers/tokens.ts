import { randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, ne, type SQL } from 'drizzle-orm'
import {
  ACTIVATION_TTL_HOURS,
  EMAIL_CHANGE_TTL_HOURS,
  RESET_TTL_HOURS,
  SESSION_TTL_DAYS,
} from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import { hashToken } from '../../http/auth.ts'
import { customerTokens, TokenKind } from './customers.tables.ts'

const HOUR = 3_600_000

/** How long a token of each kind works from its issue. */
export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  [TokenKind.Session]: SESSION_TTL_DAYS * 24 * HOUR,
  [TokenKind.Activation]: ACTIVATION_TTL_HOURS * HOUR,
  [TokenKind.Reset]: RESET_TTL_HOURS * HOUR,
  [TokenKind.EmailChange]: EMAIL_CHANGE_TTL_HOURS * HOUR,
}

/**
 * A customer's single-use tokens: sessions, activation, reset and email-change links. A token is 32
 * random bytes written as 64 hex digits, handed out once and stored only as its SHA-256
 * (`hashToken`), so a leaked table holds no working token. It works until its expiry, and not once
 * it is used, revoked or logged out (`usedAt`). Every instant comes from `clock`, passed to the
 * database as a parameter: the database's own `now()` decides nothing.
 */
export function createTokens(db: Db, clock: () => number) {
  const now = () => new Date(clock())

  /** The tokens of `kind` that still work: neither used nor expired. */
  function working(kind: TokenKind): SQL {
    return and(
      eq(customerTokens.kind, kind),
      isNull(customerTokens.usedAt),
      gt(customerTokens.expiresAt, now()),
    )!
  }

  /** The token of a kind with this value (used or not). */
  function named(token: string, kind: TokenKind): SQL {
    return and(eq(customerTokens.tokenHash, hashToken(token)), eq(customerTokens.kind, kind))!
  }

  /**
   * Writes a new token of `kind` for a customer and answers it (the only time its value is known)
   * with its expiry. An email-change token carries the address it proves.
   */
  async function issue(
    customerId: number,
    kind: TokenKind,
    extra: { newEmail?: string } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('hex')
    const expiresAt = new Date(clock() + TOKEN_TTL_MS[kind])
    await db.insert(customerTokens).values({
      customerId,
      kind,
      tokenHash: hashToken(token),
      expiresAt,
      ...(extra.newEmail !== undefined ? { newEmail: extra.newEmail } : {}),
    })
    return { token, expiresAt }
  }

  /** Issues a token of `kind` after ending the customer's earlier ones of that kind: one link works. */
  async function replace(customerId: number, kind: TokenKind, extra: { newEmail?: string } = {}) {
    await revoke(customerId, [kind])
    return issue(customerId, kind, extra)
  }

  /**
   * Uses a token of a kind, once: answers its customer (and the address of an email change), or
   * undefined when it does not work (unknown, used, revoked or expired). Of two uses at once one wins.
   */
  async function consume(
    token: string,
    kind: TokenKind,
  ): Promise<{ customerId: number; newEmail: string | null } | undefined> {
    const [row] = await db
      .update(customerTokens)
      .set({ usedAt: now() })
      .where(and(named(token, kind), working(kind)))
      .returning({ customerId: customerTokens.customerId, newEmail: customerTokens.newEmail })
    return row
  }

  /** Ends one token by its value (a logout); nothing happens for an unknown or ended one. */
  async function end(token: string, kind: TokenKind) {
    await db
      .update(customerTokens)
      .set({ usedAt: now() })
      .where(and(named(token, kind), isNull(customerTokens.usedAt)))
  }

  /** Ends every unused token of these kinds of a customer, but the one of id `except` (the session in use). */
  async function revoke(customerId: number, kinds: TokenKind[], opts: { except?: number } = {}) {
    await db
      .update(customerTokens)
      .set({ usedAt: now() })
      .where(
        and(
          eq(customerTokens.customerId, customerId),
          inArray(customerTokens.kind, kinds),
          isNull(customerTokens.usedAt),
          opts.except === undefined ? undefined : ne(customerTokens.id, opts.except),
        ),
      )
  }

  return { issue, replace, consume, end, revoke, working, named }
}

export type Tokens = ReturnType<typeof createTokens>
