import { z } from 'zod'
import { CustomerId, Email, MAX_NAME_LENGTH, NewPassword } from './customers.ts'
import { CartSaleModel } from './bookings.ts'
import { CheckoutErrorCode, PaymentErrorCode, CustomerErrorCode, SaleErrorCode } from './error-codes.ts'
import { DiscountTypeSchema, PaymentMethodIdSchema } from './enums.ts'
import { IdSchema, oneLineString, safeString } from './fields.ts'
import { defineRoute, envelope, okData } from './http.ts'
import { PUBLICITY_CONSENT_DEFAULT } from './constants.ts'

/**
 * The cart's way to an order (spec 2 §2 Pending sales, Cart, Checkout, Payment returns; §3, §4, §5,
 * §7): the stock check, the customer's pending sales, what a checkout offers (payment methods,
 * transports, vouchers, the customer's details), promo codes, and the checkout itself, for a guest
 * and for a customer.
 *
 * The client sends what it wants (products, variants, units, the sales it pays), never what it costs:
 * every price, tax, discount, shipping and total is worked out on the server from the database, and
 * any amount a client puts in a request is ignored (the schemas below strip unknown members).
 * Money in answers is in euros with cents, as the rest of the API answers it.
 */

/** Units of one cart line (spec 2 §9). */
export const MIN_CART_UNITS = 1
export const MAX_CART_UNITS = 1000
/** Lines a cart may send at once; sales a checkout may pay at once. */
export const MAX_CART_LINES = 100
export const MAX_CART_SALES = 50
/** Longest promo code and cart guid accepted. */
export const MAX_PROMO_CODE_LENGTH = 40
export const MAX_GUID_LENGTH = 64

const ProductId = IdSchema({
  min: 1,
  invalid: 'The product id is a whole number from 1.',
  tooLarge: 'The product id is too large.',
})
const VariantId = IdSchema({
  min: 1,
  invalid: 'The size or colour id is a whole number from 1.',
  tooLarge: 'The size or colour id is too large.',
})
const SaleId = IdSchema({
  min: 1,
  invalid: 'The sale id is a whole number from 1.',
  tooLarge: 'The sale id is too large.',
})
const AnyId = IdSchema({
  min: 1,
  invalid: 'The id is a whole number from 1.',
  tooLarge: 'The id is too large.',
})

/** Units of a cart line: a whole number from 1 to 1000 (0, -1, 2.5 and 1001 are refused). */
export const CartUnits = z
  .number({ error: 'The units are a whole number from 1 to 1000.' })
  .int('The units are a whole number from 1 to 1000.')
  .min(MIN_CART_UNITS, 'The units are a whole number from 1 to 1000.')
  .max(MAX_CART_UNITS, 'The units are a whole number from 1 to 1000.')

// ---------------------------------------------------------------------------------------------
// Variants (sizes, colours) of a product

/**
 * A size or colour of a product, with its own stock (spec 2 §3 sale item: stockParentId,
 * stockParentName, stockDetail). A product with variants cannot be put in the cart without one.
 */
export const ProductVariant = z.object({
  id: z.number().int(),
  /** What the choice is of, in the request's language: "Size", "Colour". */
  group: z.string(),
  /** The choice itself: "M", "42", "Blue". */
  name: z.string(),
  /** Units in stock; null when the centre does not count them. */
  stock: z.number().int().nullable(),
  /** False when stock is counted and none is left. */
  hasStock: z.boolean(),
})
export type ProductVariant = z.infer<typeof ProductVariant>

// ---------------------------------------------------------------------------------------------
// What the cart sends

/**
 * One product line as the cart sends it (the spec's sale item / saleItemsDto). Prices and totals a
 * client adds (`subTotal`, `totalWithDiscount`, `product.grossPrice`) are dropped unread.
 */
export const SaleItemInput = z.object({
  productId: ProductId,
  units: CartUnits,
  /** The chosen variant (size, colour): required for a product that has variants. */
  stockParentId: VariantId.nullish().transform((v) => v ?? null),
  /** Echoed by the spec's client for display; the server reads the variant by id. */
  stockParentName: safeString().max(200).nullish(),
  stockDetail: safeString().max(200).nullish(),
  temp: z.boolean().optional(),
})
export type SaleItemInput = z.input<typeof SaleItemInput>

const SaleItems = z.array(SaleItemInput).max(MAX_CART_LINES, `At most ${MAX_CART_LINES} lines at once.`)
const SaleIds = z
  .array(SaleId)
  .max(MAX_CART_SALES, `At most ${MAX_CART_SALES} sales at once.`)
  .transform((ids) => [...new Set(ids)])

