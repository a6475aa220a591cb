import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import {
  CustomFieldType,
  DiscountType,
  EditInputType,
  FormIdentifier,
  FormIdentifierSchema,
  Gender,
  isValidIban,
  Locale,
  MapConfig,
  PaymentMethodId,
  REGISTER_FORM_ACCOUNT_FIELDS,
  SaleItemKind,
  STAFF_MIN_PASSWORD_LENGTH,
  StaffRole,
  VoucherKind,
} from '@clubhouse/contract/server'
import {
  StoredHomeTemplate,
  StoredLegalSettings,
  StoredMainSettings,
} from '../../features/content/content.schemas.ts'
import { Localised } from '../../lib/localised.ts'
import { pickListMismatch, storedOption } from '../../features/customers/pick-lists.ts'

/**
 * The demo centre as data: the JSON files in ./data, each checked against its schema here when it
 * is read, so a wrong file stops the seed with its name and the field at fault instead of putting
 * half a centre in. Club Mistral Pádel & Fitness, a padel and fitness club in València: settings
 * and legal texts, the shop, the blog, the home page, and the demo customers (decision 018) with
 * their history. Deterministic: fixed keys, amounts and instants (UTC, ISO 8601).
 *
 * HTML texts may be written as a list of lines (one block element a line, so a diff shows the
 * paragraph that changed); they are joined with line breaks when read.
 */

export const DEMO_DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data')

// ---------------------------------------------------------------------------------------------
// The illustrations ./demo-images.ts knows how to draw, by kind.

export const PRODUCT_ARTS = [
  'racket',
  'ball-tube',
  'balls',
  'shirt',
  'tank',
  'jacket',
  'shorts',
  'skirt',
  'shoes',
  'socks',
  'cap',
  'bag',
  'backpack',
  'grip',
  'bottle',
  'towel',
  'wristband',
  'energy-bar',
  'drink-can',
  'pass',
  'voucher',
] as const
export const POST_ARTS = [
  'court',
  'trophy',
  'dumbbell',
  'nutrition',
  'academy',
  'calendar',
  'stretching',
  'technique',
] as const
/** Head-and-shoulders portraits; the kind sets the hair style, the file name the skin and hair colours. */
export const PERSON_ARTS = [
  'person-short',
  'person-long',
  'person-curly',
  'person-bun',
  'person-beard',
  'person-ponytail',
] as const
export const SCENE_ARTS = [
  'scene-courts',
  'scene-night',
  'scene-gym',
  'scene-studio',
  'scene-lounge',
  'scene-podium',
  'scene-kids',
  'scene-shop',
] as const
export const SPONSOR_ARTS = [
  'mark-wave',
  'mark-peak',
  'mark-leaf',
  'mark-bolt',
  'mark-orbit',
  'mark-wing',
] as const

export type ProductArt = (typeof PRODUCT_ARTS)[number]
export type PostArt = (typeof POST_ARTS)[number]
export type PersonArt = (typeof PERSON_ARTS)[number]
export type SceneArt = (typeof SCENE_ARTS)[number]
export type SponsorArt = (typeof SPONSOR_ARTS)[number]
export type DemoArt = ProductArt | PostArt | PersonArt | SceneArt | SponsorArt

// ---------------------------------------------------------------------------------------------
// Pieces

/** A key of an item, unique in its file: lower case, digits and dashes. */
const Key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A key is lower case letters, digits and dashes.')
/** An instant in UTC, written in full: 2025-09-15T09:10:00.000Z. */
const Instant = z.iso.datetime({ precision: 3 })
const Cents = z.number().int().nonnegative()
const Hex = z.string().regex(/^#[0-9a-f]{6}$/, 'A colour is #rrggbb in lower case.')

/** An HTML text: one string, or its lines (joined with line breaks). */
const Html = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v.join('\n') : v))
const LocalisedHtml = z.strictObject({ 'es-ES': Html, 'en-US': Html })
const Text = Localised.strict()

/** A value of one of the contract's enumerations, written by its name ("CardAuthorize"). */
function named<T extends Record<string, number>>(values: T) {
  const names = Object.keys(values) as [keyof T & string, ...Array<keyof T & string>]
  return z.enum(names).transform((name) => values[name] as T[keyof T])
}

function imageOf<K extends readonly [string, ...string[]]>(kinds: K, folder: string) {
  return z.strictObject({
    kind: z.enum(kinds),
    /** Main colour of the illustration. */
    hue: Hex,
    /** Path under the uploads folder. */
    file: z
      .string()
      .regex(
        new RegExp(`^demo/${folder}/[a-z0-9-]+\\.svg$`),
        `An image file is demo/${folder}/<name>.svg under the uploads folder.`,
      ),
  })
}

