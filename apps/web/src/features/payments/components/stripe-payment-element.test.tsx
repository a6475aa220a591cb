import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18next } from '../../../lib/i18n/index.ts'
import { stripeTextsEnUS, stripeTextsEsES } from '../stripe-texts.ts'
import { StripePaymentPopup } from './stripe-payment-popup.tsx'
import { expectWarnings } from '../../../test/console-watch.ts'

type ConfirmAnswer = { error?: { type: string; code?: string; message?: string } }

/**
 * A tiny stand-in of Stripe.js on `window.Stripe`: its Payment Element is one labelled input, and
 * what `confirmPayment` answers is set by each test. `@stripe/stripe-js` keeps the first
 * `window.Stripe` it finds, so there is one for the whole file.
 */
const confirmPayment = vi.fn<(params: unknown) => Promise<ConfirmAnswer>>()
const elementsOptions = vi.fn()
function StandInStripe(publishableKey: string) {
  expect(publishableKey).toBe('pk_component_test')
  return {
    elements(options: unknown) {
      elementsOptions(options)
      return {
        create: () => ({
          mount(node: HTMLElement) {
            const label = document.createElement('label')
            label.textContent = 'Card number'
            label.appendChild(document.createElement('input'))
            node.appendChild(label)
          },
          destroy() {},
          on() {},
          off() {},
          update() {},
        }),
        update() {},
      }
    },
    confirmPayment,
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
  }
}

function renderPopup(onClose = vi.fn()) {
  render(
    <StripePaymentPopup
      open
      clientSecret="pi_123_secret_abc"
      publishableKey="pk_component_test"
      scriptUrl={null}
      onClose={onClose}
    />,
  )
  return onClose
}

describe('the card payment popup', () => {
  beforeAll(() => {
    window.Stripe = StandInStripe as unknown as typeof window.Stripe
  })
  afterEach(() => {
    confirmPayment.mockReset()
    elementsOptions.mockReset()
  })

  it('shows the Payment Element and confirms with the return page of this site', async () => {
    const user = userEvent.setup()
    confirmPayment.mockReturnValue(new Promise(() => {}))
    renderPopup()

    expect(await screen.findByRole('dialog', { name: 'Pay by card' })).toBeTruthy()
    await screen.findByRole('textbox', { name: 'Card number' })
    expect(elementsOptions).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'pi_123_secret_abc' }),
    )
    await user.click(screen.getByRole('button', { name: 'Confirm' }))

    expect(confirmPayment).toHaveBeenCalledWith({
      elements: expect.anything(),
      confirmParams: { return_url: `${window.location.origin}/stripe-callback` },
    })
    expect(screen.getByRole('button', { name: /Confirming your payment/ }).getAttribute('aria-busy')).toBe(
      'true',
    )
  })

  it("shows the provider's message when the card is refused, and lets the customer try again", async () => {
    const user = userEvent.setup()
    confirmPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    })
    renderPopup()
    await screen.findByRole('textbox', { name: 'Card number' })

    await user.click(screen.getByRole('button', { name: 'Confirm' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.')
    expect(screen.getByRole('button', { name: 'Confirm' }).getAttribute('aria-busy')).toBeNull()
  })

  it("shows the provider's message for a form the customer left incomplete", async () => {
    const user = userEvent.setup()
    confirmPayment.mockResolvedValue({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    })
    renderPopup()
    await screen.findByRole('textbox', { name: 'Card number' })

    await user.click(screen.getByRole('button', { name: 'Confirm' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.')
  })

  it('shows the crash message for any other error, never its details', async () => {
    const user = userEvent.setup()
    expectWarnings()
    confirmPayment.mockResolvedValue({
      error: { type: 'api_error', message: 'Internal: shard 7 unavailable' },
    })
    renderPopup()
    await screen.findByRole('textbox', { name: 'Card number' })

    await user.click(screen.getByRole('button', { name: 'Confirm' }))

    expect((await screen.findByRole('alert')).textContent).toBe(i18next.t('messages.crash'))
    vi.mocked(console.warn).mockRestore()
  })

  it('closes when the customer closes it', async () => {
    const user = userEvent.setup()
    const onClose = renderPopup()
    await screen.findByRole('textbox', { name: 'Card number' })

    await user.click(screen.getByRole('button', { name: 'Close' }))

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(confirmPayment).not.toHaveBeenCalled()
  })

  it('has its texts in English and Spanish', () => {
    expect(Object.keys(stripeTextsEsES.stripePayment)).toEqual(Object.keys(stripeTextsEnUS.stripePayment))
    expect(i18next.t('stripePayment.title' as never, { lng: 'es-ES' })).toBe('Pagar con tarjeta')
  })
})
