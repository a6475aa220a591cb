import type { Activity, Locale, MainSettings, Product, TextBlock } from '@clubhouse/contract/server'
import { plainTextOf } from '../lib/sanitize.ts'

/**
 * schema.org structured data of the pages (decision 089): one JSON-LD node per thing a page shows,
 * written in the head as `<script type="application/ld+json">`. The centre is on every page; a
 * product, post or activity page adds its own node, built here from what the page's head reads.
 */

/** One JSON-LD node. */
export type StructuredData = Record<string, unknown>

/** The language a page is written in, as its `?lang=` and `hreflang` say it. */
export const LANGUAGE_PARAM: Record<Locale, 'es' | 'en'> = { 'es-ES': 'es', 'en-US': 'en' }

/** An absolute URL of a path or image of the site (kept as it is when it is one already). */
export function absoluteUrl(publicUrl: string, src: string): string {
  return /^https?:\/\//i.test(src) ? src : `${publicUrl}${src.startsWith('/') ? '' : '/'}${src}`
}

/** The address of a page in one language: the crawlers' address of that language version. */
export function languageUrl(publicUrl: string, path: string, locale: Locale): string {
  return `${publicUrl}${path}?lang=${LANGUAGE_PARAM[locale]}`
}

/** What a page's head knows when it builds its structured data. */
export interface PageContext {
  settings: MainSettings
  locale: Locale
  /** An absolute URL of a path or image of the site. */
  absolute: (src: string) => string
  /** The address of a page of the site in this page's language. */
  pageUrl: (path: string) => string
}

/** Drops the members that say nothing (empty texts, empty lists, undefined). */
function filled(node: StructuredData): StructuredData {
  return Object.fromEntries(
    Object.entries(node).filter(
      ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  )
}

/** Descriptions in structured data: longer than a share card's, still a summary. */
const DESCRIPTION_MAX = 500

const imageOf = (ctx: PageContext, src: string | undefined) => (src ? ctx.absolute(src) : undefined)

/** The centre as the place it is (schema.org SportsActivityLocation), from its settings. */
export function centreData(ctx: PageContext): StructuredData {
  const s = ctx.settings
  return filled({
    '@context': 'https://schema.org',
    '@type': 'SportsActivityLocation',
    '@id': `${ctx.absolute('/')}#centre`,
    name: s.name,
    description: plainTextOf(s.description),
    url: ctx.pageUrl('/'),
    logo: imageOf(ctx, s.mainlogo),
    image: imageOf(ctx, s.headerImage || s.mainlogo),
    address: s.address,
    telephone: s.phone,
    email: s.email,
    sameAs: [s.facebook, s.instagram, s.twitter].filter(Boolean),
  })
}

/** The centre as the author, publisher or organiser of what a page shows. */
function centreOrganization(ctx: PageContext): StructuredData {
  return filled({
    '@type': 'Organization',
    '@id': `${ctx.absolute('/')}#centre`,
    name: ctx.settings.name,
    url: ctx.pageUrl('/'),
    logo: imageOf(ctx, ctx.settings.mainlogo),
  })
}

/** The currency prices are in: the settings', euros when they name none. */
const currencyOf = (settings: MainSettings) =>
  /^[A-Z]{3}$/.test(settings.currency) ? settings.currency : 'EUR'

/** Money as schema.org writes it: a dot and two decimals. */
const money = (amount: number) => amount.toFixed(2)

/** A product of the shop with its offer: its price with taxes and whether any is left. */
export function productData(ctx: PageContext, product: Product, path: string): StructuredData {
  const url = ctx.pageUrl(path)
  return filled({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: plainTextOf(product.description || product.detail, DESCRIPTION_MAX),
    image: [...new Set([product.detailImage, product.logo].filter(Boolean))].map((i) => ctx.absolute(i)),
    sku: String(product.id),
    url,
    offers: {
      '@type': 'Offer',
      price: money(product.grossPrice),
      priceCurrency: currencyOf(ctx.settings),
      availability: product.hasStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
      seller: { '@id': `${ctx.absolute('/')}#centre` },
    },
  })
}

/** Google shows at most 110 characters of a headline. */
const HEADLINE_MAX = 110

/** A post of the blog, written by the centre. */
export function postData(ctx: PageContext, post: TextBlock, path: string): StructuredData {
  const chars = [...post.title]
  const headline = chars.length > HEADLINE_MAX ? `${chars.slice(0, HEADLINE_MAX - 1).join('')}…` : post.title
  const url = ctx.pageUrl(path)
  return filled({
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline,
    description: plainTextOf(post.smalText || post.text, DESCRIPTION_MAX),
    datePublished: post.created,
    image: imageOf(ctx, post.image || ctx.settings.headerImage || ctx.settings.mainlogo),
    url,
    mainEntityOfPage: url,
    inLanguage: ctx.locale,
    author: centreOrganization(ctx),
    publisher: centreOrganization(ctx),
  })
}

/**
 * An activity as an event at the centre, from its start to its end; with its offer when it has a
 * price: sold out when no place is left, else on sale while customers may sign up online.
 */
export function activityData(ctx: PageContext, activity: Activity, path: string): StructuredData {
  const url = ctx.pageUrl(path)
  const s = ctx.settings
  const availability =
    activity.placesLeft === 0
      ? 'https://schema.org/SoldOut'
      : activity.onlineSignUp
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock'
  return filled({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: activity.name,
    description: plainTextOf(activity.description, DESCRIPTION_MAX),
    startDate: activity.start,
    endDate: activity.end,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    image: imageOf(ctx, activity.poster),
    url,
    location: filled({
      '@type': 'SportsActivityLocation',
      '@id': `${ctx.absolute('/')}#centre`,
      name: s.name,
      address: s.address,
      telephone: s.phone,
      url: ctx.pageUrl('/'),
    }),
    organizer: centreOrganization(ctx),
    offers:
      activity.price > 0
        ? {
            '@type': 'Offer',
            price: money(activity.price),
            priceCurrency: currencyOf(s),
            availability,
            url,
          }
        : undefined,
  })
}

/** The context of a page of the site in one language. */
export function pageContext(publicUrl: string, settings: MainSettings, locale: Locale): PageContext {
  return {
    settings,
    locale,
    absolute: (src) => absoluteUrl(publicUrl, src),
    pageUrl: (path) => languageUrl(publicUrl, path, locale),
  }
}