/** A list in which no two items share a value of `fields` (their `key` unless told). */
function uniqueBy<T>(item: z.ZodType<T>, ...fields: Array<keyof T & string>) {
  const checked = fields.length ? fields : (['key'] as Array<keyof T & string>)
  return z.array(item).superRefine((items, ctx) => {
    for (const field of checked) {
      const seen = new Set<unknown>()
      items.forEach((it, i) => {
        const value = it[field]
        if (seen.has(value)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, field],
            message: `${JSON.stringify(value)} appears twice.`,
          })
        }
        seen.add(value)
      })
    }
  })
}

// ---------------------------------------------------------------------------------------------
// The files

const ProductImage = imageOf(PRODUCT_ARTS, 'products')

export const DemoProductType = z.strictObject({ key: Key, name: Text })

export const DemoProduct = z.strictObject({
  key: Key,
  /** One of the product types' keys. */
  typeKey: Key,
  name: Text,
  /** One plain sentence, at most 160 characters. */
  description: Text,
  /** HTML (p, ul/li, strong), 60–150 words. */
  detail: LocalisedHtml,
  /** Price with tax, integer cents. */
  grossPriceCents: Cents,
  taxPercent: z.number().int().min(0).max(100),
  /** Product image, 270x280. */
  image: ProductImage,
  /** Detail image, 530x480. */
  detailImage: ProductImage,
  /** null when the centre does not track stock. */
  stock: z.number().int().nonnegative().nullable(),
  created: Instant,
  /** The centre's own "popular" pick, the fallback when there are few sales. */
  isPopularFlag: z.boolean(),
  isTrendingFlag: z.boolean(),
  /** Sent to the buyer: the checkout asks for an address and a transport. */
  transportRequired: z.boolean(),
  /** Sizes or colours, each with its stock. */
  variants: z
    .array(
      z.strictObject({ group: Text, name: z.string().min(1).max(10), stock: z.number().int().nonnegative() }),
    )
    .optional(),
})

/** checkout.json: the transports and the promo codes (decision 055). */
export const DemoCheckout = z.strictObject({
  transports: uniqueBy(z.strictObject({ key: Key, name: Text, deliveryTime: Text, priceCents: Cents })),
  promos: uniqueBy(
    z.strictObject({
      code: z.string().regex(/^[A-Z0-9]+$/),
      description: Text,
      discountType: named(DiscountType),
      value: z.number().int().positive(),
      validFrom: Instant,
      validTo: Instant,
      maxUses: z.number().int().positive().nullable(),
      maxUsesPerCustomer: z.number().int().positive().nullable(),
      usesCount: z.number().int().nonnegative(),
      /** A percent code that also takes its percent off the shipping. */
      coversShipping: z.boolean().default(false),
    }),
    'code',
  ),
})

export const DemoPost = z.strictObject({
  key: Key,
  title: Text,
  /** Short HTML badge, e.g. '<strong>Torneos</strong>'. */
  smalText: Text,
  /** HTML body (h3, p, ul), 150–400 words. */
  text: LocalisedHtml,
  /** 770x430. */
  image: imageOf(POST_ARTS, 'posts'),
  author: z.string().min(1),
  created: Instant,
})

export const DemoTestimonial = z.strictObject({
  key: Key,
  name: z.string().min(1),
  title: Text,
  text: Text,
  /** Avatar, 160x160. */
  image: imageOf(PERSON_ARTS, 'people'),
  created: Instant,
})

export const DemoTeamMember = z.strictObject({
  key: Key,
  name: z.string().min(1),
  /** Role. */
  title: Text,
  /** Short bio. */
  text: Text,
  /** Portrait, 400x400. */
  image: imageOf(PERSON_ARTS, 'team'),
  created: Instant,
})

export const DemoBanner = z.strictObject({
  key: Key,
  title: Text,
  /** Plain text. */
  text: Text,
  /** 1200x500, or null for a text-only banner. */
  image: imageOf(SCENE_ARTS, 'banners').nullable(),
  url: z.string().startsWith('/'),
})

export const DemoGalleryItem = z.strictObject({
  key: Key,
  /** The caption under the picture. */
  title: Text,
  /** 800x600. */
  image: imageOf(SCENE_ARTS, 'gallery'),
})

export const DemoSponsor = z.strictObject({
  key: Key,
  /** The sponsor's name: shown under its logo, and the name of the link to its site. */
  name: Text,
  /** The sponsor's https address, used as the link target. */
  description: z.url({ protocol: /^https$/ }),
  /** Logo, 270x145. */
  image: imageOf(SPONSOR_ARTS, 'sponsors'),
})

export const DemoCustomField = z.strictObject({
  name: z.string().regex(/^[a-z_]+$/),
  label: Text,
  fieldType: named(CustomFieldType),
  /** A pick list's options, comma-separated, the same options in the same order in both languages. */
  pickListValues: Text,
})

