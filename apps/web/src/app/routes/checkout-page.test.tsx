import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useLocation } from 'react-router'
import { checkoutRoutes, type CheckoutInfo } from '@clubhouse/contract'
import { addSaleToCart, addToCart, getCart } from '../../features/cart/cart-store.ts'
import { getErrorPopup, closeErrorPopup } from '../../lib/error-popup.ts'
import { getLoginPrompt } from '../../lib/login-prompt.ts'
import { getCarriedEmail } from '../../features/customers/components/carried-email.ts'
import { saveSession } from '../../lib/storage.ts'
import {
  BLANK_CHECKOUT_DETAILS,
  contractResponse,
  EMPTY_HOME,
  errorResponse,
  fakeServer,
} from '../../test/fake-server.ts'
import { onTheSpanishSite } from '../../test/language.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'

type Body = Record<string, unknown>
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Body

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname + location.search}</p>
}

/** A control's text as it is seen, without what only assistive technology reads. */
function visibleText(element: HTMLElement) {
  const copy = element.cloneNode(true) as HTMLElement
  copy.querySelectorAll('.visually-hidden, [aria-hidden="true"]').forEach((hidden) => hidden.remove())
  return copy.textContent
}

/** What a screen reader reads after a control's name: the texts its aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean)
    .join(' ')

const eur = (text: string) => text.replace(/ €/g, '\u00A0€')

/** What the server answers for a cart of a shirt in size M and balls, by courier or pickup. */
function info(overrides: Partial<CheckoutInfo> = {}): CheckoutInfo {
  return {
    paymentMethods: [
      {
        id: 1,
        tokenId: null,
        name: 'Card',
        description: 'Visa, Mastercard',
        type: 'card',
        allowTokenization: false,
        available: false,
      },
    ],
    transports: [
      {
        id: 1,
        name: 'Courier',
        logo: '',
        deliveryTime: '2 to 3 working days',
        product: { grossPrice: 4.95 },
      },
      {
        id: 2,
        name: 'Pickup at the centre',
        logo: '',
        deliveryTime: 'Collect at the desk',
        product: { grossPrice: 0 },
      },
    ],
    vouchers: [],
    lines: [
      {
        productId: 12,
        stockParentId: 101,
        name: 'Club T-shirt (Size M)',
        logo: '',
        units: 2,
        unitPrice: 19.9,
        total: 39.8,
        taxPercent: 21,
        transportRequired: true,
        stock: 8,
      },
    ],
    sales: [],
    subtotal: 39.8,
    paid: 0,
    transportRequired: true,
    ...BLANK_CHECKOUT_DETAILS,
    paymentScripts: {
      sandbox: false,
      payPalSdkUrl: null,
      stripeScriptUrl: null,
      netPayScriptUrl: '',
      cardScriptUrl: null,
    },
    ...overrides,
  }
}

const customerInfo = (overrides: Partial<CheckoutInfo> = {}) =>
  info({
    name: 'Marta',
    surname: 'Soler',
    email: 'marta@example.com',
    phone: '600111222',
    addressLine1: 'Carrer Major 3',
    city: 'València',
    town: 'València',
    country: 'Spain',
    postalCode: '46001',
    okRss: true,
    acceptConditions: true,
    ...overrides,
  })

const completed = {
  ok: true as const,
  model: {
    errorMsg: null,
    saleId: 501,
    saleNumber: 'W-2026-00501',
    total: 0,
    completed: true,
    customerId: 7,
    redsysData: null,
    paypal: null,
    stripe: null,
    publicKey: null,
  },
}

async function shirtInCart() {
  await addToCart({ id: 12, name: 'Club T-shirt', logo: '', grossPrice: 1 }, 2, {
    id: 101,
    group: 'Size',
    name: 'M',
  })
}

