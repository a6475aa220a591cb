import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'react-router'
import { checkoutRoutes, paymentRoutes, type CheckoutInfo, type PaymentMethod } from '@clubhouse/contract'
import { addToCart, getCart } from '../../features/cart/cart-store.ts'
import type { PayPalButtonsProps } from '../../features/payments/components/paypal-buttons.tsx'
import { leaveFor } from '../../features/payments/leave-site.ts'
import type { NetPayJs } from '../../features/payments/netpay-tokenize.ts'
import { closeErrorPopup } from '../../lib/error-popup.ts'
import { saveSession } from '../../lib/storage.ts'
import { contractResponse, EMPTY_HOME, errorResponse, fakeServer } from '../../test/fake-server.ts'
import { onTheSpanishSite } from '../../test/language.ts'
import { jsonResponse, renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'

// The providers' own scripts cannot run here: their components are stood in for, and where the
// browser leaves for a provider's page is recorded instead.
vi.mock('../../features/payments/leave-site.ts', () => ({ leaveFor: vi.fn() }))

const stripePopups: Array<Record<string, unknown>> = []
vi.mock('../../features/payments/components/stripe-payment-popup.tsx', () => ({
  StripePaymentPopup: (props: Record<string, unknown>) => {
    stripePopups.push(props)
    return props.open ? <div role="dialog" aria-label="Stripe (stand-in)" /> : null
  },
}))

/** PayPal's button as the buyer uses it: it asks for the order, the buyer approves, PayPal authorises. */
vi.mock('../../features/payments/components/lazy-paypal-buttons.tsx', () => ({
  LazyPayPalButtons: ({ createOrder, onApproved, onError, clientId, currency }: PayPalButtonsProps) => (
    <button
      type="button"
      data-client={`${clientId} ${currency}`}
      onClick={() => {
        createOrder()
          .then((orderId) => onApproved(orderId, 'AUTH-77'))
          .catch(onError)
      }}
    >
      PayPal (stand-in)
    </button>
  ),
}))

type Body = Record<string, unknown>
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Body

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname + location.search}</p>
}
const where = () => screen.getByTestId('where').textContent

const method = (id: PaymentMethod['id'], name: string, over: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id,
  tokenId: null,
  name,
  description: '',
  type: id === 9 ? 'wallet' : 'card',
  allowTokenization: false,
  available: true,
  ...over,
})

/** A customer's checkout of two shirts, every provider offered, in the sandbox. */
function info(overrides: Partial<CheckoutInfo> = {}): CheckoutInfo {
  return {
    paymentMethods: [
      method(1, 'Card (Redsys)'),
      method(9, 'PayPal'),
      method(10, 'Card (NetPay)', { allowTokenization: true }),
      method(14, 'Card (Stripe)'),
      method(15, 'Card on file', { allowTokenization: true }),
      method(15, 'Visa ending 0004', { tokenId: 5 }),
    ],
    transports: [],
    vouchers: [],
    lines: [
      {
        productId: 12,
        stockParentId: null,
        name: 'Club T-shirt',
        logo: '',
        units: 2,
        unitPrice: 19.9,
        total: 39.8,
        taxPercent: 21,
        transportRequired: false,
        stock: 8,
      },
    ],
    sales: [],
    subtotal: 39.8,
    paid: 0,
    transportRequired: false,
    name: 'Marta',
    surname: 'Soler',
    addressLine1: 'Carrer Major 3',
    city: 'València',
    town: 'València',
    country: 'Spain',
    postalCode: '46001',
    email: 'marta@example.com',
    phone: '600111222',
    password: '',
    password2: '',
    okRss: true,
    acceptConditions: true,
    payPalId: 'sandbox-client-id',
    currency: 'EUR',
    netPayPublicKey: 'pk_netpay_sandbox',
    netPayProdMode: false,
    paymentScripts: {
      sandbox: true,
      payPalSdkUrl: '/sandbox/paypal/sdk/js',
      stripeScriptUrl: '/sandbox/stripe/v3',
      netPayScriptUrl: '/sandbox/netpay/netpay.js',
      cardScriptUrl: '/sandbox/redsys/sis/NC/sandbox/redsysV3.js',
    },
    ...overrides,
  }
}

/** The checkout's answer: a pending order with what the provider's step needs. */
const pending = (model: Body = {}) => ({
  ok: true,
  model: {
    errorMsg: null,
    saleId: 501,
    saleNumber: 'W-2026-00501',
    total: 39.8,
    completed: false,
    customerId: 7,
    redsysData: null,
    paypal: null,
    stripe: null,
    publicKey: null,
    redirectUrl: null,
    paymentReference: '2026AB12CD34',
    ...model,
  },
})