/** A field of a demo form: its input type by name, a pick list's options, a lookup's list. */
export const DemoFormField = z
  .strictObject({
    name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
    label: Text,
    inputType: named(EditInputType),
    required: z.boolean().optional(),
    /** 1 or 2 in a two-column form; left out in one column. */
    column: z.union([z.literal(1), z.literal(2)]).optional(),
    options: uniqueBy(z.strictObject({ value: z.string().min(1), label: Text }), 'value').optional(),
    /** The one lookup list so far: the cities (decision 061). */
    lookup: z
      .strictObject({ controller: z.literal('Cities'), label: z.literal('Name'), id: z.literal('Id') })
      .optional(),
    defaultValue: z.string().optional(),
  })
  .superRefine((f, ctx) => {
    const picklist = f.inputType === EditInputType.Picklist
    const lookup = f.inputType === EditInputType.Lookup
    if (picklist !== (f.options !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Options go with a Picklist, and only there.',
      })
    if (lookup !== (f.lookup !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['lookup'],
        message: 'A lookup list goes with a Lookup, and only there.',
      })
  })

/** forms.json: the cities a lookup offers and the dynamic forms (decision 061). */
export const DemoForms = z.strictObject({
  cities: z
    .array(z.string().min(1))
    .refine((names) => new Set(names).size === names.length, 'A city appears twice.'),
  forms: z
    .array(
      z
        .strictObject({
          parentName: FormIdentifierSchema,
          parentId: z.number().int().positive(),
          legalChecks: z.boolean(),
          fields: uniqueBy(DemoFormField, 'name'),
        })
        // A registration form opens the account: it asks what the registration asks (decision 064).
        .refine(
          (form) =>
            form.parentName !== FormIdentifier.CustomRegisterForm ||
            (form.legalChecks &&
              REGISTER_FORM_ACCOUNT_FIELDS.every((name) => form.fields.some((f) => f.name === name))),
          {
            message: `A registration form has the legal checks and the fields ${REGISTER_FORM_ACCOUNT_FIELDS.join(', ')}.`,
            path: ['fields'],
          },
        ),
    )
    .refine(
      (forms) => new Set(forms.map((f) => `${f.parentName}/${f.parentId}`)).size === forms.length,
      'Two forms have the same parent.',
    ),
})
export type DemoForms = z.output<typeof DemoForms>

const ArticleLine = z.strictObject({
  /** A shop article by its product key: name, image and price are the product's. */
  product: Key,
  units: z.number().int().positive(),
})
const ServiceLine = z.strictObject({
  /** A service or a voucher campaign: no product to link to. */
  kind: named({
    Service: SaleItemKind.Service,
    PeriodicSale: SaleItemKind.PeriodicSale,
    VoucherCampaign: SaleItemKind.VoucherCampaign,
  }),
  name: Text,
  priceCents: Cents,
  units: z.number().int().positive(),
  /** Image file under uploads; none shows the centre's logo. */
  image: z.string().optional(),
})

export const DemoSale = z.strictObject({
  number: z.string().regex(/^[A-Z]-\d{4}-\d{5}$/),
  title: Text,
  status: z.enum(['paid', 'pending', 'cancelled']),
  online: z.boolean(),
  /** null: paid at the centre's desk (or not paid yet). */
  paymentMethod: named(PaymentMethodId).nullable(),
  at: Instant,
  shippingCents: Cents.optional(),
  discountCents: Cents.optional(),
  lines: z.array(z.union([ArticleLine, ServiceLine])).min(1),
})

export const DemoVoucher = z.strictObject({
  kind: named(VoucherKind),
  description: Text,
  active: z.boolean(),
  expires: Instant.nullable(),
  created: Instant,
  /**
   * Sessions and hours vouchers: what they pay (decision 069), booking types' keys in bookings.json
   * and, when only some lengths, their minutes. Left out: nothing online.
   */
  pays: z
    .strictObject({
      types: z.array(z.string().min(1)).min(1),
      minutes: z.array(z.number().int().positive()).min(1).optional(),
    })
    .optional(),
  /** Oldest first; amounts in the voucher's unit (cents, sessions, minutes); `sale` names the sale a spend paid. */
  movements: z.array(
    z.strictObject({
      at: Instant,
      amount: z.number().int(),
      concept: Text,
      sale: z.string().optional(),
    }),
  ),
})

export const DemoCard = z.strictObject({
  paymentMethod: named(PaymentMethodId),
  providerToken: z.string().min(1),
  last4: z.string().regex(/^\d{4}$/),
  brand: z.string().min(1),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000),
  created: Instant,
  deleted: Instant.optional(),
})

export const DemoCommunication = z.strictObject({
  channel: z.enum(['email', 'sms']),
  at: Instant,
  subject: z.string().optional(),
  /** HTML for an email, text for an SMS. */
  body: Html,
})