function server(options: {
  info?: CheckoutInfo
  promo?: (body: Body) => Response
  checkout?: (body: Body) => Response | Promise<Response>
}) {
  const infoBodies: Body[] = []
  const checkoutBodies: Body[] = []
  fakeServer({
    ...EMPTY_HOME,
    '/api/shop/checkout-info': (_url, init) => {
      infoBodies.push(bodyOf(init))
      return contractResponse(checkoutRoutes.checkoutInfo, { ok: true, data: options.info ?? info() })
    },
    '/api/shop/checkout-info-by-customer': (_url, init) => {
      infoBodies.push(bodyOf(init))
      return contractResponse(checkoutRoutes.checkoutInfoByCustomer, {
        ok: true,
        data: options.info ?? customerInfo(),
      })
    },
    '/api/promos/validate': (_url, init) =>
      options.promo?.(bodyOf(init)) ?? errorResponse(422, 'promo_invalid', 'This code does not exist.'),
    '/api/shop/checkout': (_url, init) => {
      checkoutBodies.push(bodyOf(init))
      return options.checkout?.(bodyOf(init)) ?? jsonResponse(completed)
    },
    '/api/shop/checkout-customer': (_url, init) => {
      checkoutBodies.push(bodyOf(init))
      return options.checkout?.(bodyOf(init)) ?? jsonResponse(completed)
    },
  })
  return { infoBodies, checkoutBodies }
}

const renderCheckout = () =>
  renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route: '/checkout' },
  )

/** The page, without the footer's own form. */
const main = () => within(screen.getByRole('main'))

/** A guest's details, all filled in, with the same password twice. */
async function fillGuestDetails(email: string) {
  for (const [label, value] of [
    [/^name/i, 'A'],
    [/^surname/i, 'B'],
    [/^email/i, email],
    [/^phone/i, '6'],
    [/^address/i, 'C'],
    [/^postal code/i, '1'],
    [/^city/i, 'D'],
    [/^province/i, 'E'],
    [/^country/i, 'F'],
  ] as const) {
    await userEvent.type(main().getByRole('textbox', { name: label }), value)
  }
  await userEvent.type(main().getByLabelText(/^password/i), 'secret1')
  await userEvent.type(main().getByLabelText(/^repeat password/i), 'secret1')
}

const total = (name: string) => screen.getByTestId(`checkout-${name}`).textContent

