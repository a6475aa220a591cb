import { z } from 'zod'
import { defineRoute, okData } from './http.ts'
import { LocaleSchema } from './enums.ts'

/** A colour as the settings store it: `#rgb` or `#rrggbb`. */
const Colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Use a colour like #1a7f5a')
const Url = z.string().max(2048)

/**
 * The centre's main settings (spec 1 §1 and §3). Localised texts (description, open hours,
 * follow-us text, gallery heading) are answered in the request's language.
 */
export const MainSettings = z.object({
  name: z.string(),
  description: z.string(),
  phone: z.string(),
  email: z.string(),
  openHours: z.string(),
  address: z.string(),
  facebook: Url,
  instagram: Url,
  twitter: Url,
  buttonColor: Colour,
  footerColor: Colour,
  fontFamily: z.string(),
  /** Heading of the home gallery section. */
  gallery: z.string(),
  followUsDescription: z.string(),
  /** ISO 4217 code; money is shown with currencySymbol after the number. */
  currency: z.string().length(3),
  currencySymbol: z.string(),
  decimalSeparator: z.enum([',', '.']),
  /** IANA zone that decides what "Monday 09:00" means. */
  timeZone: z.string(),
  culture: LocaleSchema,
  mainlogo: Url,
  /** date-fns pattern such as `dd/MM/yyyy`. */
  dateFormat: z.string(),
  /** Base path of uploaded images. */
  uploads: z.string(),
  registerOn: z.boolean(),
  /**
   * Registration through the centre's own form (the dynamic form `CustomRegisterForm`, decision
   * 064) instead of the fixed one, when that form exists. Off in settings stored before it existed.
   */
  customRegisterForm: z.boolean().default(false),
  headerImage: Url,
  hasShop: z.boolean(),
  /**
   * How many unpaid holds (a court's time, a place in a session, a sign-up to an activity, all kinds
   * together) one customer may keep running at once online (decision 074). 2 in settings stored
   * before it existed.
   */
  holdsPerCustomer: z.number().int().min(0).max(1000).default(2),
  /**
   * How many free bookings (courts and places at price 0, free sign-ups) one customer may have on one
   * day of the centre online (decision 074). 2 in settings stored before it existed.
   */
  freeBookingsPerDay: z.number().int().min(0).max(1000).default(2),
})
export type MainSettings = z.infer<typeof MainSettings>

const nullableNumber = z.number().nullable()

/**
 * Home template: the trending block's main image, the "Us in numbers" counters and the hero slider.
 * The 2nd to 4th counters are optional; a counter shows only when its number is not null.
 */
export const HomeTemplate = z.object({
  mainTrandingProductImage: z.string(),
  /**
   * The caption over the trending block's main image, also the name of its link to the shop;
   * empty: the site's own words. Not in the spec (decision 052).
   */
  mainTrandingProductText: z.string().default(''),
  number1: nullableNumber,
  number2: nullableNumber,
  number3: nullableNumber,
  number4: nullableNumber,
  textNumbers1: z.string(),
  textNumbers2: z.string(),
  textNumbers3: z.string(),
  textNumbers4: z.string(),
  image1: z.string(),
  image2: z.string(),
  image3: z.string(),
  textColor1: z.string(),
  textColor2: z.string(),
  textColor3: z.string(),
  textSlideInLeft1: z.string(),
  textSlideInLeft2: z.string(),
  textSlideInLeft3: z.string(),
  textSlideInUp1: z.string(),
  textSlideInUp2: z.string(),
  textSlideInUp3: z.string(),
  textSmall1: z.string(),
  textSmall2: z.string(),
  textSmall3: z.string(),
  textButton1: z.string(),
  textButton2: z.string(),
  textButton3: z.string(),
  urlButton1: z.string(),
  urlButton2: z.string(),
  urlButton3: z.string(),
})
export type HomeTemplate = z.infer<typeof HomeTemplate>

/** The four legal texts, sanitised HTML. */
export const LegalSettings = z.object({
  generalConditions: z.string(),
  wayver: z.string(),
  privacyPolicyFull: z.string(),
  cookiesPolicy: z.string(),
})
export type LegalSettings = z.infer<typeof LegalSettings>
export const LEGAL_KEYS = ['generalConditions', 'wayver', 'privacyPolicyFull', 'cookiesPolicy'] as const
export type LegalKey = (typeof LEGAL_KEYS)[number]

export const contentRoutes = {
  mainSettings: defineRoute({
    method: 'GET',
    path: '/api/czconfigs/main-settings',
    summary: "The centre's main settings",
    tags: ['content'],
    response: okData(MainSettings),
  }),
  template: defineRoute({
    method: 'GET',
    path: '/api/czconfigs/template',
    summary: 'Home template: trending image, counters, hero slider',
    tags: ['content'],
    response: okData(HomeTemplate),
  }),
  legalSettings: defineRoute({
    method: 'GET',
    path: '/api/czconfigs/legal-settings',
    summary: 'The four legal texts',
    tags: ['content'],
    response: okData(LegalSettings),
  }),
}

/** What the server inlines in index.html so the first paint needs no API round trip. */
export const BootData = z.object({
  version: z.string(),
  language: LocaleSchema,
  settings: MainSettings,
  /** The site keeps its mail readable at /demo-mailbox (no SMTP configured; decision 025). */
  demoMailbox: z.boolean().optional(),
})
export type BootData = z.infer<typeof BootData>