export const CheckStockBody = z.object({
  customerId: CustomerId,
  saleItemsDto: SaleItems.min(1, 'Nothing to check.'),
})
export type CheckStockBody = z.input<typeof CheckStockBody>

/** What a checkout is about: the products and the sales of the cart. */
export const CartContentBody = z.object({
  customerId: CustomerId,
  saleItems: SaleItems.default([]),
  saleIds: SaleIds.default([]),
})
export type CartContentBody = z.input<typeof CartContentBody>

export const PromoCode = safeString()
  .trim()
  .max(MAX_PROMO_CODE_LENGTH, `At most ${MAX_PROMO_CODE_LENGTH} characters`)
  .transform((code) => code.toUpperCase())

export const PromoValidateBody = CartContentBody.extend({
  code: PromoCode.refine((code) => code.length > 0, 'Type a code first.'),
  /**
   * The transport chosen, when there is one: a code that also covers shipping (a 100% code) then
   * answers the discount the checkout will take with it.
   */
  shopTransportId: AnyId.nullish().transform((v) => v ?? null),
})
export type PromoValidateBody = z.input<typeof PromoValidateBody>

// ---------------------------------------------------------------------------------------------
// Pending sales

/** A sale the customer still owes (spec 2 §3 pending sale): a booking held, a debt from the desk. */
export const PendingSale = CartSaleModel.extend({
  /** Euros the whole sale comes to. */
  total: z.number(),
  saleItems: z.array(z.object({ id: z.number().int(), parentIdentifier: z.string() })),
})
export type PendingSale = z.infer<typeof PendingSale>

// ---------------------------------------------------------------------------------------------
// Checkout info

export const PaymentMethod = z.object({
  id: PaymentMethodIdSchema,
  /** The saved card this method pays with; null when it is not a saved card. */
  tokenId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  /** 'card', 'wallet', 'voucher'. */
  type: z.enum(['card', 'wallet', 'voucher']),
  allowTokenization: z.boolean(),
  /** False while the centre has not opened this way of paying online (it is listed, not offered). */
  available: z.boolean(),
})
export type PaymentMethod = z.infer<typeof PaymentMethod>

export const Transport = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  /** In the request's language: "2 to 3 working days", "Collect at the desk". */
  deliveryTime: z.string(),
  /** What the transport costs, as the spec's transport carries it: its product's gross price. */
  product: z.object({ grossPrice: z.number() }),
})
export type Transport = z.infer<typeof Transport>

/** A voucher of the customer that can pay this checkout, and which sales of the cart it covers. */
export const VoucherOption = z.object({
  id: z.number().int(),
  voucher: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.number().int(),
    /** As the voucher page shows it: money vouchers in euros, sessions a count, hours in hours. */
    balance: z.number(),
  }),
  /** 6 money, 7 sessions, 8 hours. */
  paymentMethodId: PaymentMethodIdSchema,
  /** The cart's sales (ids) this voucher may pay; a money voucher pays the whole cart. */
  saleIds: z.array(z.number().int()),
  /** Whether its balance covers what it would pay now. */
  enough: z.boolean(),
})
export type VoucherOption = z.infer<typeof VoucherOption>

/** One priced line of the cart, as the server reads it now. */
export const PricedLine = z.object({
  productId: z.number().int(),
  stockParentId: z.number().int().nullable(),
  /** The product's name, with the variant's ("T-shirt (Size M)"). */
  name: z.string(),
  logo: z.string(),
  units: z.number().int(),
  unitPrice: z.number(),
  total: z.number(),
  taxPercent: z.number(),
  transportRequired: z.boolean(),
  /** Units in stock now; null when not counted. */
  stock: z.number().int().nullable(),
})
export type PricedLine = z.infer<typeof PricedLine>

export const CheckoutInfo = z.object({
  paymentMethods: z.array(PaymentMethod),
  transports: z.array(Transport),
  vouchers: z.array(VoucherOption),
  /** The cart priced now: products with their current prices, and the sales still pending. */
  lines: z.array(PricedLine),
  sales: z.array(CartSaleModel),
  subtotal: z.number(),
  /** Already paid of the cart's sales (shown when above 0). */
  paid: z.number(),
  /** Whether a line needs transport: then the delivery address and a transport are required. */
  transportRequired: z.boolean(),
  /** The customer's details (empty for a guest). */
  name: z.string(),
  surname: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  town: z.string(),
  country: z.string(),
  postalCode: z.string(),
  email: z.string(),
  phone: z.string(),
  password: z.string(),
  password2: z.string(),
  okRss: z.boolean(),
  acceptConditions: z.boolean(),
  payPalId: z.string(),
  currency: z.string(),
  netPayPublicKey: z.string(),
  netPayProdMode: z.boolean(),
  /**
   * The providers' browser scripts where they are not the providers' own (sandbox mode: the local
   * fakes, clearly labelled), and whether the site takes test payments only.
   */
  paymentScripts: z
    .object({
      sandbox: z.boolean(),
      payPalSdkUrl: z.string().nullable(),
      stripeScriptUrl: z.string().nullable(),
      netPayScriptUrl: z.string(),
      cardScriptUrl: z.string().nullable(),
    })
    .default({
      sandbox: false,
      payPalSdkUrl: null,
      stripeScriptUrl: null,
      netPayScriptUrl: '',
      cardScriptUrl: null,
    }),
})
export type CheckoutInfo = z.infer<typeof CheckoutInfo>

