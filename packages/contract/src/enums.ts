import { z } from 'zod'
import { Locale } from './constants.ts'

/**
 * The spec's enumerations, each once: a frozen name → value map and the zod schema of its values.
 * Status columns in the database and selects in the web app reuse these, so each set of values has
 * one source.
 */

export const LocaleSchema = z.enum(Locale)

/** Shop list order. */
export const ProductSort = { ByNew: 1, ByPriceAsc: 2, ByPriceDesc: 3 } as const
export const ProductSortSchema = z.enum(ProductSort)
export type ProductSort = z.infer<typeof ProductSortSchema>

/** Blog list order. */
export const DateSort = { ByNew: 1, ByOld: 2 } as const
export const DateSortSchema = z.enum(DateSort)
export type DateSort = z.infer<typeof DateSortSchema>

/** Kind of text block: a blog post, a testimonial or a team member. */
export const TextBlockType = { Posts: 0, Testimonials: 1, Teams: 2 } as const
export const TextBlockTypeSchema = z.enum(TextBlockType)
export type TextBlockType = z.infer<typeof TextBlockTypeSchema>

/** Type of a customer's custom profile field. */
export const CustomFieldType = { Text: 0, Bool: 1, PickList: 2 } as const
export const CustomFieldTypeSchema = z.enum(CustomFieldType)
export type CustomFieldType = z.infer<typeof CustomFieldTypeSchema>

/** Customer gender as the spec stores it. */
export const Gender = { Male: 0, Female: 1 } as const
export const GenderSchema = z.enum(Gender)
export type Gender = z.infer<typeof GenderSchema>

/**
 * Payment method ids. 1 Redsys card redirect, 9 PayPal wallet, 10 NetPay card tokenizer,
 * 14 Stripe payment intent, 15 card authorize-then-capture; 6, 7, 8 pay from a voucher balance.
 */
export const PaymentMethodId = {
  BankCardRedirect: 1,
  MoneyVoucher: 6,
  SessionsVoucher: 7,
  HoursVoucher: 8,
  Wallet: 9,
  CardTokenizer: 10,
  CardPaymentIntent: 14,
  CardAuthorize: 15,
} as const
export const PaymentMethodIdSchema = z.enum(PaymentMethodId)
export type PaymentMethodId = z.infer<typeof PaymentMethodIdSchema>

/** Unit of a duration (bookings, voucher validity, periodic sales). */
export const DurationUnit = { Minutes: 0, Hours: 1, Days: 2, Weeks: 3, Months: 4, Years: 5 } as const
export const DurationUnitSchema = z.enum(DurationUnit)
export type DurationUnit = z.infer<typeof DurationUnitSchema>

/** What a date picker edits. */
export const DateKind = { DateTime: 'DateTime', Date: 'Date', Time: 'Time' } as const
export const DateKindSchema = z.enum(DateKind)
export type DateKind = z.infer<typeof DateKindSchema>

/** Input type of a dynamic form field, by number. */
export const EditInputType = {
  Label: 0,
  Href: 1,
  Text: 2,
  Date: 3,
  CheckBox: 4,
  Image: 5,
  Picklist: 6,
  PickListLabel: 7,
  Lookup: 8,
  TextArea: 9,
  Password: 10,
  LabelPassword: 11,
  Email: 12,
  Currency: 13,
  FileLoader: 14,
  ImageLoader: 15,
  Hidden: 16,
  Html: 17,
  HtmlText: 18,
  HourPicker: 19,
  ColorPicker: 20,
  ColorLabel: 21,
} as const
export const EditInputTypeSchema = z.enum(EditInputType)
export type EditInputType = z.infer<typeof EditInputTypeSchema>
/** The only input types a dynamic form renders as inputs; the rest are not shown. */
export const RENDERED_INPUT_TYPES: readonly EditInputType[] = [
  EditInputType.Text,
  EditInputType.Email,
  EditInputType.Password,
  EditInputType.CheckBox,
  EditInputType.TextArea,
  EditInputType.Lookup,
  EditInputType.Picklist,
  EditInputType.Date,
  EditInputType.FileLoader,
  EditInputType.ImageLoader,
]

/** What a sale item sells. */
export const SaleItemKind = { Service: 0, Article: 1, PeriodicSale: 2, VoucherCampaign: 3 } as const
export const SaleItemKindSchema = z.enum(SaleItemKind)
export type SaleItemKind = z.infer<typeof SaleItemKindSchema>

/** How a promo discounts: a fixed amount or a percentage. */
export const DiscountType = { Money: 0, Percent: 1 } as const
export const DiscountTypeSchema = z.enum(DiscountType)
export type DiscountType = z.infer<typeof DiscountTypeSchema>

/** How a stock movement changes the units in stock. */
export const StockChange = { Increment: 0, Decrement: 1, Exact: 2 } as const
export const StockChangeSchema = z.enum(StockChange)
export type StockChange = z.infer<typeof StockChangeSchema>

/** Which dynamic form a definition belongs to. */
export const FormIdentifier = { CustomRegisterForm: 'CustomRegisterForm', Activity: 'Activity' } as const
export const FormIdentifierSchema = z.enum(FormIdentifier)
export type FormIdentifier = z.infer<typeof FormIdentifierSchema>