describe('the checkout of a guest', { timeout: 30_000 }, () => {
  it('sends the cart without prices and shows the cart, transports and totals as the server prices them', async () => {
    await shirtInCart()
    const { infoBodies } = server({})
    renderCheckout()

    const cartTable = await screen.findByRole('table', { name: /your shopping cart/i })
    expect(within(cartTable).getByRole('rowheader', { name: 'Club T-shirt (Size M)' })).toBeTruthy()
    expect(infoBodies[0]).toEqual({
      customerId: 0,
      saleItems: [{ productId: 12, units: 2, stockParentId: 101, stockParentName: 'Size', stockDetail: 'M' }],
      saleIds: [],
    })
    // The first transport is preselected; its price is the shipping.
    expect((screen.getByRole('radio', { name: 'Courier' }) as HTMLInputElement).checked).toBe(true)
    expect(total('subtotal')).toBe(eur('39,80 €'))
    expect(total('shipping')).toBe(eur('4,95 €'))
    expect(total('total')).toBe(eur('44,75 €'))
    expect(screen.queryByTestId('checkout-paid')).toBeNull()
    expect(screen.getByRole('button', { name: eur('Proceed to Pay 44,75 €') })).toBeTruthy()

    await userEvent.click(screen.getByRole('radio', { name: 'Pickup at the centre' }))
    expect(total('shipping')).toBe('Free')
    expect(total('total')).toBe(eur('39,80 €'))
  })

  it('offers the login, and shows unavailable card payment as disabled', async () => {
    await shirtInCart()
    server({})
    renderCheckout()

    await userEvent.click(await screen.findByRole('button', { name: /already a customer/i }))
    expect(getLoginPrompt()).toMatchObject({ open: true, mode: 'login', backUrl: '/checkout' })
    expect((screen.getByRole('radio', { name: /card/i }) as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByText('Not available online yet')).toBeTruthy()
  })

  it('says what is missing, under the fields and at the button, and sends nothing', async () => {
    await shirtInCart()
    const { checkoutBodies } = server({})
    renderCheckout()
    const pay = await screen.findByRole('button', { name: /proceed to pay/i })

    await userEvent.click(pay)
    expect(main().getByRole('alert').textContent).toContain('Check required fields')
    expect(description(main().getByRole('textbox', { name: /^name/i }))).toBe('Required')
    expect(document.activeElement).toBe(main().getByRole('textbox', { name: /^name/i }))
    // Both passwords are required, as every other field of a guest.
    expect(description(main().getByLabelText(/^repeat password/i))).toBe('Required')
    expect(
      main()
        .getByLabelText(/^repeat password/i)
        .getAttribute('aria-invalid'),
    ).toBe('true')

    const fill = async (label: RegExp, value: string) =>
      userEvent.type(main().getByRole('textbox', { name: label }), value)
    await fill(/^name/i, 'Ana')
    await fill(/^surname/i, 'Ruiz')
    await fill(/^email/i, 'ana@example.com')
    await fill(/^phone/i, '600000000')
    await fill(/^address/i, 'Carrer Nou 1')
    await fill(/^postal code/i, '46002')
    await fill(/^city/i, 'València')
    await fill(/^province/i, 'València')
    await fill(/^country/i, 'Spain')
    await userEvent.type(main().getByLabelText(/^password/i), 'secret1')
    await userEvent.type(main().getByLabelText(/^repeat password/i), 'secret2')
    await userEvent.click(pay)
    expect(main().getByRole('alert').textContent).toContain('Password does not match')

    await userEvent.clear(main().getByLabelText(/^repeat password/i))
    await userEvent.type(main().getByLabelText(/^repeat password/i), 'secret1')
    await userEvent.click(pay)
    expect(main().getByRole('alert').textContent).toContain('Please select a payment method')

    // A code typed and not applied comes first: what is left to pay, and so the need of a method,
    // depends on it.
    await userEvent.type(main().getByRole('textbox', { name: /coupon code/i }), 'verano10')
    expect(main().getByRole('alert').textContent).toContain('Please select a payment method')
    await userEvent.click(pay)
    expect(main().getByRole('alert').textContent).toContain(
      'Please press Apply Coupon button to check the code',
    )
    expect(checkoutBodies).toEqual([])
  })

  it('applies a coupon with the discount the server answers, and says when a code is refused', async () => {
    await shirtInCart()
    const promoBodies: Body[] = []
    server({
      promo: (body) => {
        promoBodies.push(body)
        if (String(body.code).toUpperCase() === 'NOPE')
          return errorResponse(422, 'promo_expired', 'This code ended on 31/08.')
        if (String(body.code).toUpperCase() === 'BROKEN') return new Response('<h1>502</h1>', { status: 502 })
        return contractResponse(checkoutRoutes.promoValidate, {
          ok: true,
          errorMsg: null,
          data: { code: 'VERANO10', type: 1, discount: 3.98 },
        })
      },
    })
    renderCheckout()
    const code = await main().findByRole('textbox', { name: /coupon code/i })

    await userEvent.type(code, 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }))
    expect(await screen.findByText('This code ended on 31/08.')).toBeTruthy()

    await userEvent.clear(code)
    await userEvent.type(code, 'broken')
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }))
    expect(await screen.findByText('Sorry, the code is not valid')).toBeTruthy()

    await userEvent.clear(code)
    await userEvent.type(code, 'verano10')
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }))
    expect(await screen.findByText('Discount applied')).toBeTruthy()
    expect(total('discount')).toBe(eur('−3,98 €'))
    expect(total('total')).toBe(eur('40,77 €'))
    expect(screen.getByRole('button', { name: eur('Proceed to Pay 40,77 €') })).toBeTruthy()
    expect(promoBodies.at(-1)).toMatchObject({
      customerId: 0,
      code: 'verano10',
      saleIds: [],
      shopTransportId: 1,
    })
  })

  it('checks an applied code again when the transport changes, so the discount is the one taken', async () => {
    await shirtInCart()
    const promoBodies: Body[] = []
    const { checkoutBodies } = server({
      // A 100% code that covers shipping too: its discount depends on the transport.
      promo: (body) => {
        promoBodies.push(body)
        return contractResponse(checkoutRoutes.promoValidate, {
          ok: true,
          errorMsg: null,
          data: { code: 'GRATIS100', type: 1, discount: body.shopTransportId === 1 ? 44.75 : 39.8 },
        })
      },
    })
    renderCheckout()
    await userEvent.type(await main().findByRole('textbox', { name: /coupon code/i }), 'gratis100')
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }))
    await waitFor(() => expect(total('discount')).toBe(eur('−44,75 €')))
    expect(total('total')).toBe(eur('0 €'))

    await userEvent.click(screen.getByRole('radio', { name: 'Pickup at the centre' }))
    await waitFor(() => expect(total('discount')).toBe(eur('−39,80 €')))
    expect(total('shipping')).toBe('Free')
    expect(total('total')).toBe(eur('0 €'))
    expect(promoBodies.map((body) => body.shopTransportId)).toEqual([1, 2])

    await userEvent.click(screen.getByRole('checkbox', { name: /legal conditions/i }))
    await fillGuestDetails('a@b.es')
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(checkoutBodies).toHaveLength(1))
    expect(checkoutBodies[0]).toMatchObject({ promoCode: 'gratis100', shopTransportId: 2 })
  })

  it('clears the coupon’s error once it is applied after Pay asked for it', async () => {
    await shirtInCart()
    server({
      promo: () =>
        contractResponse(checkoutRoutes.promoValidate, {
          ok: true,
          errorMsg: null,
          data: { code: 'VERANO10', type: 1, discount: 3.98 },
        }),
    })
    renderCheckout()
    const code = await main().findByRole('textbox', { name: /coupon code/i })
    await userEvent.type(code, 'verano10')
    await userEvent.click(screen.getByRole('button', { name: /proceed to pay/i }))
    expect(description(code)).toBe('Please press Apply Coupon button to check the code')

    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }))
    expect(await screen.findByText('Discount applied')).toBeTruthy()
    expect(description(code)).toBe('')
    expect(code.getAttribute('aria-invalid')).toBeNull()
    expect(main().getByRole('alert').textContent).not.toContain('Apply Coupon')
  })

  it('asks for the coupon to be applied before paying', async () => {
    await shirtInCart()
    const { checkoutBodies } = server({
      info: info({ paymentMethods: [], subtotal: 0, transportRequired: false }),
    })
    renderCheckout()
    await userEvent.type(await main().findByRole('textbox', { name: /coupon code/i }), 'gratis100')
    await userEvent.click(screen.getByRole('checkbox', { name: /legal conditions/i }))
    await fillGuestDetails('a@b.es')
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(main().getByRole('alert').textContent).toContain(
      'Please press Apply Coupon button to check the code',
    )
    expect(checkoutBodies).toEqual([])
  })

  /** A guest with a shirt in the cart confirms with `email`, and the server answers `refusal`. */
  async function guestRefused(email: string, refusal: () => Response) {
    await shirtInCart()
    server({
      info: info({ transportRequired: false, transports: [], subtotal: 0, paymentMethods: [] }),
      checkout: refusal,
    })
    renderCheckout()
    await main().findByRole('textbox', { name: /^name/i })
    await fillGuestDetails(email)
    await userEvent.click(screen.getByRole('checkbox', { name: /legal conditions/i }))
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
  }

  it('shows the server’s field messages under the fields and its message in the error popup', async () => {
    await guestRefused('new@example.com', () =>
      errorResponse(409, 'validation', 'Check required fields', { phone: 'Enter a phone we can call.' }),
    )

    await waitFor(() =>
      expect(description(main().getByRole('textbox', { name: /^phone/i }))).toBe(
        'Enter a phone we can call.',
      ),
    )
    expect(getErrorPopup()).toBe('Check required fields')
    closeErrorPopup()
    expect(main().queryByRole('button', { name: /log in to buy/i })).toBeNull()
  })

  it('asks a guest whose email has an account to log in, with a button to the login carrying the email', async () => {
    await guestRefused('taken@example.com', () =>
      errorResponse(
        409,
        'login_required',
        'This email has an account. Log in to buy with it, or use another email.',
        {
          email: 'Log in to buy with this email, or use another one.',
        },
      ),
    )

    await waitFor(() =>
      expect(description(main().getByRole('textbox', { name: /^email/i }))).toBe(
        'Log in to buy with this email, or use another one.',
      ),
    )
    expect(main().getByRole('alert').textContent).toBe(
      'This email has an account. Log in to buy with it, or use another email.',
    )
    expect(getErrorPopup()).toBe('This email has an account. Log in to buy with it, or use another email.')
    closeErrorPopup()
    await userEvent.click(main().getByRole('button', { name: 'Log in to buy with this email' }))
    expect(getLoginPrompt()).toMatchObject({ open: true, mode: 'login', backUrl: '/checkout' })
    expect(getCarriedEmail()).toBe('taken@example.com')
  })
})