export const DemoCustomer = z.strictObject({
  key: Key,
  email: z.email(),
  /** In plain text: the README gives the demo customer's; hashed when seeded. */
  password: z.string().min(8),
  name: z.string().min(1),
  surname: z.string(),
  phone: z.string(),
  gender: named(Gender),
  birthDate: z.iso.date(),
  addressLine1: z.string(),
  postalCode: z.string(),
  city: z.string(),
  town: z.string(),
  country: z.string(),
  accountHolderName: z.string(),
  iban: z.string().refine(isValidIban, 'Not a valid IBAN.'),
  dni: z.string(),
  okRss: z.boolean(),
  language: z.enum(Locale),
  /** Custom field values by the field's name. */
  customValues: z.record(z.string(), z.string()),
  created: Instant,
  sales: uniqueBy(DemoSale, 'number'),
  vouchers: z.array(DemoVoucher),
  cards: z.array(DemoCard),
  communications: z.array(DemoCommunication),
})

/**
 * A staff account of the demo (staff.json): the desk's, whose password the README gives, so a
 * newcomer can open the staff pages. Seeded only with the demo, never in production unless
 * SEED_DEMO=true asks for it (decision 078).
 */
export const DemoStaffMember = z.strictObject({
  email: z.email(),
  /** In plain text, as the README gives it; hashed when seeded. */
  password: z.string().min(STAFF_MIN_PASSWORD_LENGTH),
  name: z.string(),
  role: z.enum(StaffRole),
})

// ---------------------------------------------------------------------------------------------
// Bookings (bookings.json): the club's courts, rooms and rackets, their timetables and prices, the
// staff's blocks and the customers' bookings. Days are counted from the day the seed runs (decision 049).

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:mm, 00:00 to 23:59.')
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
/** An opening range, `08:00-14:00` (`-24:00` for midnight). */
const OpeningRangeText = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'A range is HH:mm-HH:mm.')
  .transform((text) => ({ opensMinute: minutesOf(text.slice(0, 5)), closesMinute: minutesOf(text.slice(6)) }))
  .refine((r) => r.opensMinute < r.closesMinute, 'A range closes after it opens.')
const BookingImage = imageOf(SCENE_ARTS, 'bookings')
const Minutes = z
  .number()
  .int()
  .min(5)
  .max(24 * 60)

export const DemoResourceType = z.strictObject({ key: Key, name: Text })
export const DemoTimetable = z.strictObject({
  key: Key,
  /** Opening ranges per weekday; a day left out is closed. */
  days: z.partialRecord(z.enum(WEEKDAYS), z.array(OpeningRangeText)),
})
export const DemoResource = z.strictObject({
  key: Key,
  /** A resource type's key. */
  type: Key,
  name: Text,
  description: Text,
  image: BookingImage.optional(),
  /** Starts fall every this many minutes from opening. */
  slotMinutes: Minutes,
  /** A timetable's key. */
  timetable: Key,
})
export const DemoBookingType = z.strictObject({
  key: Key,
  /** Booked by place in scheduled sessions (sessions.json) rather than by resource and time. */
  byPlace: z.boolean().optional(),
  name: Text,
  category: Text,
  image: BookingImage,
  description: Text,
  extendedDescription: LocalisedHtml,
  showInMainPage: z.boolean(),
  anticipationMinutes: z.number().int().nonnegative(),
  anticipationText: Text,
  cancellationMinutes: z.number().int().nonnegative(),
  cancellationText: Text,
  resourceTypes: z.array(Key).min(1),
  /** Offered durations with their base (off-peak) prices. */
  durations: z.array(z.strictObject({ minutes: Minutes, priceCents: Cents })).min(1),
  /** Prices that replace the base price for starts on these days from `from` to before `before`. */
  priceRules: z.array(
    z
      .strictObject({
        duration: Minutes.optional(),
        days: z.array(z.enum(WEEKDAYS)).min(1),
        from: ClockTime,
        before: z.union([ClockTime, z.literal('24:00')]),
        priceCents: Cents,
      })
      .refine((r) => minutesOf(r.from) < minutesOf(r.before), 'A band ends after it starts.'),
  ),
  /** Follow-up resource types offered after a time is chosen, with what each adds; `optional` may be declined. */
  followUps: z.array(z.strictObject({ type: Key, priceCents: Cents, optional: z.boolean().default(false) })),
})
/**
 * A day `inDays` from the seed's day (negative: before), at `at`: the seed takes that day, or when the
 * resource is not open for the whole time then, the nearest such day further from today.
 */
const RelativeTime = { inDays: z.number().int().min(-365).max(365), at: ClockTime }
export const DemoNoOnlineBlock = z.strictObject({
  resource: Key,
  ...RelativeTime,
  minutes: Minutes,
  note: z.string(),
})
export const DemoBooking = z.strictObject({
  /** A customer's key in customers.json. */
  customer: Key,
  type: Key,
  /** The main resource, then one per follow-up type. */
  resources: z.array(Key).min(1),
  ...RelativeTime,
  minutes: Minutes,
  status: z.enum(['confirmed', 'cancelled']),
  /** The payment method of its paid sale; null: free, or never paid (a cancelled one). */
  paidWith: named(PaymentMethodId).nullable(),
  /** How many days before its start it was booked (never later than an hour before the seed). */
  bookedDaysBefore: z.number().int().nonnegative(),
})
export const DemoBookings = z.strictObject({
  resourceTypes: uniqueBy(DemoResourceType),
  timetables: uniqueBy(DemoTimetable),
  resources: uniqueBy(DemoResource),
  bookingTypes: uniqueBy(DemoBookingType),
  noOnlineBlocks: z.array(DemoNoOnlineBlock),
  bookings: z.array(DemoBooking),
})
// Sessions (sessions.json): the classes booked by place — the club's members who take places in them,
// the place maps, the weekly series of sessions over the two weeks from the seed's day, and how full
// some of them are (decision 063).

