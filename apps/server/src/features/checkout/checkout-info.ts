import {
  PaymentMethodId,
  type CheckoutInfo,
  type Locale,
  type PaymentMethod,
  type PricedLine,
  type VoucherOption,
} from '@clubhouse/contract/server'
import { imageUrl } from '../../lib/images.ts'
import { PAYMENT_METHOD_NAMES, voucherUnits } from '../account/account.service.ts'
import { euros } from '../shop/prices.ts'
import type { CartReads } from './cart-reads.ts'
import type { CartInput, CheckoutContext } from './checkout-context.ts'
import { CARD_EXPIRES, METHOD_DESCRIPTIONS, METHOD_OF_KIND, PROVIDER_METHODS } from './checkout-refusals.ts'
import { costOf, type CartPromos } from './promos.ts'
import { lineCents } from './totals.ts'

/**
 * What the checkout page shows before an order: the cart priced, the transports, the ways to pay
 * (providers, saved cards, the vouchers that can pay this cart), the customer's details and what
 * the browser needs of the providers.
 */
export function createCheckoutInfo(ctx: CheckoutContext, reads: CartReads, promos: CartPromos) {
  const { deps, browser } = ctx
  const { readCart, totalsOf, lineName, cartSaleModel, activeTransports } = reads
  const { usableVouchers, voucherSpends } = promos

  /**
   * The ways to pay (spec 2 §3): each provider's method, open when its adapter is configured; the
   * customer's saved cards as methods of their own (`tokenId`); the vouchers that can pay this cart.
   */
  async function paymentMethods(
    voucherKinds: number[],
    locale: Locale,
    customerId: number,
  ): Promise<PaymentMethod[]> {
    const methods: PaymentMethod[] = PROVIDER_METHODS.map((m) => ({
      id: m.id,
      tokenId: null,
      name: PAYMENT_METHOD_NAMES[m.id]![locale],
      description: METHOD_DESCRIPTIONS[m.type]![locale],
      type: m.type,
      allowTokenization: m.tokenize,
      available: deps.payments?.hasMethod(m.id) ?? false,
    }))
    if (customerId && deps.payments) {
      for (const card of await deps.customers.cardMethods(customerId)) {
        // Saved cards pay through the card-on-file provider only (decisions 067, 068); cards other
        // providers kept stay listed on the account, where they can be deleted.
        if (card.methodId !== PaymentMethodId.CardAuthorize || !deps.payments.hasMethod(card.methodId))
          continue
        const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`
        methods.push({
          id: card.methodId as PaymentMethod['id'],
          tokenId: card.id,
          name: `${card.brand || PAYMENT_METHOD_NAMES[card.methodId]![locale]} •••• ${card.lastDigits}`,
          description: `${CARD_EXPIRES[locale]} ${expiry}`,
          type: 'card',
          allowTokenization: false,
          available: true,
        })
      }
    }
    for (const kind of [...new Set(voucherKinds)].sort()) {
      const id = METHOD_OF_KIND[kind]!
      methods.push({
        id,
        tokenId: null,
        name: PAYMENT_METHOD_NAMES[id]![locale],
        description: METHOD_DESCRIPTIONS.voucher![locale],
        type: 'voucher',
        allowTokenization: false,
        available: true,
      })
    }
    return methods
  }

  async function checkoutInfo(body: CartInput, customerId: number, locale: Locale): Promise<CheckoutInfo> {
    // The account is read once: for its price list and for the details the form starts from.
    const customerRow = customerId ? await deps.customers.findAccount(customerId) : undefined
    const list = customerRow ? await deps.shop.priceListOf(customerRow.customerTypeId) : null
    const [cart, transportRows, voucherRows, settings] = await Promise.all([
      readCart(customerId, body, list),
      activeTransports(),
      usableVouchers(customerId),
      deps.content.mainSettings(locale).catch(() => ({ currency: 'EUR' })),
    ])
    const firstShipping = cart.transportRequired ? (transportRows[0]?.priceCents ?? 0) : 0
    const totals = totalsOf(cart, { shippingCents: firstShipping })
    const options: VoucherOption[] = []
    for (const v of voucherRows) {
      const spends = voucherSpends(v, cart, totals.totalCents)
      if (spends === undefined) continue
      options.push({
        id: v.id,
        voucher: {
          id: v.id,
          name: v.description[locale],
          kind: v.kind,
          balance: voucherUnits(v.kind as 0 | 1 | 2, v.balance),
        },
        paymentMethodId: METHOD_OF_KIND[v.kind]!,
        saleIds: cart.sales.map((s) => s.id),
        enough: v.balance >= costOf(spends),
      })
    }
    const c = customerRow
    return {
      paymentMethods: await paymentMethods(
        options.map((o) => o.voucher.kind),
        locale,
        customerId,
      ),
      transports: transportRows.map((t) => ({
        id: t.id,
        name: t.name[locale],
        logo: imageUrl(t.logo),
        deliveryTime: t.deliveryTime[locale],
        product: { grossPrice: euros(t.priceCents) },
      })),
      vouchers: options,
      lines: cart.lines.map((l): PricedLine => ({
        productId: l.productId,
        stockParentId: l.variant?.id ?? null,
        name: lineName(l, locale),
        logo: imageUrl(l.image),
        units: l.units,
        unitPrice: euros(l.unitPriceCents),
        total: euros(lineCents(l)),
        taxPercent: l.taxPercent,
        transportRequired: l.transportRequired,
        stock: l.stock,
      })),
      sales: cart.sales.map((s) => cartSaleModel(s, locale)),
      subtotal: euros(totals.subtotalCents),
      paid: euros(totals.paidCents),
      transportRequired: cart.transportRequired,
      name: c?.name ?? '',
      surname: c?.surname ?? '',
      addressLine1: c?.addressLine1 ?? '',
      city: c?.city ?? '',
      town: c?.town ?? '',
      country: c?.country ?? '',
      postalCode: c?.postalCode ?? '',
      email: c?.email ?? '',
      phone: c?.phone ?? '',
      password: '',
      password2: '',
      okRss: c?.okRss ?? false,
      acceptConditions: c?.acceptConditions ?? false,
      payPalId: browser?.payPalClientId ?? '',
      currency: 'currency' in settings ? settings.currency : 'EUR',
      netPayPublicKey: browser?.netPayPublicKey ?? '',
      netPayProdMode: browser?.netPayProdMode ?? false,
      paymentScripts: {
        sandbox: browser?.sandbox ?? false,
        payPalSdkUrl: browser?.payPalSdkUrl ?? null,
        stripeScriptUrl: browser?.stripeScriptUrl ?? null,
        netPayScriptUrl: browser?.netPayScriptUrl ?? '',
        cardScriptUrl: browser?.cardScriptUrl ?? null,
      },
    }
  }

  return { checkoutInfo }
}
