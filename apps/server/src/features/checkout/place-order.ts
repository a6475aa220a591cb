import {
  CheckoutErrorCode,
  GuestDetails,
  PaymentErrorCode,
  paths,
  SaleItemKind,
  type CheckoutModel,
  type Locale,
} from '@clubhouse/contract/server'
import type { AuthCustomer } from '../../http/auth.ts'
import { AppError } from '../../lib/app-error.ts'
import type { ContentService } from '../content/content.service.ts'
import { hashPassword, isCommonPassword, COMMON_PASSWORD_MESSAGE } from '../customers/passwords.ts'
import type { PlacedOrder } from '../payments/payments.service.ts'
import { DEFAULT_TAX_PERCENT, SaleStatus, type CheckoutMark } from '../sales/sales.service.ts'
import type { CartReads } from './cart-reads.ts'
import type { OrderMailContext } from './checkout-mails.ts'
import type { Cart, CartLine, CheckoutContext, CheckoutInput } from './checkout-context.ts'
import {
  CURRENCY,
  cardTokenOf,
  conditionsRequired,
  emptyCart,
  holdExpired,
  outOfStock,
  refuse,
  saleNotFound,
} from './checkout-refusals.ts'
import type { transports } from './checkout.tables.ts'
import type { OrderPayment } from './order-payment.ts'
import type { PayAgain } from './pay-again.ts'
import type { CartPromos } from './promos.ts'
import { lineCents, type CartTotals } from './totals.ts'

/**
 * Placing an order: the buyer's details checked, the cart read and priced, then one unit of work
 * that writes the order, takes its stock, counts its promo and pays it or opens its payment; a
 * provider is called after the commit.
 */