const Level = z.number().min(0).max(999)
export const DemoSessions = z.strictObject({
  /** When the members joined the club (their accounts' creation). */
  membersSince: Instant,
  /** Members who book classes at the desk: accounts without a password, filling the sessions. */
  members: uniqueBy(
    z.strictObject({ key: Key, name: z.string().min(1), surname: z.string(), language: z.enum(Locale) }),
  ),
  templates: uniqueBy(
    z.strictObject({
      key: Key,
      name: Text,
      image: BookingImage,
      allowSeeParticipants: z.boolean(),
      /** The drawing: its size, walls, stage and labels. */
      map: MapConfig.strict(),
      /** What each place is drawn as ("bike"). */
      placeKind: z.string().min(1).max(40),
      /** Row letters, front to back: every section has these rows. */
      rows: z.array(z.string().regex(/^[A-Z]$/, 'A row is one capital letter.')).min(1),
      /**
       * Sections left to right, each `columns` places a row from (x, y), `dx` and `dy` apart, turned
       * `rot` degrees. Places are named row letter and number across the sections (A1 … A12).
       */
      sections: z
        .array(
          z.strictObject({
            name: z.string().min(1).max(80),
            x: z.number(),
            y: z.number(),
            dx: z.number().positive(),
            dy: z.number().positive(),
            columns: z.number().int().min(1).max(40),
            rot: z.number().min(-180).max(180),
          }),
        )
        .min(1),
    }),
  ),
  /** Weekly series: a session on each of `days` at `at`, over the two weeks from the seed's day. */
  series: uniqueBy(
    z.strictObject({
      key: Key,
      /** A by-place booking type's key in bookings.json. */
      type: Key,
      /** A template's key; null: any place. */
      template: Key.nullable(),
      days: z.array(z.enum(WEEKDAYS)).min(1),
      at: ClockTime,
      minutes: Minutes,
      maxParticipants: z.number().int().positive(),
      /** [min, max] levels it is meant for; null: open to all. */
      levels: z.tuple([Level, Level]).nullable(),
      priceCents: Cents,
      /** Resources' keys in bookings.json (the studio, the instructor). */
      resources: z.array(Key),
      description: Text,
    }),
  ),
  /**
   * How full sessions are: the first session of the series on or after `inDays` from the seed's day
   * has `members` members and the named `customers` (customers.json or members) in it, and the named
   * people on its waiting list, in order.
   */
  states: z.array(
    z.strictObject({
      series: Key,
      inDays: z.number().int().min(0).max(13),
      members: z.number().int().nonnegative(),
      customers: z.array(Key),
      waiting: z.array(Key),
    }),
  ),
})
export type DemoSessions = z.output<typeof DemoSessions>

// Activities (activities.json): the centre's events and courses, days counted from the day the seed
// runs (decision 049). The first is activity 1, whose sign-up form forms.json defines.

export const DemoActivity = z.strictObject({
  key: Key,
  name: Text,
  description: LocalisedHtml,
  poster: imageOf(SCENE_ARTS, 'activities'),
  /** Starts `inDays` from the seed's day at `at`, the centre's time. */
  ...RelativeTime,
  /** How long it lasts. */
  minutes: z
    .number()
    .int()
    .min(15)
    .max(14 * 24 * 60),
  onlineSignUp: z.boolean(),
  priceCents: Cents,
  /** Places in all; null: not limited. */
  capacity: z.number().int().positive().nullable(),
  /** Customers (keys in customers.json) signed up already, at the desk. */
  signedUp: z.array(Key),
})
export type DemoActivity = z.output<typeof DemoActivity>

export const WEEKDAY_NUMBER: Record<(typeof WEEKDAYS)[number], number> = {
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
  Sun: 7,
}
export { minutesOf }

export type DemoImageRef = {
  kind: DemoArt
  hue: string
  file: string
  /** A word mark drawn in the image (sponsor logos: the sponsor's name). */
  text?: string
}
export type DemoProductType = z.output<typeof DemoProductType>
export type DemoProduct = z.output<typeof DemoProduct>
export type DemoPost = z.output<typeof DemoPost>
export type DemoTestimonial = z.output<typeof DemoTestimonial>
export type DemoTeamMember = z.output<typeof DemoTeamMember>
export type DemoBanner = z.output<typeof DemoBanner>
export type DemoGalleryItem = z.output<typeof DemoGalleryItem>
export type DemoSponsor = z.output<typeof DemoSponsor>
export type DemoCustomField = z.output<typeof DemoCustomField>
export type DemoSale = z.output<typeof DemoSale>
export type DemoCustomer = z.output<typeof DemoCustomer>
export type DemoStaffMember = z.output<typeof DemoStaffMember>
export type DemoBookings = z.output<typeof DemoBookings>