describe('the checkout of a customer', { timeout: 30_000 }, () => {
  it('pays a booking and a debt with a money voucher: one request however often Pay is pressed', async () => {
    saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    addSaleToCart({
      id: 41,
      title: 'Padel 90 min — Court 2',
      pending: 18,
      holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
    })
    addSaleToCart({ id: 42, title: 'Shop debt', pending: 10 })
    const guid = getCart().guid
    let release: () => void = () => {}
    const { checkoutBodies } = server({
      info: customerInfo({
        lines: [],
        transportRequired: false,
        sales: [
          {
            id: 41,
            title: 'Padel 90 min — Court 2',
            saleNumber: 'S-41',
            pending: 18,
            paid: 0,
            cancelUrl: null,
            holdExpiresAt: null,
          },
          {
            id: 42,
            title: 'Shop debt',
            saleNumber: 'S-42',
            pending: 10,
            paid: 5,
            cancelUrl: null,
            holdExpiresAt: null,
          },
        ],
        subtotal: 33,
        paid: 5,
        vouchers: [
          {
            id: 3,
            voucher: { id: 9, name: 'Money voucher', kind: 0, balance: 50 },
            paymentMethodId: 6,
            saleIds: [41, 42],
            enough: true,
          },
          {
            id: 4,
            voucher: { id: 10, name: 'Ten sessions', kind: 1, balance: 0 },
            paymentMethodId: 7,
            saleIds: [41],
            enough: false,
          },
        ],
      }),
      checkout: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(completed))
        }),
    })
    renderCheckout()

    expect(await screen.findByText(/held for you/i)).toBeTruthy()
    // The time left on the booking's hold counts down beside it.
    expect(screen.getByRole('timer')).toBeTruthy()
    // No delivery form (nothing shipped), no login link, no legal boxes (accepted before).
    expect(main().queryByRole('textbox', { name: /^name/i })).toBeNull()
    expect(screen.queryByRole('button', { name: /already a customer/i })).toBeNull()
    expect(screen.queryByRole('checkbox', { name: /legal conditions/i })).toBeNull()
    expect(total('paid')).toBe(eur('−5 €'))
    expect(total('total')).toBe(eur('28 €'))
    expect((screen.getByRole('radio', { name: /ten sessions/i }) as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByText('Not enough balance')).toBeTruthy()

    await userEvent.click(screen.getByRole('radio', { name: /money voucher/i }))
    const pay = screen.getByRole('button', { name: eur('Proceed to Pay 28 €') })
    await userEvent.click(pay)
    await userEvent.click(pay)
    await userEvent.dblClick(pay)
    release()

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cz/ok?order=W-2026-00501'))
    expect(await screen.findByText('Order W-2026-00501')).toBeTruthy()
    expect(checkoutBodies).toHaveLength(1)
    expect(checkoutBodies[0]).toMatchObject({
      customerId: 7,
      saleItems: [],
      saleIds: [41, 42],
      paymentMethodId: 6,
      voucherId: 9,
      promoCode: null,
      shopTransportId: null,
      guid,
      customer: { id: 7, acceptConditions: true },
    })
    expect(getCart().sales).toEqual([])
  })

  it('asks for the delivery address only when something is shipped, filled from the account', async () => {
    saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    await shirtInCart()
    server({})
    renderCheckout()
    expect(await screen.findByRole('heading', { name: 'Delivery Address' })).toBeTruthy()
    expect((main().getByRole('textbox', { name: /^address/i }) as HTMLInputElement).value).toBe(
      'Carrer Major 3',
    )
  })

  it('shows the server’s refusal at the button and in the error popup', async () => {
    saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    addSaleToCart({ id: 42, title: 'Shop debt', pending: 10 })
    server({
      info: customerInfo({
        lines: [],
        transportRequired: false,
        sales: [
          {
            id: 42,
            title: 'Shop debt',
            saleNumber: 'S-42',
            pending: 10,
            paid: 0,
            cancelUrl: null,
            holdExpiresAt: null,
          },
        ],
        subtotal: 10,
        vouchers: [
          {
            id: 3,
            voucher: { id: 9, name: 'Money voucher', kind: 0, balance: 50 },
            paymentMethodId: 6,
            saleIds: [42],
            enough: true,
          },
        ],
      }),
      checkout: () => errorResponse(422, 'voucher_insufficient', 'The voucher has not enough balance.'),
    })
    renderCheckout()
    await userEvent.click(await screen.findByRole('radio', { name: /money voucher/i }))
    await userEvent.click(screen.getByRole('button', { name: /proceed to pay/i }))
    expect((await main().findByRole('alert')).textContent).toContain('The voucher has not enough balance.')
    expect(getErrorPopup()).toBe('The voucher has not enough balance.')
    closeErrorPopup()
    expect(getCart().sales).toHaveLength(1)
  })
})

