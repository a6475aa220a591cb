import { DiscountType, VoucherKind } from '@clubhouse/contract/server'
import type { Services } from '../services.ts'
import { both } from './account-fixtures.ts'

/**
 * A small shop to check out from: a racket (stock 2, sent by courier), a shirt in sizes (M: 3 left,
 * L: none), a class pass (no stock counted, no transport, 10% tax), a courier and a pickup, and
 * promo codes of every kind and state.
 */
export async function createCheckoutShop({ shop, checkout }: Pick<Services, 'shop' | 'checkout'>) {
  const [gear, passes] = await shop.createProductTypes([
    { name: both('Material', 'Gear') },
    { name: both('Bonos', 'Passes') },
  ])
  const base = (name: string, i: number) => ({
    name: both(name, name),
    description: both(`Descripción ${i}`, `Description ${i}`),
    detail: both(`<p>Detalle ${i}</p>`, `<p>Detail ${i}</p>`),
  })
  const [racket, shirt, pass] = await shop.createProducts([
    {
      ...base('Test Racket', 1),
      productTypeId: gear!,
      grossPriceCents: 9995,
      taxPercent: 21,
      stock: 2,
      transportRequired: true,
    },
    {
      ...base('Test Shirt', 2),
      productTypeId: gear!,
      grossPriceCents: 2500,
      taxPercent: 21,
      transportRequired: true,
      variants: [
        { group: both('Talla', 'Size'), name: 'M', stock: 3 },
        { group: both('Talla', 'Size'), name: 'L', stock: 0 },
      ],
    },
    { ...base('Class Pass', 3), productTypeId: passes!, grossPriceCents: 5000, taxPercent: 10 },
  ])
  const product = (await shop.findProduct(shirt!, 'en-US'))!
  const [courier, pickup] = await checkout.createTransports([
    { name: both('Mensajería', 'Courier'), deliveryTime: both('2 días', '2 days'), priceCents: 495 },
    { name: both('Recogida', 'Pickup'), deliveryTime: both('Mañana', 'Tomorrow'), priceCents: 0 },
  ])
  const from = new Date('2020-01-01T00:00:00Z')
  const to = new Date('2099-01-01T00:00:00Z')
  const promo = (code: string, more: Record<string, unknown>) => ({
    code,
    description: both(code, code),
    discountType: DiscountType.Percent,
    value: 10,
    validFrom: from,
    validTo: to,
    ...more,
  })
  await checkout.createPromos([
    promo('VERANO10', {}),
    promo('CLUB5', { discountType: DiscountType.Money, value: 500, maxUsesPerCustomer: 1 }),
    promo('INVIERNO25', { value: 25, validTo: new Date('2021-01-01T00:00:00Z') }),
    promo('BIENVENIDA', { maxUses: 3, usesCount: 3 }),
    promo('GRATIS100', { value: 100, coversShipping: true }),
    promo('PASSES20', { value: 20, scope: 'product_types', productTypeIds: [passes!] }),
    promo('ONELEFT', { discountType: DiscountType.Money, value: 100, maxUses: 1 }),
  ])
  return {
    racket: racket!,
    shirt: shirt!,
    shirtM: product.variants[0]!.id,
    shirtL: product.variants[1]!.id,
    pass: pass!,
    courier: courier!,
    pickup: pickup!,
  }
}
export type CheckoutShop = Awaited<ReturnType<typeof createCheckoutShop>>

/** A money voucher (cents) with a balance, for a customer. */
export async function moneyVoucher(
  { vouchers }: Pick<Services, 'vouchers'>,
  customerId: number,
  cents: number,
) {
  const id = await vouchers.createVoucher({
    customerId,
    kind: VoucherKind.Money,
    description: both('Monedero', 'Wallet'),
  })
  await vouchers.moveBalance(id, cents, both('Recarga', 'Top-up'))
  return id
}

/** A checkout body: the customer's details filled in, conditions accepted. */
export function checkoutBody(
  customerId: number,
  more: Record<string, unknown> & { customer?: Record<string, unknown> } = {},
) {
  const { customer, ...rest } = more
  return {
    customerId,
    saleItems: [],
    saleIds: [],
    guid: `cart-${Math.random().toString(36).slice(2, 12)}`,
    paymentMethodId: null,
    ...rest,
    customer: {
      id: customerId,
      name: 'Ana',
      surname: 'García',
      addressLine1: 'Calle Mayor 1',
      city: 'Madrid',
      town: 'Madrid',
      country: 'España',
      postalCode: '28013',
      email: 'ana.guest@example.com',
      phone: '600000000',
      password: 'Correct-Horse-42',
      password2: 'Correct-Horse-42',
      acceptConditions: true,
      ...customer,
    },
  }
}

/** A guest's checkout body: no customer yet, their own email. */
export function guestCheckoutBody(email: string, more: Record<string, unknown> = {}) {
  return checkoutBody(0, { ...more, customer: { id: 0, email } })
}
