import { describe, expect, it } from 'vitest'
import {
  CustomFieldType,
  DateKind,
  DateSort,
  DiscountType,
  DurationUnit,
  EditInputType,
  FormIdentifier,
  Gender,
  Locale,
  LocaleSchema,
  PaymentMethodId,
  PaymentMethodIdSchema,
  ProductSort,
  ProductSortSchema,
  RENDERED_INPUT_TYPES,
  SaleItemKind,
  StockChange,
  TextBlockType,
} from './index.ts'

describe('enumerations', () => {
  it('offer the two languages of the site', () => {
    expect(Locale).toEqual(['en-US', 'es-ES'])
    expect(LocaleSchema.safeParse('fr-FR').success).toBe(false)
  })

  it('number the shop and blog sorts as the spec does', () => {
    expect(ProductSort).toEqual({ ByNew: 1, ByPriceAsc: 2, ByPriceDesc: 3 })
    expect(DateSort).toEqual({ ByNew: 1, ByOld: 2 })
    expect(ProductSortSchema.safeParse(4).success).toBe(false)
  })

  it('name the content kinds, custom field types and genders of the spec', () => {
    expect(Object.keys(TextBlockType)).toEqual(['Posts', 'Testimonials', 'Teams'])
    expect(Object.keys(CustomFieldType)).toEqual(['Text', 'Bool', 'PickList'])
    expect(Gender).toEqual({ Male: 0, Female: 1 })
  })

  it('number the payment methods as the spec does', () => {
    expect(PaymentMethodId).toEqual({
      BankCardRedirect: 1,
      MoneyVoucher: 6,
      SessionsVoucher: 7,
      HoursVoucher: 8,
      Wallet: 9,
      CardTokenizer: 10,
      CardPaymentIntent: 14,
      CardAuthorize: 15,
    })
    expect(PaymentMethodIdSchema.safeParse(2).success).toBe(false)
  })

  it('number duration units from minutes to years', () => {
    expect(DurationUnit).toEqual({ Minutes: 0, Hours: 1, Days: 2, Weeks: 3, Months: 4, Years: 5 })
    expect(Object.keys(DateKind)).toEqual(['DateTime', 'Date', 'Time'])
  })

  it('number the 22 edit input types 0 to 21 and render only ten of them', () => {
    expect(EditInputType).toEqual({
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
    })
    expect([...RENDERED_INPUT_TYPES].sort((a, b) => a - b)).toEqual([2, 3, 4, 6, 8, 9, 10, 12, 14, 15])
  })

  it('name sale item kinds, discount types, stock changes and form identifiers', () => {
    expect(Object.keys(SaleItemKind)).toEqual(['Service', 'Article', 'PeriodicSale', 'VoucherCampaign'])
    expect(Object.keys(DiscountType)).toEqual(['Money', 'Percent'])
    expect(Object.keys(StockChange)).toEqual(['Increment', 'Decrement', 'Exact'])
    expect(FormIdentifier).toEqual({ CustomRegisterForm: 'CustomRegisterForm', Activity: 'Activity' })
  })
})