describe('the balance of an hours voucher', { timeout: 30_000 }, () => {
  /** A court booking in the cart, and two hours vouchers that can pay it: 10 h and 9,25 h left. */
  function hoursVouchers() {
    saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    addSaleToCart({ id: 41, title: 'Padel 90 min — Court 2', pending: 18 })
    server({
      info: customerInfo({
        lines: [],
        transportRequired: false,
        sales: [
          {
            id: 41,
            title: 'Padel 90 min — Court 2',
            saleNumber: 'S-41',
            pending: 18,
            paid: 0,
            cancelUrl: null,
            holdExpiresAt: null,
          },
        ],
        subtotal: 18,
        vouchers: [
          {
            id: 5,
            voucher: { id: 11, name: 'Court hours', kind: 2, balance: 10 },
            paymentMethodId: 8,
            saleIds: [41],
            enough: true,
          },
          {
            id: 6,
            voucher: { id: 12, name: 'Old court hours', kind: 2, balance: 9.25 },
            paymentMethodId: 8,
            saleIds: [41],
            enough: true,
          },
        ],
      }),
    })
    renderCheckout()
  }

  it("reads in hours, as the voucher page says it (the centre's decimal comma)", async () => {
    hoursVouchers()
    expect(description(await screen.findByRole('radio', { name: /^court hours/i }))).toBe('Balance: 10 h')
    expect(description(screen.getByRole('radio', { name: /old court hours/i }))).toBe('Balance: 9,25 h')
  })

  describe('in Spanish', () => {
    onTheSpanishSite()

    it('reads in hours in Spanish', async () => {
      hoursVouchers()
      expect(description(await screen.findByRole('radio', { name: /^court hours/i }))).toBe('Saldo: 10 h')
      expect(description(screen.getByRole('radio', { name: /old court hours/i }))).toBe('Saldo: 9,25 h')
    })
  })
})

