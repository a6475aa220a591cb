import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'react-router'
import { paymentRoutes, type PaymentStatusAnswer, type RouteDef } from '@clubhouse/contract'
import { addToCart, getCart } from '../../features/cart/cart-store.ts'
import { contractResponse, EMPTY_HOME, errorResponse, fakeServer } from '../../test/fake-server.ts'
import { onTheSpanishSite } from '../../test/language.ts'
import { renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname + location.search}</p>
}
const where = () => screen.getByTestId('where').textContent

const paid: PaymentStatusAnswer = { ok: true, retry: false, orderNumber: 'W-2026-00501', errorMsg: null }
const processing: PaymentStatusAnswer = { ok: false, retry: true, orderNumber: null, errorMsg: null }
const failed: PaymentStatusAnswer = {
  ok: false,
  retry: false,
  orderNumber: null,
  errorMsg: 'The payment has not been completed.',
}

/** Answers the status route with `answers` in turn (the last one again), noting when each was asked. */
function statusServer(
  path: string,
  answers: PaymentStatusAnswer[],
  route: RouteDef = paymentRoutes.stripeStatus,
) {
  const asked: Array<{ url: URL; at: number; method: string }> = []
  fakeServer({
    ...EMPTY_HOME,
    [path]: (url, init) => {
      asked.push({ url, at: Date.now(), method: init?.method ?? 'GET' })
      return contractResponse(route, answers[Math.min(asked.length - 1, answers.length - 1)]!)
    },
  })
  return asked
}

const renderAt = (route: string) =>
  renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route },
  )

/** Lets the fake clock run `ms`, one second at a time, with the answers in between. */
async function wait(ms: number) {
  for (let left = ms; left > 0; left -= 1000) await act(() => vi.advanceTimersByTimeAsync(1000))
}

beforeEach(() => {
  // The clock runs as it does, and the tests make it jump the page's second between two asks.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the return from the card payment-intent provider', { timeout: 30_000 }, () => {
  it('says the payment is processing, then goes to /cz/ok with the order when Stripe says paid', async () => {
    const asked = statusServer('/api/stripe/status/pi_3Abc', [paid])
    renderAt('/stripe-callback?reference=2026AB12CD34&payment_intent=pi_3Abc&redirect_status=succeeded')

    await screen.findByRole('heading', { name: 'The payment has been processed successfully' })
    expect(where()).toBe('/cz/ok?order=W-2026-00501')
    expect(screen.getByText('Order W-2026-00501')).toBeTruthy()
    expect(asked.map((call) => call.url.search)).toEqual(['?reference=2026AB12CD34'])
  })

  it('asks again a second later while the payment is processing, then goes to /cz/ok', async () => {
    const asked = statusServer('/api/stripe/status/pi_3Abc', [processing, processing, paid])
    renderAt('/stripe-callback?payment_intent=pi_3Abc')

    await screen.findByRole('heading', { name: 'Processing payment please wait...' })
    expect(asked).toHaveLength(1)
    await wait(1000)
    expect(asked).toHaveLength(2)
    expect(where()).toBe('/stripe-callback?payment_intent=pi_3Abc')
    await wait(1000)
    await screen.findByRole('heading', { name: 'The payment has been processed successfully' })
    expect(where()).toBe('/cz/ok?order=W-2026-00501')
    // A second apart, never sooner.
    expect(asked[1]!.at - asked[0]!.at).toBeGreaterThanOrEqual(1000)
    expect(asked[2]!.at - asked[1]!.at).toBeGreaterThanOrEqual(1000)
  })

  it('goes to /cz/ko when the payment failed', async () => {
    statusServer('/api/stripe/status/pi_3Abc', [failed])
    renderAt('/stripe-callback?payment_intent=pi_3Abc')
    await screen.findByRole('heading', { name: /the payment has not been completed/i })
    expect(where()).toBe('/cz/ko')
  })

  it('gives up after 10 retries and goes to /cz/ko', async () => {
    const asked = statusServer('/api/stripe/status/pi_3Abc', [processing])
    renderAt('/stripe-callback?payment_intent=pi_3Abc')
    await screen.findByRole('heading', { name: 'Processing payment please wait...' })
    await wait(10_000)
    await screen.findByRole('heading', { name: /the payment has not been completed/i })
    expect(asked).toHaveLength(11)
  })

  it('goes to /cz/ko when the provider cannot be read', async () => {
    fakeServer({
      ...EMPTY_HOME,
      '/api/stripe/status/pi_3Abc': () => errorResponse(503, 'provider_unavailable', 'Try again.'),
    })
    renderAt('/stripe-callback?payment_intent=pi_3Abc')
    await screen.findByRole('heading', { name: /the payment has not been completed/i })
    expect(where()).toBe('/cz/ko')
  })

  describe('in Spanish', () => {
    onTheSpanishSite()

    it('says the payment is processing in Spanish', async () => {
      statusServer('/api/stripe/status/pi_3Abc', [processing])
      renderAt('/stripe-callback?payment_intent=pi_3Abc')
      await screen.findByRole('heading', { name: 'Procesando el pago, espera por favor...' })
    })
  })
})

describe('the return from the card tokenizer’s 3-D Secure', { timeout: 30_000 }, () => {
  it('posts the callback once and goes to /cz/ok with the order when it is paid', async () => {
    const asked = statusServer('/api/netpay/callback/41/tx_9f8e', [paid], paymentRoutes.netpayCallback)
    renderAt('/netpay-callback?id=41&transaction_token=tx_9f8e')
    await screen.findByRole('heading', { name: 'The payment has been processed successfully' })
    expect(where()).toBe('/cz/ok?order=W-2026-00501')
    expect(asked.map((call) => call.method)).toEqual(['POST'])
  })

  it('goes to /cz/ko when it is not paid', async () => {
    statusServer('/api/netpay/callback/42/tx_9f8e', [failed], paymentRoutes.netpayCallback)
    renderAt('/netpay-callback?id=42&transaction_token=tx_9f8e')
    await screen.findByRole('heading', { name: /the payment has not been completed/i })
    expect(where()).toBe('/cz/ko')
  })
})

describe('/cz/ok back from Redsys', { timeout: 30_000 }, () => {
  it('waits for the payment named by its reference, then says it is paid and empties the cart', async () => {
    await addToCart({ id: 12, name: 'Club T-shirt', logo: '', grossPrice: 19.9 }, 1)
    const asked = statusServer(
      '/api/payments/status/2026AB12CD34',
      [processing, paid],
      paymentRoutes.paymentStatus,
    )
    renderAt('/cz/ok?order=W-2026-00501&payment=2026AB12CD34')

    await screen.findByRole('heading', { name: 'Processing payment please wait...' })
    // Not paid yet: the cart stays until it is.
    expect(getCart().sItems).toHaveLength(1)
    await wait(1000)
    await screen.findByRole('heading', { name: 'The payment has been processed successfully' })
    expect(screen.getByText('Order W-2026-00501')).toBeTruthy()
    expect(asked).toHaveLength(2)
    expect(getCart().sItems).toHaveLength(0)
  })

  it('goes to /cz/ko when the payment was not made', async () => {
    await addToCart({ id: 12, name: 'Club T-shirt', logo: '', grossPrice: 19.9 }, 1)
    statusServer('/api/payments/status/2026AB12CD34', [failed], paymentRoutes.paymentStatus)
    renderAt('/cz/ok?order=W-2026-00501&payment=2026AB12CD34')
    await screen.findByRole('heading', { name: /the payment has not been completed/i })
    expect(where()).toBe('/cz/ko')
    expect(getCart().sItems).toHaveLength(1)
  })
})