/** Each file of ./data and the schema it is read with. */
export const DEMO_FILES = {
  'centre.json': z.strictObject({ main: StoredMainSettings.strict(), template: StoredHomeTemplate.strict() }),
  'legal.json': z
    .strictObject(
      Object.fromEntries(Object.keys(StoredLegalSettings.shape).map((k) => [k, LocalisedHtml])) as Record<
        keyof StoredLegalSettings,
        typeof LocalisedHtml
      >,
    )
    .pipe(StoredLegalSettings),
  'product-types.json': uniqueBy(DemoProductType),
  'products.json': uniqueBy(DemoProduct),
  'posts.json': uniqueBy(DemoPost),
  'testimonials.json': uniqueBy(DemoTestimonial),
  'team.json': uniqueBy(DemoTeamMember),
  'banners.json': uniqueBy(DemoBanner),
  'gallery.json': uniqueBy(DemoGalleryItem),
  'sponsors.json': uniqueBy(DemoSponsor),
  'custom-fields.json': uniqueBy(DemoCustomField, 'name'),
  'customers.json': uniqueBy(DemoCustomer, 'key', 'email'),
  'staff.json': uniqueBy(DemoStaffMember, 'email'),
  'bookings.json': DemoBookings,
  'checkout.json': DemoCheckout,
  'forms.json': DemoForms,
  'activities.json': uniqueBy(DemoActivity),
  'sessions.json': DemoSessions,
} as const
export type DemoFile = keyof typeof DEMO_FILES

/** A demo data file that cannot be read, is not JSON, or does not fit its schema. */
export class DemoDataError extends Error {
  override name = 'DemoDataError'
}

/** `[3].detail.es-ES` for the path [3, 'detail', 'es-ES'] of an issue. */
function pathText(at: readonly PropertyKey[]): string {
  const text = at.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
  return text.startsWith('.') ? text.slice(1) : text || '(the whole file)'
}

/** The item of a list an issue is in, by its key (or email, or name): ` ("racket-carbon-pro")`. */
function itemName(value: unknown, at: readonly PropertyKey[]): string {
  if (!Array.isArray(value) || typeof at[0] !== 'number') return ''
  const item: unknown = value[at[0]]
  if (typeof item !== 'object' || item === null) return ''
  const { key, name, email } = item as Record<string, unknown>
  const label = [key, email, name].find((v) => typeof v === 'string')
  return typeof label === 'string' ? ` (${JSON.stringify(label)})` : ''
}

