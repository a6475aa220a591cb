import { createHash } from 'node:crypto'
import type { CheckoutModel, Locale } from '@clubhouse/contract/server'
import type { AuthCustomer } from '../../http/auth.ts'
import type { PlacedOrder } from '../payments/payments.service.ts'
import { SaleStatus } from '../sales/sales.service.ts'
import type { CartReads } from './cart-reads.ts'
import type { CheckoutContext, CheckoutInput } from './checkout-context.ts'
import { CURRENCY, cartReused, holdExpired } from './checkout-refusals.ts'
import type { OrderPayment } from './order-payment.ts'

/**
 * The same cart sent again (decision 056): the order its guid made, found for its buyer only; an
 * order changed before it was paid gives back what it held, and one still waiting for its payment
 * is paid again, the same way or another, as one order.
 */
export function createPayAgain(ctx: CheckoutContext, reads: CartReads, payment: OrderPayment) {
  const { deps, units, placedOrders } = ctx
  const { readCart } = reads
  const { model, payerOf, payWithVoucher, startPayment } = payment

  /**
   * What the cart asked for, whatever its order: the same cart gives the same fingerprint. How it
   * is paid is not part of it: a declined card leaves the cart as it was, to pay another way.
   */
  function fingerprintOf(body: CheckoutInput): string {
    const items = body.saleItems
      .map((i) => `${i.productId}:${i.stockParentId ?? ''}:${i.units}`)
      .sort()
      .join(',')
    const wanted = [
      items,
      [...body.saleIds].sort((a, b) => a - b).join(','),
      body.promoCode ?? '',
      body.shopTransportId ?? '',
    ].join('|')
    return createHash('sha256').update(wanted).digest('hex')
  }

  /**
   * The order a guid already made for a customer. With other contents (`changed`), a paid order
   * answers `cart_reused`; an order still waiting for its payment is the caller's to replace.
   */
  async function earlierOrder(customerId: number, guid: string, fingerprint: string) {
    const row = await deps.sales.saleOfCheckout(customerId, guid)
    if (!row) return undefined
    const changed = row.fingerprint !== fingerprint
    if (changed && row.status === SaleStatus.Paid) throw cartReused()
    return { ...row, changed }
  }

  /**
   * A cart changed after its order was placed and before it was paid (a declined card, a provider's
   * page left, then a line more or less): that order gives back what it held (its open payments
   * end, its stock and promo use come back, its order sale is cancelled) and frees the cart's guid
   * for the order of what the cart holds now. The cart's held sales keep their holds, to be paid
   * with it. Under the sales' locks: an order paid this very moment stays paid, and is `cart_reused`.
   */
  async function releaseChanged(earlier: NonNullable<Awaited<ReturnType<typeof earlierOrder>>>) {
    const placed = await deps.payments?.lastPlaced(earlier.id)
    if (earlier.status !== SaleStatus.Pending || !placed) throw cartReused()
    await units.run(async () => {
      if ((await placedOrders.state(placed, deps.clock())) === 'paid') throw cartReused()
      await deps.payments!.cancelOpen(placed.saleIds)
      await placedOrders.release(placed)
      await deps.sales.markCheckout(earlier.id, null)
    })
  }

  /**
   * The account whose orders a checkout may answer again: a customer's own; for a guest, the account
   * of the email only when the password sent is its password (the guest who opened it here, decision
   * 077). A cart's guid alone proves nothing: it can be read or guessed.
   */
  async function sameBuyer(
    knownId: number | undefined,
    input: CheckoutInput,
    guest: boolean,
  ): Promise<number | undefined> {
    if (knownId === undefined || !guest) return knownId
    const password = input.customer.password
    return password && (await deps.customers.passwordMatches(knownId, password)) ? knownId : undefined
  }

  /**
   * The same cart again: its order paid answers as it did; an order still waiting for its payment
   * (a declined card, a closed provider page) is paid again, the same way or another, as one order.
   */
  async function payAgain(
    earlier: NonNullable<Awaited<ReturnType<typeof earlierOrder>>>,
    customerId: number,
    input: CheckoutInput,
    who: AuthCustomer | undefined,
    locale: Locale,
    cardToken: string | undefined,
  ): Promise<CheckoutModel> {
    if (earlier.status === SaleStatus.Paid) {
      return model(customerId, earlier.id, earlier.saleNumber, true, earlier.paidCents)
    }
    const placed = await deps.payments?.lastPlaced(earlier.id)
    if (earlier.status !== SaleStatus.Pending || !placed) throw cartReused()
    if ((await placedOrders.state(placed, deps.clock())) !== 'open') throw holdExpired(earlier.saleNumber)
    const totalCents = await deps.sales.owedCents(placed.saleIds)
    const cart = await readCart(who ? who.id : 0, {
      ...input,
      saleItems: [],
      saleIds: placed.saleIds.filter((id) => id !== placed.orderId),
    })
    const payer = await payerOf(input, who, cart, totalCents)
    const paidMeanwhile = () => model(customerId, earlier.id, placed.orderNumber, true, totalCents)
    if (payer.kind === 'provider') {
      const payment = await units.run(async () => {
        if (await paidWhileOpenAttemptsEnd(placed)) return undefined
        return deps.payments!.open({
          customerId,
          methodId: payer.methodId,
          amountCents: totalCents,
          currency: CURRENCY,
          placed,
          saveCard: Boolean(input.saveCreditCard),
          savedCardId: payer.savedCardId,
        })
      })
      if (!payment) return paidMeanwhile()
      const account = await deps.customers.findAccount(customerId)
      const started = await startPayment(
        payment.id,
        payment.reference,
        placed,
        { ...input.customer, email: account?.email ?? input.customer.email },
        locale,
        cardToken,
      )
      const settled = started.reading?.status === 'confirmed'
      return model(customerId, earlier.id, placed.orderNumber, settled, totalCents, started)
    }
    await units.run(async () => {
      if (await paidWhileOpenAttemptsEnd(placed)) return
      if (payer.kind === 'voucher') await payWithVoucher(placed, payer, customerId)
      else await placedOrders.complete(placed, 0)
    })
    return paidMeanwhile()
  }

  /**
   * In the unit that pays a placed order again: its open attempts end first (their rows locked,
   * waiting for a provider's notification being applied to one of them), then the order is read
   * under its lock. True when it was paid meanwhile — that notification, another tab — and must not
   * be paid again: the cart answers the paid order (decision 091). Payments before sales, the
   * order in which a notification takes them, so the two never wait on each other.
   */
  async function paidWhileOpenAttemptsEnd(placed: PlacedOrder): Promise<boolean> {
    await deps.payments?.cancelOpen(placed.saleIds)
    return (await placedOrders.state(placed, deps.clock())) === 'paid'
  }

  return { fingerprintOf, earlierOrder, releaseChanged, sameBuyer, payAgain }
}

export type PayAgain = ReturnType<typeof createPayAgain>
