import { and, asc, desc, eq, isNull, or } from 'drizzle-orm'
import type { CardToken } from '@clubhouse/contract/server'
import { AppError } from '../../http/errors.ts'
import type { CustomersContext } from './customers-context.ts'
import { cardTokens } from './customers.tables.ts'

/** A customer's saved cards: the provider's token and the last digits, never the card itself. */
export function createSavedCards(ctx: CustomersContext) {
  const { db } = ctx

  async function listCardTokens(customerId: number): Promise<CardToken[]> {
    const rows = await db
      .select()
      .from(cardTokens)
      .where(and(eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)))
      .orderBy(asc(cardTokens.id))
    return rows.map((r) => ({
      id: r.id,
      cardNumber: `•••• ${r.last4}`,
      brand: r.brand,
      expiry: `${String(r.expMonth).padStart(2, '0')}/${String(r.expYear % 100).padStart(2, '0')}`,
    }))
  }

  /** A live saved card of the customer's, with the provider's token: what a checkout pays with. */
  async function findCardToken(customerId: number, cardId: number) {
    const [row] = await db
      .select({ id: cardTokens.id, methodId: cardTokens.paymentMethodId, token: cardTokens.providerToken })
      .from(cardTokens)
      .where(
        and(eq(cardTokens.id, cardId), eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)),
      )
    return row
  }

  /** The customer's live saved cards with their methods, for the checkout's payment methods. */
  async function cardMethods(customerId: number) {
    return db
      .select({
        id: cardTokens.id,
        methodId: cardTokens.paymentMethodId,
        lastDigits: cardTokens.last4,
        brand: cardTokens.brand,
        expMonth: cardTokens.expMonth,
        expYear: cardTokens.expYear,
      })
      .from(cardTokens)
      .where(and(eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)))
      .orderBy(asc(cardTokens.id))
  }

  /**
   * Keeps a card the provider saved at the customer's request: its token and last digits only.
   * The same token again is the same card (a second payment that asked to save it).
   */
  async function saveCardToken(
    customerId: number,
    card: { methodId: number; token: string; lastDigits: string; brand: string; expiry: string },
  ) {
    const [, mm = '', yy = ''] = /^(\d{2})\/(\d{2})$/.exec(card.expiry) ?? []
    const expMonth = Number(mm) || 12
    const expYear = yy ? 2000 + Number(yy) : 2099
    // The same card saved again (the provider gives each save a new token) stays one card: the
    // newest token replaces the one kept.
    const [known] = await db
      .select({ id: cardTokens.id })
      .from(cardTokens)
      .where(
        and(
          eq(cardTokens.customerId, customerId),
          isNull(cardTokens.deletedAt),
          or(
            eq(cardTokens.providerToken, card.token),
            and(
              eq(cardTokens.paymentMethodId, card.methodId),
              eq(cardTokens.last4, card.lastDigits),
              eq(cardTokens.brand, card.brand),
              eq(cardTokens.expMonth, expMonth),
              eq(cardTokens.expYear, expYear),
            ),
          ),
        ),
      )
      .orderBy(desc(cardTokens.id))
      .limit(1)
    if (known) {
      await db.update(cardTokens).set({ providerToken: card.token }).where(eq(cardTokens.id, known.id))
      return known.id
    }
    const [row] = await db
      .insert(cardTokens)
      .values({
        customerId,
        paymentMethodId: card.methodId,
        providerToken: card.token,
        last4: card.lastDigits,
        brand: card.brand,
        expMonth,
        expYear,
      })
      .returning({ id: cardTokens.id })
    return row!.id
  }

  /** Forgets a saved card (kept for the payments that used it); another's or unknown: 404. */
  async function deleteCardToken(customerId: number, cardId: number) {
    const [row] = await db
      .update(cardTokens)
      .set({ deletedAt: ctx.now() })
      .where(
        and(eq(cardTokens.id, cardId), eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)),
      )
      .returning({ id: cardTokens.id })
    if (!row) throw new AppError('not_found', 'This card was not found among your saved cards.')
  }

  return { listCardTokens, findCardToken, cardMethods, saveCardToken, deleteCardToken }
}