/** Reads one file of `dir` and checks it against its schema; a DemoDataError names what is wrong. */
export function readDemoFile<F extends DemoFile>(
  file: F,
  dir = DEMO_DATA_DIR,
): z.output<(typeof DEMO_FILES)[F]> {
  const where = path.join(dir, file)
  let text: string
  try {
    text = fs.readFileSync(where, 'utf8')
  } catch (err) {
    throw new DemoDataError(`Demo data file ${file} cannot be read: ${(err as Error).message}`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new DemoDataError(`Demo data file ${file} is not valid JSON: ${(err as Error).message}`)
  }
  const parsed = DEMO_FILES[file].safeParse(value)
  if (parsed.success) return parsed.data as z.output<(typeof DEMO_FILES)[F]>
  const issues = parsed.error.issues.slice(0, 5).map((issue) => {
    return `  ${pathText(issue.path)}${itemName(value, issue.path)}: ${issue.message}`
  })
  const more = parsed.error.issues.length - issues.length
  throw new DemoDataError(
    [`Demo data file ${file} is wrong:`, ...issues, ...(more > 0 ? [`  … and ${more} more`] : [])].join('\n'),
  )
}

export interface DemoData {
  main: StoredMainSettings
  template: StoredHomeTemplate
  legal: StoredLegalSettings
  productTypes: DemoProductType[]
  products: DemoProduct[]
  posts: DemoPost[]
  testimonials: DemoTestimonial[]
  team: DemoTeamMember[]
  banners: DemoBanner[]
  gallery: DemoGalleryItem[]
  sponsors: DemoSponsor[]
  customFields: DemoCustomField[]
  customers: DemoCustomer[]
  staff: DemoStaffMember[]
  bookings: DemoBookings
  checkout: z.output<typeof DemoCheckout>
  forms: DemoForms
  activities: DemoActivity[]
  sessions: DemoSessions
}

/** Checks what one file names in another: product types, products, custom fields, a customer's sales. */
function checkReferences(data: DemoData): void {
  const problems: string[] = []
  const typeKeys = new Set(data.productTypes.map((t) => t.key))
  data.products.forEach((p, i) => {
    if (!typeKeys.has(p.typeKey)) {
      problems.push(
        `products.json: [${i}].typeKey (${JSON.stringify(p.key)}): no product type "${p.typeKey}" in product-types.json`,
      )
    }
  })
  const productKeys = new Set(data.products.map((p) => p.key))
  const fieldNames = new Set(data.customFields.map((f) => f.name))
  data.customFields.forEach((f, i) => {
    const mismatch = pickListMismatch(f.pickListValues)
    if (mismatch)
      problems.push(`custom-fields.json: [${i}].pickListValues (${JSON.stringify(f.name)}): ${mismatch}`)
  })
  const pickLists = new Map(
    data.customFields.filter((f) => f.fieldType === CustomFieldType.PickList).map((f) => [f.name, f]),
  )
  const numbered = new Map<string, string>()
  data.customers.forEach((c, i) => {
    const at = `customers.json: [${i}]`
    const who = ` (${JSON.stringify(c.key)})`
    for (const name of Object.keys(c.customValues)) {
      if (!fieldNames.has(name)) {
        problems.push(`${at}.customValues.${name}${who}: no custom field "${name}" in custom-fields.json`)
      }
      const pickList = pickLists.get(name)
      const value = c.customValues[name] ?? ''
      if (pickList && value && storedOption(pickList.pickListValues, value) === undefined) {
        problems.push(
          `${at}.customValues.${name}${who}: "${value}" is no option of "${name}" in custom-fields.json`,
        )
      }
    }
    c.sales.forEach((s, j) =>
      s.lines.forEach((line, k) => {
        if ('product' in line && !productKeys.has(line.product)) {
          problems.push(
            `${at}.sales[${j}].lines[${k}].product${who}: no product "${line.product}" in products.json`,
          )
        }
      }),
    )
    c.sales.forEach((s, j) => {
      const other = numbered.get(s.number)
      if (other !== undefined && other !== c.key) {
        problems.push(`${at}.sales[${j}].number${who}: "${s.number}" is also a sale of "${other}"`)
      }
      numbered.set(s.number, c.key)
    })
    const saleNumbers = new Set(c.sales.map((s) => s.number))
    const typeKeys = new Set(data.bookings.bookingTypes.map((t) => t.key))
    c.vouchers.forEach((v, j) => {
      if (v.pays && v.kind === VoucherKind.Money)
        problems.push(`${at}.vouchers[${j}].pays${who}: a money voucher pays anything, it has no scope`)
      for (const key of v.pays?.types ?? [])
        if (!typeKeys.has(key))
          problems.push(`${at}.vouchers[${j}].pays${who}: no booking type "${key}" in bookings.json`)
    })
    c.vouchers.forEach((v, j) =>
      v.movements.forEach((m, k) => {
        if (m.sale !== undefined && !saleNumbers.has(m.sale)) {
          problems.push(
            `${at}.vouchers[${j}].movements[${k}].sale${who}: no sale "${m.sale}" of this customer`,
          )
        }
      }),
    )
  })
  problems.push(...bookingReferenceProblems(data))
  problems.push(...sessionReferenceProblems(data))
  const customerKeys = new Set(data.customers.map((c) => c.key))
  data.activities.forEach((a, i) => {
    for (const key of a.signedUp)
      if (!customerKeys.has(key))
        problems.push(
          `activities.json: [${i}].signedUp (${JSON.stringify(a.key)}): no customer "${key}" in customers.json`,
        )
    if (a.capacity !== null && a.signedUp.length > a.capacity)
      problems.push(`activities.json: [${i}].signedUp (${JSON.stringify(a.key)}): more sign-ups than places`)
  })
  if (problems.length)
    throw new DemoDataError(['Demo data files disagree:', ...problems.map((p) => `  ${p}`)].join('\n'))
}

/** What bookings.json names in itself and in customers.json. */
function bookingReferenceProblems({ bookings: b, customers }: DemoData): string[] {
  const problems: string[] = []
  const known = (keys: Iterable<string>) => new Set(keys)
  const resourceTypes = known(b.resourceTypes.map((t) => t.key))
  const timetables = known(b.timetables.map((t) => t.key))
  const resources = new Map(b.resources.map((r) => [r.key, r]))
  const types = new Map(b.bookingTypes.map((t) => [t.key, t]))
  const customerKeys = known(customers.map((c) => c.key))
  const check = (ok: boolean, at: string, what: string) => {
    if (!ok) problems.push(`bookings.json: ${at}: ${what}`)
  }
  b.resources.forEach((r, i) => {
    check(resourceTypes.has(r.type), `resources[${i}].type ("${r.key}")`, `no resource type "${r.type}"`)
    check(
      timetables.has(r.timetable),
      `resources[${i}].timetable ("${r.key}")`,
      `no timetable "${r.timetable}"`,
    )
  })
  b.bookingTypes.forEach((t, i) => {
    for (const key of [...t.resourceTypes, ...t.followUps.map((f) => f.type)]) {
      check(resourceTypes.has(key), `bookingTypes[${i}] ("${t.key}")`, `no resource type "${key}"`)
    }
  })
  b.noOnlineBlocks.forEach((block, i) =>
    check(resources.has(block.resource), `noOnlineBlocks[${i}].resource`, `no resource "${block.resource}"`),
  )
  b.bookings.forEach((booking, i) => {
    const at = `bookings[${i}]`
    check(
      customerKeys.has(booking.customer),
      `${at}.customer`,
      `no customer "${booking.customer}" in customers.json`,
    )
    const type = types.get(booking.type)
    check(type !== undefined, `${at}.type`, `no booking type "${booking.type}"`)
    booking.resources.forEach((key, j) => {
      const resource = resources.get(key)
      check(resource !== undefined, `${at}.resources[${j}]`, `no resource "${key}"`)
      if (!type || !resource) return
      const of = j === 0 ? type.resourceTypes : type.followUps.map((f) => f.type)
      check(
        of.includes(resource.type),
        `${at}.resources[${j}]`,
        `"${key}" is not booked with "${type.key}" there`,
      )
    })
    if (type) {
      check(
        type.durations.some((d) => d.minutes === booking.minutes),
        `${at}.minutes`,
        `"${type.key}" does not offer ${booking.minutes} minutes`,
      )
    }
  })
  return problems
}

/** What sessions.json names in itself, in bookings.json and in customers.json. */
function sessionReferenceProblems({ sessions: s, bookings: b, customers }: DemoData): string[] {
  const problems: string[] = []
  const check = (ok: boolean, at: string, what: string) => {
    if (!ok) problems.push(`sessions.json: ${at}: ${what}`)
  }
  const byPlaceTypes = new Set(b.bookingTypes.filter((t) => t.byPlace).map((t) => t.key))
  const resources = new Set(b.resources.map((r) => r.key))
  const templates = new Map(s.templates.map((t) => [t.key, t]))
  const series = new Map(s.series.map((x) => [x.key, x]))
  const people = new Set([...customers.map((c) => c.key), ...s.members.map((m) => m.key)])
  s.series.forEach((x, i) => {
    const at = `series[${i}] ("${x.key}")`
    check(byPlaceTypes.has(x.type), at, `no booking type "${x.type}" booked by place in bookings.json`)
    check(x.template === null || templates.has(x.template), at, `no template "${x.template}"`)
    for (const key of x.resources) check(resources.has(key), at, `no resource "${key}" in bookings.json`)
    if (x.levels) check(x.levels[0] <= x.levels[1], at, 'its levels go from the lower to the higher')
  })
  s.states.forEach((state, i) => {
    const at = `states[${i}]`
    const of = series.get(state.series)
    check(of !== undefined, at, `no series "${state.series}"`)
    const named = [...state.customers, ...state.waiting]
    for (const key of named) check(people.has(key), at, `no customer or member "${key}"`)
    check(new Set(named).size === named.length, at, 'someone is named twice')
    if (!of) return
    const template = of.template === null ? undefined : templates.get(of.template)
    const places = template ? template.rows.length * template.sections.reduce((n, x) => n + x.columns, 0) : 0
    const capacity = template ? Math.min(of.maxParticipants, places) : of.maxParticipants
    const booked = state.members + state.customers.length
    check(booked <= capacity, at, `${booked} people in a session of ${capacity} places`)
    check(!state.waiting.length || booked === capacity, at, 'a waiting list for a session with places left')
    const free = s.members.filter((m) => !named.includes(m.key)).length
    check(state.members <= free, at, `${state.members} members wanted, ${free} not named otherwise`)
  })
  return problems
}

const loaded = new Map<string, DemoData>()

/** Every file of the demo centre, checked; read once per folder. */
export function loadDemoData(dir = DEMO_DATA_DIR): DemoData {
  const known = loaded.get(dir)
  if (known) return known
  const centre = readDemoFile('centre.json', dir)
  const data: DemoData = {
    main: centre.main,
    template: centre.template,
    legal: readDemoFile('legal.json', dir),
    productTypes: readDemoFile('product-types.json', dir),
    products: readDemoFile('products.json', dir),
    posts: readDemoFile('posts.json', dir),
    testimonials: readDemoFile('testimonials.json', dir),
    team: readDemoFile('team.json', dir),
    banners: readDemoFile('banners.json', dir),
    gallery: readDemoFile('gallery.json', dir),
    sponsors: readDemoFile('sponsors.json', dir),
    customFields: readDemoFile('custom-fields.json', dir),
    customers: readDemoFile('customers.json', dir),
    staff: readDemoFile('staff.json', dir),
    bookings: readDemoFile('bookings.json', dir),
    checkout: readDemoFile('checkout.json', dir),
    forms: readDemoFile('forms.json', dir),
    activities: readDemoFile('activities.json', dir),
    sessions: readDemoFile('sessions.json', dir),
  }
  checkReferences(data)
  loaded.set(dir, data)
  return data
}