function server(options: {
  info?: CheckoutInfo
  checkout?: (body: Body) => Response
  paypalCallback?: (body: Body) => Response
}) {
  const checkoutBodies: Body[] = []
  const callbacks: Body[] = []
  fakeServer({
    ...EMPTY_HOME,
    '/api/shop/checkout-info-by-customer': () =>
      contractResponse(checkoutRoutes.checkoutInfoByCustomer, { ok: true, data: options.info ?? info() }),
    '/api/shop/checkout-customer': (_url, init) => {
      checkoutBodies.push(bodyOf(init))
      return options.checkout?.(bodyOf(init)) ?? jsonResponse(pending({ completed: true }))
    },
    '/api/paypal/callback': (_url, init) => {
      callbacks.push(bodyOf(init))
      return (
        options.paypalCallback?.(bodyOf(init)) ??
        contractResponse(paymentRoutes.paypalCallback, {
          ok: true,
          retry: false,
          orderNumber: 'W-2026-00501',
          errorMsg: null,
        })
      )
    },
  })
  return { checkoutBodies, callbacks }
}

async function renderCheckout() {
  await addToCart({ id: 12, name: 'Club T-shirt', logo: '', grossPrice: 19.9 }, 2)
  renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route: '/checkout' },
  )
  return screen.findByRole('button', { name: /proceed to pay|pagar/i })
}

const choose = async (name: string | RegExp) => userEvent.click(await screen.findByRole('radio', { name }))

async function fillCard(dialog: HTMLElement, number = '4548812049400004') {
  const box = within(dialog)
  await userEvent.type(box.getByRole('textbox', { name: /cardholder name|titular/i }), 'Marta Soler')
  await userEvent.type(box.getByRole('textbox', { name: /card number|número de tarjeta/i }), number)
  await userEvent.type(box.getByRole('textbox', { name: /expiry|caducidad/i }), '1249')
  await userEvent.type(box.getByRole('textbox', { name: /security code|código de seguridad/i }), '123')
}

beforeEach(() => {
  saveSession('c'.repeat(64), { id: 7 }, Date.now() + 3_600_000)
  stripePopups.length = 0
  vi.mocked(leaveFor).mockClear()
})

afterEach(() => {
  vi.restoreAllMocks()
  closeErrorPopup()
  delete window.NetPay
  delete window.redsysSandbox
})