export function createPlaceOrder(
  ctx: CheckoutContext,
  reads: CartReads,
  promos: CartPromos,
  payment: OrderPayment,
  again: PayAgain,
) {
  const { deps, units, now, placedOrders } = ctx
  const { readCart, checkStock, totalsOf, chosenTransport, lineName } = reads
  const { checkPromo, countPromoUse } = promos
  const { model, payerOf, payWithVoucher, startPayment } = payment
  const { fingerprintOf, earlierOrder, releaseChanged, sameBuyer, payAgain } = again

  const REQUIRED = [
    'name',
    'surname',
    'addressLine1',
    'postalCode',
    'city',
    'town',
    'country',
    'email',
    'phone',
  ] as const

  /** Spec 2 §5: the details a guest (always) or a customer (when sent to them) must give. */
  function checkDetails(input: CheckoutInput, guest: boolean, delivery: boolean) {
    const c = input.customer
    const errors: Record<string, string> = {}
    if (guest || delivery) {
      for (const key of REQUIRED) {
        if (!guest && key === 'email') continue
        if (!c[key]) errors[key] = 'Field required'
      }
    }
    if (guest) {
      const parsed = GuestDetails.safeParse({
        name: c.name,
        surname: c.surname,
        email: c.email,
        password: c.password,
      })
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] === 'password' ? 'password1' : String(issue.path[0])
          errors[key] ??= issue.message
        }
      }
      if (!c.password) errors.password1 = 'Field required'
      else if (isCommonPassword(c.password)) errors.password1 ??= COMMON_PASSWORD_MESSAGE
      if (!c.password2) errors.password2 = 'Field required'
    }
    if (Object.keys(errors).length) {
      throw new AppError('validation', 'Check required fields', { status: 422, errors })
    }
    if (guest && c.password !== c.password2) {
      throw refuse(CheckoutErrorCode.passwordMismatch, 'Password does not match', 422, {
        password2: 'Password does not match',
      })
    }
  }

  /**
   * A checkout (spec 2 §4, §5), for a guest (`who` undefined: their account is opened) or a
   * customer. Everything is checked (and read) first, then one unit of work places the order: the
   * guest's account, the order sale with its lines, the stock taken (never below 0), the cart's
   * sales, the promo's use (last: its row stays locked the shortest). Paid by a voucher or nothing
   * left to pay, the same unit completes it (the voucher's movement, the sales paid, their bookings
   * confirmed, the order mail in the outbox). Paid through a provider, the unit opens the payment
   * and holds what the order sells for its window; the provider is called after the commit, and
   * settling the payment completes the order (decision 067). The cart's guid makes it idempotent
   * (decision 056): the same cart again answers its order, or pays it again another way.
   */
  async function checkout(
    input: CheckoutInput,
    who: AuthCustomer | undefined,
    locale: Locale,
  ): Promise<CheckoutModel> {
    const guest = who === undefined
    const fingerprint = fingerprintOf(input)
    const email = input.customer.email.trim().toLowerCase()
    const cardToken = cardTokenOf(input)

    // The same cart sent again answers the order it made, or pays it again; changed before it was
    // paid, it is placed anew. Only to its buyer (decision 077): the customer of the token, or the
    // guest who opened the account of this email with this password; anyone else sending a guest
    // checkout with that email learns nothing of its orders (login_required below).
    const knownId = guest ? (email ? await deps.customers.customerIdOfEmail(email) : undefined) : who.id
    const buyerId = await sameBuyer(knownId, input, guest)
    if (buyerId !== undefined) {
      const earlier = await earlierOrder(buyerId, input.guid, fingerprint)
      if (earlier?.changed) await releaseChanged(earlier)
      else if (earlier) return payAgain(earlier, buyerId, input, who, locale, cardToken)
    }
    if (input.saleItems.length === 0 && input.saleIds.length === 0) throw emptyCart()
    if (guest && input.saleIds.length) throw saleNotFound()

    // The customer's account, then the price list of their type.
    const account = guest ? undefined : await deps.customers.findAccount(who.id)
    if (!guest && !account) throw new AppError('unauthorized', 'Please login or register')
    const list = account ? await deps.shop.priceListOf(account.customerTypeId) : null
    const cart = await readCart(guest ? 0 : who.id, input, list)
    checkStock(cart.lines, locale)
    checkDetails(input, guest, cart.transportRequired)
    if (!input.customer.acceptConditions && !account?.acceptConditions) throw conditionsRequired()
    if (guest && knownId !== undefined) throw deps.customers.loginRequired()

    const transport = await chosenTransport(cart, input.shopTransportId)
    const checked = input.promoCode ? await checkPromo(input.promoCode, guest ? 0 : who.id, cart) : undefined
    const totals = totalsOf(cart, {
      shippingCents: transport?.priceCents ?? 0,
      shippingTaxPercent: transport?.taxPercent ?? DEFAULT_TAX_PERCENT,
      promo: checked?.rule ?? null,
    })

    // How it is paid, checked before anything is written.
    const payer = await payerOf(input, who, cart, totals.totalCents)
    const paidWith = payer.kind === 'voucher' ? payer.methodId : null
    const passwordHash = guest ? await hashPassword(input.customer.password) : undefined
    const c = input.customer
    const buyer = account ?? { email, name: c.name, language: locale }
    const mailLocale = buyer.language ?? locale
    const settings = await deps.content.mainSettings(mailLocale).catch(() => undefined)

    try {
      const done = await units.run(async () => {
        const customerId = guest
          ? await deps.customers.createGuestAccount(
              {
                email,
                passwordHash: passwordHash!,
                name: c.name,
                surname: c.surname,
                phone: c.phone,
                addressLine1: c.addressLine1,
                postalCode: c.postalCode,
                city: c.city,
                town: c.town,
                country: c.country,
                okRss: c.okRss,
              },
              locale,
            )
          : who.id
        if (!guest && c.acceptConditions && !account!.acceptConditions) {
          await deps.customers.acceptConditions(customerId, c.okRss)
        }
        const mark: CheckoutMark = {
          guid: input.guid,
          fingerprint,
          transportId: transport?.id ?? null,
          promoId: checked?.promo.id ?? null,
          ...(transport
            ? {
                delivery: {
                  name: `${c.name} ${c.surname}`.trim(),
                  addressLine1: c.addressLine1,
                  postalCode: c.postalCode,
                  city: c.city,
                  town: c.town,
                  country: c.country,
                  phone: c.phone,
                },
              }
            : {}),
        }
        // The order first: its guid's unique index makes a second unit with the same cart wait here.
        const { orderId, orderNumber } = await openOrder(customerId, cart, totals, mark)

        const sorted = await takeStock(cart.lines, locale)
        for (const s of cart.sales) {
          if (deps.clock() >= (s.holdExpiresAt?.getTime() ?? Infinity)) throw holdExpired(s.saleNumber)
        }

        const placed: PlacedOrder = {
          orderId,
          orderNumber,
          saleIds: [...(orderId === null ? [] : [orderId]), ...cart.sales.map((s) => s.id)],
          stock: sorted.map((l) => ({
            productId: l.productId,
            variantId: l.variant?.id ?? null,
            units: l.units,
          })),
          promoId: checked?.promo.id ?? null,
          mail: {
            customerId,
            to: buyer.email,
            input: orderMailInput({
              orderNumber,
              buyer,
              locale: mailLocale,
              settings,
              cart,
              totals,
              transport,
            }),
          },
        }
        // The promo's use before the payment opens, so its row stays locked the shortest: the last use goes to one order.
        if (checked && orderId !== null) await countPromoUse(checked.promo.id, customerId, cart, orderId)

        if (payer.kind === 'provider') {
          const payment = await deps.payments!.open({
            customerId,
            methodId: payer.methodId,
            amountCents: totals.totalCents,
            currency: CURRENCY,
            placed,
            saveCard: Boolean(input.saveCreditCard),
            savedCardId: payer.savedCardId,
          })
          return { customerId, placed, payment }
        }
        if (payer.kind === 'voucher') await payWithVoucher(placed, payer, customerId)
        else await placedOrders.complete(placed, paidWith as number)
        return { customerId, placed, payment: undefined }
      })

      const first = done.placed.orderId ?? done.placed.saleIds[0]!
      if (!done.payment) {
        return model(done.customerId, first, done.placed.orderNumber, true, totals.totalCents)
      }
      const started = await startPayment(
        done.payment.id,
        done.payment.reference,
        done.placed,
        { ...input.customer, email: buyer.email },
        locale,
        cardToken,
      )
      const settled = started.reading?.status === 'confirmed'
      return model(done.customerId, first, done.placed.orderNumber, settled, totals.totalCents, started)
    } catch (err) {
      // A retry of the same cart racing the first: answer the order it made, to the same buyer.
      const id = await sameBuyer(
        guest ? await deps.customers.customerIdOfEmail(email) : who.id,
        input,
        guest,
      ).catch(() => undefined)
      if (id !== undefined && err instanceof AppError && err.code !== PaymentErrorCode.paymentDeclined) {
        const earlier = await earlierOrder(id, input.guid, fingerprint).catch(() => undefined)
        if (earlier?.status === SaleStatus.Paid) {
          return model(id, earlier.id, earlier.saleNumber, true, earlier.paidCents)
        }
      }
      throw err
    }
  }

  /**
   * In the checkout's unit: the shop order of the cart's lines, opened with its checkout mark; a
   * cart of sales only marks its first sale with the cart's guid, and that sale names the order.
   */
  async function openOrder(
    customerId: number,
    cart: Cart,
    totals: CartTotals,
    mark: CheckoutMark,
  ): Promise<{ orderId: number | null; orderNumber: string }> {
    if (cart.lines.length) {
      const order = await deps.sales.openSale({
        customerId,
        title: { 'es-ES': 'Pedido de la tienda', 'en-US': 'Shop order' },
        lines: cart.lines.map((l) => ({
          kind: SaleItemKind.Article,
          productId: l.productId,
          units: l.units,
          unitPriceCents: l.unitPriceCents,
          product: { name: l.name, image: l.image, taxPercent: l.taxPercent },
          ...(l.variant ? { variant: l.variant } : {}),
        })),
        shippingCents: totals.shippingCents,
        discountCents: totals.discountCents,
        createdAt: now(),
        checkout: mark,
      })
      return { orderId: order.id, orderNumber: order.saleNumber }
    }
    const first = cart.sales[0]!
    await deps.sales.markCheckout(first.id, { guid: mark.guid, fingerprint: mark.fingerprint })
    return { orderId: null, orderNumber: first.saleNumber }
  }

  /**
   * In the checkout's unit: the stock the lines take, in a fixed order so two carts never wait for
   * each other crosswise; answers the lines taken, in that order. A product whose stock is not
   * counted is not written (nor locked): the order is as if made before anyone started counting it.
   */
  async function takeStock(lines: CartLine[], locale: Locale): Promise<CartLine[]> {
    const sorted = lines
      .filter((l) => l.stock !== null)
      .sort((a, b) => a.productId - b.productId || (a.variant?.id ?? 0) - (b.variant?.id ?? 0))
    for (const l of sorted) {
      const taken = await deps.shop.takeStock({
        productId: l.productId,
        variantId: l.variant?.id ?? null,
        units: l.units,
      })
      if (!taken) await refuseStock(l, locale)
    }
    return sorted
  }

  async function refuseStock(l: CartLine, locale: Locale): Promise<never> {
    const stock = await deps.shop.stockLeft({ productId: l.productId, variantId: l.variant?.id ?? null })
    if (stock === null || stock === undefined) throw new AppError('busy', 'Please try again.')
    throw outOfStock(lineName(l, locale), stock)
  }

  /** The order's confirmation mail as it will be sent once the order is paid. */
  function orderMailInput(o: {
    orderNumber: string
    buyer: { email: string; name: string }
    locale: Locale
    settings: Awaited<ReturnType<ContentService['mainSettings']>> | undefined
    cart: Cart
    totals: CartTotals
    transport: typeof transports.$inferSelect | undefined
  }): OrderMailContext {
    const { locale, settings, cart } = o
    return {
      locale,
      centreName: settings?.name ?? 'Clubhouse',
      customerName: o.buyer.name,
      orderNumber: o.orderNumber,
      money: {
        decimalSeparator: settings?.decimalSeparator ?? ',',
        currencySymbol: settings?.currencySymbol ?? '€',
      },
      lines: [
        ...cart.lines.map((l) => ({ name: lineName(l, locale), units: l.units, totalCents: lineCents(l) })),
        ...cart.sales.map((s) => ({ name: s.title[locale], units: 1, totalCents: s.totalCents })),
      ],
      transport: o.transport?.name[locale] ?? null,
      totals: o.totals,
      link: `${deps.publicUrl}${paths.customerOrders}`,
    }
  }

  return { checkout }
}