// ---------------------------------------------------------------------------------------------
// Promo codes

export const PromoAnswer = envelope({
  errorMsg: z.string().nullable(),
  data: z.object({
    code: z.string(),
    type: DiscountTypeSchema,
    /** Euros off this cart, as the checkout will take them. */
    discount: z.number(),
  }),
})

// ---------------------------------------------------------------------------------------------
// Checkout

const text = (max: number) =>
  safeString()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '')

/**
 * The buyer as the checkout sends them. A guest gives every detail and a password (an account is
 * opened with them); a customer's details come from their account, and the delivery address is read
 * from here only when transport is required. Which fields are required is decided on the server
 * (spec 2 §5), which answers `errors` per field.
 */
export const CheckoutCustomer = z.object({
  id: CustomerId.default(0),
  name: text(MAX_NAME_LENGTH),
  surname: text(MAX_NAME_LENGTH),
  addressLine1: text(200),
  city: text(100),
  town: text(100),
  country: text(100),
  postalCode: text(20),
  email: text(254),
  phone: text(30),
  password: text(200),
  password2: text(200),
  okRss: z.boolean().default(PUBLICITY_CONSENT_DEFAULT),
  acceptConditions: z.boolean().default(false),
})
export type CheckoutCustomer = z.input<typeof CheckoutCustomer>

/** Guest checkout: the details the server requires of a guest, checked as registration checks them. */
export const GuestDetails = z.object({
  name: oneLineString().min(1, 'Field required').max(MAX_NAME_LENGTH),
  surname: oneLineString().min(1, 'Field required').max(MAX_NAME_LENGTH),
  email: Email,
  password: NewPassword,
})

export const CheckoutBody = CartContentBody.extend({
  paymentMethodId: PaymentMethodIdSchema.nullish().transform((v) => v ?? null),
  /** A saved card to pay with. */
  tokenId: AnyId.nullish().transform((v) => v ?? null),
  /** The voucher paying (payment methods 6, 7, 8). */
  voucherId: AnyId.nullish().transform((v) => v ?? null),
  promoCode: PromoCode.nullish().transform((v) => v || null),
  shopTransportId: AnyId.nullish().transform((v) => v ?? null),
  saveCreditCard: z.boolean().optional(),
  /** The cart's id: the same guid sent again answers the order it made, and makes no other. */
  guid: safeString()
    .trim()
    .min(8, 'The cart id is missing.')
    .max(MAX_GUID_LENGTH, 'The cart id is not valid.')
    .regex(/^[A-Za-z0-9-]+$/, 'The cart id is not valid.'),
  /** Card details travel to the card provider, never through this API; accepted and ignored. */
  tpvOnlineInfoTemp: z.unknown().optional(),
  tpvOnlineNotPersitedInfo: z.unknown().optional(),
  customer: CheckoutCustomer,
})
export type CheckoutBody = z.input<typeof CheckoutBody>

export const CheckoutModel = z.object({
  errorMsg: z.string().nullable(),
  /** The order made; null until one exists. */
  saleId: z.number().int().nullable(),
  /** The order number shown to the customer ("W-2026-01042"). */
  saleNumber: z.string().nullable(),
  /** Euros the order came to. */
  total: z.number(),
  /** True when nothing is left to pay (a total of 0, a voucher): the client goes to /cz/ok. */
  completed: z.boolean(),
  /** The customer the order belongs to (a guest's new account). */
  customerId: z.number().int(),
  /** Provider hand-offs, for the payments to come; null until then. */
  redsysData: z
    .object({
      url: z.string(),
      data: z.object({
        ds_SignatureVersion: z.string(),
        ds_MerchantParameters: z.string(),
        ds_Signature: z.string(),
      }),
    })
    .nullable(),
  /** PayPal: the provider's order id its button approves. */
  paypal: z.unknown(),
  /** Stripe: the PaymentIntent's client secret, for the Payment Element. */
  stripe: z.unknown(),
  /** Stripe: the publishable key. */
  publicKey: z.string().nullable(),
  /** Where the browser goes next (a 3-D Secure page), when the provider says. */
  redirectUrl: z.string().nullable().default(null),
  /** Our reference of the payment attempt, which the return pages ask after. */
  paymentReference: z.string().nullable().default(null),
})
export type CheckoutModel = z.infer<typeof CheckoutModel>