describe('the payment step', { timeout: 30_000 }, () => {
  it('says the site takes test payments only in the sandbox', async () => {
    server({})
    await renderCheckout()
    expect(screen.getByRole('note').textContent).toBe('Sandbox — test payments only, no real money moves')
  })

  it('shows something under a method only when it has something to show', async () => {
    server({})
    await renderCheckout()
    await choose('Card on file')
    // No empty boxes under the methods: only PayPal's button, once PayPal is chosen.
    expect(document.querySelectorAll('.method__extra')).toHaveLength(0)
    await choose('PayPal')
    expect(document.querySelectorAll('.method__extra')).toHaveLength(1)
  })

  it('posts Redsys’s three signed fields to its page in a hidden form', async () => {
    const submitted: HTMLFormElement[] = []
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this)
    })
    const { checkoutBodies } = server({
      checkout: () =>
        jsonResponse(
          pending({
            redsysData: {
              url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
              data: {
                ds_SignatureVersion: 'HMAC_SHA256_V1',
                ds_MerchantParameters: 'eyJ9',
                ds_Signature: 'c2ln',
              },
            },
          }),
        ),
    })
    const pay = await renderCheckout()
    await choose('Card (Redsys)')
    await userEvent.click(pay)

    await waitFor(() => expect(submitted).toHaveLength(1))
    const form = submitted[0]!
    expect(form.method).toBe('post')
    expect(form.action).toBe('https://sis-t.redsys.es:25443/sis/realizarPago')
    expect(Object.fromEntries(new FormData(form))).toEqual({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: 'eyJ9',
      Ds_Signature: 'c2ln',
    })
    expect(checkoutBodies[0]).toMatchObject({ paymentMethodId: 1, tokenId: null })
    // The cart is kept until the payment is known to be made.
    expect(getCart().sItems).toHaveLength(1)
  })

  it('opens Stripe’s popup with the client secret, the key and the sandbox’s script', async () => {
    server({
      checkout: () =>
        jsonResponse(pending({ stripe: 'pi_123_secret_456', publicKey: 'pk_test_sandbox_clubhouse' })),
    })
    const pay = await renderCheckout()
    await choose('Card (Stripe)')
    await userEvent.click(pay)

    await screen.findByRole('dialog', { name: 'Stripe (stand-in)' })
    expect(stripePopups.at(-1)).toMatchObject({
      open: true,
      clientSecret: 'pi_123_secret_456',
      publishableKey: 'pk_test_sandbox_clubhouse',
      scriptUrl: '/sandbox/stripe/v3',
      // A guest's return is matched by our reference.
      returnPath: '/stripe-callback?reference=2026AB12CD34',
    })
  })

  it('pays with PayPal’s button inside its method: the order, the callback, then /cz/ok', async () => {
    const { checkoutBodies, callbacks } = server({
      checkout: () => jsonResponse(pending({ paypal: 'PAYPAL-ORDER-9' })),
    })
    await renderCheckout()
    await choose('PayPal')
    const method = screen.getByRole('radio', { name: 'PayPal' }).closest('li')!
    const button = await within(method).findByRole('button', { name: 'PayPal (stand-in)' })
    expect(button.dataset.client).toBe('sandbox-client-id EUR')
    // PayPal's button pays: the page's own Pay is not offered beside it.
    expect(screen.queryByRole('button', { name: /proceed to pay/i })).toBeNull()

    await userEvent.click(button)
    await waitFor(() => expect(where()).toBe('/cz/ok?order=W-2026-00501'))
    expect(checkoutBodies[0]).toMatchObject({ paymentMethodId: 9 })
    expect(callbacks).toEqual([{ orderId: 'PAYPAL-ORDER-9', authorizationId: 'AUTH-77' }])
  })

  it('goes to /cz/ko when PayPal’s authorization is not confirmed', async () => {
    server({
      checkout: () => jsonResponse(pending({ paypal: 'PAYPAL-ORDER-9' })),
      paypalCallback: () =>
        contractResponse(paymentRoutes.paypalCallback, {
          ok: false,
          retry: false,
          orderNumber: null,
          errorMsg: 'The payment has not been completed.',
        }),
    })
    await renderCheckout()
    await choose('PayPal')
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal (stand-in)' }))
    await waitFor(() => expect(where()).toBe('/cz/ko'))
  })

  it('tokenises the card with NetPay, sends only the token, and follows 3-D Secure', async () => {
    const created: unknown[] = []
    const netPay: NetPayJs = {
      setApiKey: vi.fn(),
      setSandboxMode: vi.fn(),
      token: {
        create: (card, success) => {
          created.push(card)
          success({ message: { data: JSON.stringify({ token: 'tok_netpay_0001' }) } })
        },
      },
    }
    window.NetPay = netPay
    const { checkoutBodies } = server({
      checkout: () => jsonResponse(pending({ errorMsg: 'netpay3ds-https://3ds.netpay.example/auth?t=1' })),
    })
    const pay = await renderCheckout()
    await choose('Card (NetPay)')
    await userEvent.click(pay)

    const dialog = await screen.findByRole('dialog', { name: 'Pay' })
    expect(within(dialog).getByRole('checkbox', { name: 'Save card for future shoppings?' })).toBeTruthy()
    await fillCard(dialog, '4000000000000002')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Save card for future shoppings?' }))
    await userEvent.click(within(dialog).getByRole('button', { name: /proceed to pay/i }))

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://3ds.netpay.example/auth?t=1'))
    expect(netPay.setApiKey).toHaveBeenCalledWith('pk_netpay_sandbox')
    expect(netPay.setSandboxMode).toHaveBeenCalledWith(true)
    expect(created).toEqual([{ cardNumber: '4000000000000002', expMonth: '12', expYear: '49', cvv2: '123' }])
    expect(checkoutBodies).toHaveLength(1)
    expect(checkoutBodies[0]).toMatchObject({
      paymentMethodId: 10,
      tokenId: null,
      saveCreditCard: true,
      tpvOnlineInfoTemp: { token: 'tok_netpay_0001' },
    })
    // No card number travels to our server.
    expect(JSON.stringify(checkoutBodies[0])).not.toContain('4000000000000002')
  })

  it('shows the provider’s decline in the card popup, and a new try pays', async () => {
    window.NetPay = {
      setApiKey: () => {},
      setSandboxMode: () => {},
      token: { create: (_card, success) => success({ message: { data: '{"token":"tok_netpay_0002"}' } }) },
    }
    let answers = 0
    server({
      checkout: () =>
        ++answers === 1
          ? errorResponse(402, 'payment_declined', 'Card declined by the issuer.')
          : jsonResponse(pending({ completed: true })),
    })
    const pay = await renderCheckout()
    await choose('Card (NetPay)')
    await userEvent.click(pay)
    const dialog = await screen.findByRole('dialog', { name: 'Pay' })
    await fillCard(dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: /proceed to pay/i }))

    await within(dialog).findByText('Card declined by the issuer.')
    expect(getCart().sItems).toHaveLength(1)
    await userEvent.click(within(dialog).getByRole('button', { name: /proceed to pay/i }))
    await waitFor(() => expect(where()).toBe('/cz/ok?order=W-2026-00501'))
  })

  it('takes a new card on file through Redsys’s tokeniser, sending its idOper', async () => {
    const tokenize = vi.fn(async () => ({ idOper: 'idoper-sandbox-0001' }))
    window.redsysSandbox = { tokenize }
    const { checkoutBodies } = server({})
    const pay = await renderCheckout()
    await choose('Card on file')
    await userEvent.click(pay)
    const dialog = await screen.findByRole('dialog', { name: 'Pay' })
    await fillCard(dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: /proceed to pay/i }))

    await waitFor(() => expect(where()).toBe('/cz/ok?order=W-2026-00501'))
    expect(tokenize).toHaveBeenCalledWith(
      expect.objectContaining({ cardNumber: '4548812049400004', expiry: '12/49', cvv: '123' }),
    )
    expect(checkoutBodies[0]).toMatchObject({
      paymentMethodId: 15,
      tokenId: null,
      saveCreditCard: false,
      tpvOnlineInfoTemp: { token: 'idoper-sandbox-0001' },
    })
  })

  it('sends card on file to Redsys’s page, asking first whether to keep the card, where no card form is loaded', async () => {
    const submitted: HTMLFormElement[] = []
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this)
    })
    const { checkoutBodies } = server({
      info: info({ paymentScripts: { ...info().paymentScripts, cardScriptUrl: null } }),
      checkout: () =>
        jsonResponse(
          pending({
            redsysData: {
              url: 'https://sis.redsys.es/sis/realizarPago',
              data: {
                ds_SignatureVersion: 'HMAC_SHA256_V1',
                ds_MerchantParameters: 'eyJ9',
                ds_Signature: 'c2ln',
              },
            },
          }),
        ),
    })
    const pay = await renderCheckout()
    await choose(/^card on file/i)
    const keep = screen.getByRole('checkbox', { name: 'Save card for future shoppings?' })
    expect(keep.getAttribute('aria-describedby')).toBeTruthy()
    await userEvent.click(keep)
    await userEvent.click(pay)

    await waitFor(() => expect(submitted).toHaveLength(1))
    expect(submitted[0]!.action).toBe('https://sis.redsys.es/sis/realizarPago')
    // No card popup: the card is typed on Redsys's page.
    expect(screen.queryByRole('dialog', { name: 'Pay' })).toBeNull()
    expect(checkoutBodies[0]).toMatchObject({ paymentMethodId: 15, tokenId: null, saveCreditCard: true })
    // A saved card needs no question.
    await choose(/visa ending 0004/i)
    expect(screen.queryByRole('checkbox', { name: 'Save card for future shoppings?' })).toBeNull()
  })

  it('pays with a saved card at once, naming it', async () => {
    const { checkoutBodies } = server({})
    const pay = await renderCheckout()
    await choose(/visa ending 0004/i)
    await userEvent.click(pay)

    await waitFor(() => expect(where()).toBe('/cz/ok?order=W-2026-00501'))
    expect(screen.queryByRole('dialog', { name: 'Pay' })).toBeNull()
    expect(checkoutBodies[0]).toMatchObject({ paymentMethodId: 15, tokenId: 5 })
  })

  it('shows a decline with the provider’s words and keeps the cart to pay again', async () => {
    server({ checkout: () => errorResponse(402, 'payment_declined', 'Denegada por el emisor (0190).') })
    const pay = await renderCheckout()
    await choose(/visa ending 0004/i)
    await userEvent.click(pay)

    const main = within(screen.getByRole('main'))
    await waitFor(() => expect(main.getByRole('alert').textContent).toBe('Denegada por el emisor (0190).'))
    expect(where()).toBe('/checkout')
    expect(getCart().sItems).toHaveLength(1)
  })

  describe('in Spanish', () => {
    onTheSpanishSite()

    it('says the sandbox and the card popup in Spanish', async () => {
      server({})
      const pay = await renderCheckout()
      expect(screen.getByRole('note').textContent).toBe(
        'Sandbox — solo pagos de prueba, no se mueve dinero real',
      )
      await choose('Card on file')
      await userEvent.click(pay)
      const dialog = await screen.findByRole('dialog', { name: 'Pagar' })
      expect(
        within(dialog).getByRole('checkbox', { name: '¿Guardar la tarjeta para futuras compras?' }),
      ).toBeTruthy()
    })
  })
})
