import { vi } from 'vitest'
import type { z } from 'zod'
import {
  activityRoutes,
  blogRoutes,
  bookingRoutes,
  checkoutRoutes,
  contentRoutes,
  customerRoutes,
  homeRoutes,
  placeBookingRoutes,
  productRoutes,
  type CartSaleModel,
  type RouteDef,
} from '@clubhouse/contract'
import { jsonResponse } from './render.tsx'

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/**
 * What the footer of every page asks for (the latest posts, the gallery), answered as a centre
 * without either would answer, unless the test serves them itself: a page test then sees no failed
 * load it did not arrange.
 */
const FOOTER_ROUTES: Record<string, Handler> = {
  [blogRoutes.postsWithUsers.path]: () => contractResponse(blogRoutes.postsWithUsers, []),
  [homeRoutes.fileUploads.path]: () => contractResponse(homeRoutes.fileUploads, { ok: true, data: [] }),
}

/** The home page's template as a centre that has filled in nothing answers it. */
const EMPTY_TEMPLATE = {
  mainTrandingProductImage: '',
  number1: null,
  number2: null,
  number3: null,
  number4: null,
  textNumbers1: '',
  textNumbers2: '',
  textNumbers3: '',
  textNumbers4: '',
  ...Object.fromEntries(
    [
      'image',
      'textColor',
      'textSlideInLeft',
      'textSlideInUp',
      'textSmall',
      'textButton',
      'urlButton',
    ].flatMap((key) => [1, 2, 3].map((n) => [`${key}${n}`, ''])),
  ),
}

/**
 * The home page's requests answered as a centre with nothing to show (no activities, banners,
 * products, text blocks or booking types). A test that lands on the home page serves these so it
 * sees no failed load it did not arrange.
 */
export const EMPTY_HOME: Record<string, Handler> = {
  [activityRoutes.activitiesList.path]: () =>
    contractResponse(activityRoutes.activitiesList, { ok: true, model: [] }),
  [contentRoutes.template.path]: () =>
    contractResponse(contentRoutes.template, { ok: true, data: EMPTY_TEMPLATE as never }),
  [homeRoutes.banners.path]: () => contractResponse(homeRoutes.banners, { rowData: [] }),
  [productRoutes.trendingProducts.path]: () =>
    contractResponse(productRoutes.trendingProducts, { ok: true, data: [] }),
  [productRoutes.popularProducts.path]: () =>
    contractResponse(productRoutes.popularProducts, { ok: true, data: [] }),
  [blogRoutes.textBlocksList.path]: () => contractResponse(blogRoutes.textBlocksList, { rowData: [] }),
  [bookingRoutes.bookingTypesList.path]: () =>
    contractResponse(bookingRoutes.bookingTypesList, { ok: true, model: [] }),
}

/** The legal texts of a centre that has written none. */
export const EMPTY_LEGAL_SETTINGS: Record<string, Handler> = {
  [contentRoutes.legalSettings.path]: () =>
    contractResponse(contentRoutes.legalSettings, {
      ok: true,
      data: { generalConditions: '', wayver: '', privacyPolicyFull: '', cookiesPolicy: '' },
    }),
}

/** My bookings and my waiting lists of customer `customerId` with nothing in either. */
export function noBookingsOf(customerId: number): Record<string, Handler> {
  return {
    [`/api/publicbookings/customer-bookings/${customerId}`]: () =>
      contractResponse(bookingRoutes.customerBookings, { ok: true, model: { next: [], past: [] } }),
    [`/api/publicbookings/waitlist/${customerId}`]: () =>
      contractResponse(placeBookingRoutes.waitlist, { ok: true, model: { waitlist: [], held: [] } }),
  }
}

/** The profile of customer `id`, a customer with nothing filled in beyond the required fields. */
export function customerOf(id: number): Record<string, Handler> {
  return {
    [`/api/publiccustomers/${id}`]: () =>
      contractResponse(customerRoutes.getCustomer, {
        ok: true,
        data: {
          id,
          name: 'Laura',
          surname: 'Martín',
          email: 'laura@example.com',
          phone: '+34 600 111 222',
          gender: null,
          birthDate: null,
          addressLine1: '',
          postalCode: '',
          city: '',
          town: '',
          country: '',
          accountHolderName: '',
          iban: '',
          dni: '',
          acceptConditions: true,
          okRss: false,
          customFields: [],
          customFieldValues: [],
          pendingEmail: null,
        },
      }),
    [`/api/publicpaymentmethods/token-list/${id}`]: () =>
      contractResponse(customerRoutes.cardTokens, { ok: true, data: [] }),
  }
}

/** The details of a checkout nobody has filled in, on a site paying in euros with no provider keys. */
export const BLANK_CHECKOUT_DETAILS = {
  name: '',
  surname: '',
  addressLine1: '',
  city: '',
  town: '',
  country: '',
  postalCode: '',
  email: '',
  phone: '',
  password: '',
  password2: '',
  okRss: false,
  acceptConditions: false,
  payPalId: '',
  currency: 'EUR',
  netPayPublicKey: '',
  netPayProdMode: false,
}

/**
 * The checkout of a customer's cart holding some of `sales` and nothing else, as a centre without
 * payment methods or transports answers it: a test that ends on the way to the checkout serves it
 * so the checkout loads.
 */
export function checkoutOfSales(sales: CartSaleModel[]): Record<string, Handler> {
  return {
    [checkoutRoutes.checkoutInfoByCustomer.path]: (_url, init) => {
      const { saleIds = [] } = JSON.parse(String(init?.body)) as { saleIds?: number[] }
      const inCart = sales.filter((sale) => saleIds.includes(sale.id))
      const subtotal = inCart.reduce((sum, sale) => sum + sale.pending, 0)
      return contractResponse(checkoutRoutes.checkoutInfoByCustomer, {
        ok: true,
        data: {
          paymentMethods: [],
          transports: [],
          vouchers: [],
          lines: [],
          sales: inCart,
          subtotal,
          paid: 0,
          transportRequired: false,
          ...BLANK_CHECKOUT_DETAILS,
        },
      })
    },
  }
}

/**
 * Stubs the browser's fetch with answers per path. Unknown paths answer 404 with the API's error
 * shape, as the server does. Returns the mock to inspect calls.
 */
export function fakeServer(routes: Record<string, Handler> = {}) {
  const served = { ...FOOTER_ROUTES, ...routes }
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), window.location.origin)
    const handler = served[url.pathname]
    if (handler) return handler(url, init)
    return jsonResponse(
      { ok: false, code: 'not_found', errorMsg: `There is nothing at ${url.pathname}.` },
      { status: 404 },
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/**
 * A success answer of `route`, checked against the route's response schema first: a fake answer
 * the real server could not give fails the test here, not somewhere in the page.
 */
export function contractResponse<R extends RouteDef>(route: R, body: z.input<R['response']>) {
  const parsed = route.response.safeParse(body)
  if (!parsed.success) {
    throw new Error(
      `The fake answer of ${route.method} ${route.path} breaks the contract: ${parsed.error.message}`,
    )
  }
  return jsonResponse(body)
}

/** A refusal in the API's error shape. */
export function errorResponse(
  status: number,
  code: string,
  errorMsg: string,
  errors?: Record<string, string>,
) {
  return jsonResponse({ ok: false, code, errorMsg, ...(errors ? { errors } : {}) }, { status })
}