export const CheckoutAnswer = envelope({ model: CheckoutModel })

// ---------------------------------------------------------------------------------------------
// Routes

const checkoutErrors = [
  ...Object.values(CheckoutErrorCode),
  PaymentErrorCode.paymentDeclined,
  PaymentErrorCode.providerUnavailable,
  PaymentErrorCode.cardNotFound,
  SaleErrorCode.unknownProduct,
  SaleErrorCode.saleNotPayable,
  SaleErrorCode.saleOverpaid,
  SaleErrorCode.voucherInsufficient,
]

export const checkoutRoutes = {
  checkStock: defineRoute({
    method: 'POST',
    path: '/api/publicpayments/check-stock',
    summary: 'Whether the units asked of each product (and size or colour) are in stock',
    tags: ['checkout'],
    body: CheckStockBody,
    response: envelope({}),
    auth: 'customer',
    owner: { from: 'body', key: 'customerId', zeroMeansNone: true },
    errors: [CheckoutErrorCode.outOfStock, CheckoutErrorCode.variantRequired, SaleErrorCode.unknownProduct],
  }),
  pendingSales: defineRoute({
    method: 'POST',
    path: '/api/shop/pending-sales/:customerId',
    summary: 'The sales the customer still owes: held bookings, sign-ups, debts from the desk',
    tags: ['checkout'],
    params: z.object({ customerId: CustomerId }),
    response: okData(z.array(PendingSale)),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
  checkoutInfo: defineRoute({
    method: 'POST',
    path: '/api/shop/checkout-info',
    summary: 'What a guest checkout offers: payment methods, transports and the cart priced now',
    tags: ['checkout'],
    body: CartContentBody,
    response: okData(CheckoutInfo),
    auth: 'optional',
    errors: checkoutErrors,
  }),
  checkoutInfoByCustomer: defineRoute({
    method: 'POST',
    path: '/api/shop/checkout-info-by-customer',
    summary: "What a customer's checkout offers: payment methods, transports, their vouchers and details",
    tags: ['checkout'],
    body: CartContentBody,
    response: okData(CheckoutInfo),
    auth: 'customer',
    owner: { from: 'body', key: 'customerId' },
    errors: checkoutErrors,
  }),
  promoValidate: defineRoute({
    method: 'POST',
    path: '/api/promos/validate',
    summary: 'Whether a promo code applies to this cart, and the discount it gives',
    tags: ['checkout'],
    body: PromoValidateBody,
    response: PromoAnswer,
    auth: 'customer',
    owner: { from: 'body', key: 'customerId', zeroMeansNone: true },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    errors: checkoutErrors,
  }),
  checkout: defineRoute({
    method: 'POST',
    path: '/api/shop/checkout',
    summary: 'A guest checkout: opens their account and makes the order, paid or handed to the payment',
    tags: ['checkout'],
    body: CheckoutBody,
    response: CheckoutAnswer,
    auth: 'optional',
    rateLimit: { max: 20, timeWindow: '1 minute' },
    errors: [...checkoutErrors, CustomerErrorCode.loginRequired, CustomerErrorCode.registrationClosed],
    errorStatuses: { validation: 422 },
  }),
  checkoutCustomer: defineRoute({
    method: 'POST',
    path: '/api/shop/checkout-customer',
    summary:
      "A customer's checkout: the order made and paid (a voucher, a total of 0) or handed to the payment",
    tags: ['checkout'],
    body: CheckoutBody,
    response: CheckoutAnswer,
    auth: 'customer',
    owner: { from: 'body', key: 'customer.id' },
    rateLimit: { max: 60, timeWindow: '1 minute' },
    errors: checkoutErrors,
    errorStatuses: { validation: 422 },
  }),
}

/**
 * The cancellation of one sale of the cart, posted to the cancel path the sale carries (spec 2 §8).
 * Each kind of sale answers its own cancellation (a booking's lists refunds): only `ok` is read.
 */
export const saleCancelRoute = (cancelPath: string) =>
  defineRoute({
    method: 'POST',
    path: `/api/${cancelPath}`,
    summary: 'Cancels a sale of the cart',
    tags: ['cart'],
    response: z.looseObject({ ok: z.literal(true) }),
  })