describe('a hold the server has released', { timeout: 30_000 }, () => {
  const released =
    'The hold of sale W-2026-00041 ran out and what it held was released. Remove it from the cart and book again.'
  const spinning = {
    id: 41,
    title: 'Spinning 45 min — Place A8 (Tuesday 19:00, Studio 2)',
    saleNumber: 'W-2026-00041',
    pending: 6,
    cancelUrl: null,
    // Still held by this browser's clock: the server released it first (cancelled, or its clock).
    holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
  }

  it('shows that line as released with the server’s words, and lets the rest of the cart be paid', async () => {
    saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    await shirtInCart()
    addSaleToCart(spinning)
    const infoBodies: Body[] = []
    const checkoutBodies: Body[] = []
    fakeServer({
      ...EMPTY_HOME,
      '/api/shop/checkout-info-by-customer': (_url, init) => {
        const body = bodyOf(init)
        infoBodies.push(body)
        if ((body.saleIds as number[]).includes(41)) return errorResponse(422, 'hold_expired', released)
        return contractResponse(checkoutRoutes.checkoutInfoByCustomer, {
          ok: true,
          data: customerInfo({
            vouchers: [
              {
                id: 3,
                voucher: { id: 9, name: 'Money voucher', kind: 0, balance: 50 },
                paymentMethodId: 6,
                saleIds: [],
                enough: true,
              },
            ],
          }),
        })
      },
      '/api/shop/checkout-customer': (_url, init) => {
        checkoutBodies.push(bodyOf(init))
        return jsonResponse(completed)
      },
    })
    renderCheckout()

    const cartTable = await screen.findByRole('table', { name: /your shopping cart/i })
    expect(screen.queryByText(/technical problems/i)).toBeNull()
    const row = within(cartTable).getByRole('row', { name: (name) => name.includes(spinning.title) })
    expect(within(row).getByText(released, { exact: false })).toBeTruthy()
    expect(within(row).queryByText(/held for you/i)).toBeNull()
    expect(within(cartTable).getByRole('rowheader', { name: 'Club T-shirt (Size M)' })).toBeTruthy()
    expect(infoBodies.at(-1)).toMatchObject({ saleIds: [] })

    await userEvent.click(screen.getByRole('radio', { name: /money voucher/i }))
    await userEvent.click(screen.getByRole('button', { name: eur('Proceed to Pay 44,75 €') }))
    await waitFor(() => expect(checkoutBodies).toHaveLength(1))
    expect(checkoutBodies[0]).toMatchObject({ saleIds: [], saleItems: [{ productId: 12, units: 2 }] })
  })

  it('finds the released sale by asking for each alone when the cart knows no sale numbers', async () => {
    saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    addSaleToCart({ id: 42, title: 'Shop debt', pending: 10 })
    addSaleToCart({ ...spinning, saleNumber: undefined })
    const infoBodies: Body[] = []
    fakeServer({
      ...EMPTY_HOME,
      '/api/shop/checkout-info-by-customer': (_url, init) => {
        const body = bodyOf(init)
        infoBodies.push(body)
        if ((body.saleIds as number[]).includes(41)) return errorResponse(422, 'hold_expired', released)
        return contractResponse(checkoutRoutes.checkoutInfoByCustomer, {
          ok: true,
          data: customerInfo({
            lines: [],
            transportRequired: false,
            subtotal: 10,
            sales: [
              {
                id: 42,
                title: 'Shop debt',
                saleNumber: 'W-2026-00042',
                pending: 10,
                paid: 0,
                cancelUrl: null,
                holdExpiresAt: null,
              },
            ],
          }),
        })
      },
    })
    renderCheckout()
    expect(await screen.findByText(released, { exact: false })).toBeTruthy()
    expect(screen.getByRole('button', { name: eur('Proceed to Pay 10 €') })).toBeTruthy()
    expect(infoBodies.map((body) => body.saleIds)).toEqual([[42, 41], [42], [41], [42]])
  })

  it('keeps the remove button’s words short, the full name read by assistive technology', async () => {
    saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    await shirtInCart()
    addSaleToCart({ ...spinning, holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
    server({})
    renderCheckout()
    const remove = await screen.findByRole('button', { name: `Remove ${spinning.title}` })
    expect(visibleText(remove)).toBe('Remove')

    // One click takes the line out of the cart; the rest stays.
    await userEvent.click(remove)
    await waitFor(() => expect(getCart().sales).toEqual([]))
    expect(getCart().sItems).toHaveLength(1)
  })

  it('shows the empty cart, not Confirm, when nothing is left to pay', async () => {
    saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
    addSaleToCart(spinning)
    fakeServer({
      ...EMPTY_HOME,
      '/api/shop/checkout-info-by-customer': (_url, init) =>
        (bodyOf(init).saleIds as number[]).includes(41)
          ? errorResponse(422, 'hold_expired', released)
          : contractResponse(checkoutRoutes.checkoutInfoByCustomer, {
              ok: true,
              data: customerInfo({ lines: [], subtotal: 0, transportRequired: false }),
            }),
    })
    renderCheckout()
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull()
    expect(screen.queryByText(/nothing to pay/i)).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: `Remove ${spinning.title}` }))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'))
  })
})

describe('without a cart', { timeout: 30_000 }, () => {
  it('goes to the home page', async () => {
    server({})
    renderCheckout()
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'))
  })
})
