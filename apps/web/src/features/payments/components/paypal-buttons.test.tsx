import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PayPalButtonsComponentOptions, PayPalNamespace } from '@paypal/paypal-js'
import { LazyPayPalButtons } from './lazy-paypal-buttons.tsx'
import type { PayPalButtonsProps } from './paypal-buttons.tsx'

/** What the stand-in's order authorisation answers, per test. */
let authorize: () => Promise<unknown>
/** The options our component gave `paypal.Buttons`, to play PayPal's part with. */
let buttonOptions: PayPalButtonsComponentOptions | undefined
let loadedScripts: string[] = []
let observer: MutationObserver

/**
 * A stand-in of PayPal's JS SDK: when the loader adds its script tag, `window.paypal` appears and the
 * tag "loads" (or fails, with `fail`). Its button calls createOrder, then onApprove or onCancel.
 */
function standInPayPal({ fail = false } = {}) {
  const paypal: PayPalNamespace = {
    version: 'test',
    Buttons: (options) => {
      buttonOptions = options
      let root: HTMLElement | undefined
      return {
        isEligible: () => true,
        render: async (container) => {
          root = document.createElement('button')
          root.textContent = 'PayPal (stand-in)'
          root.addEventListener(
            'click',
            () => void options?.createOrder?.({ paymentSource: 'paypal' }, { order: {} } as never),
          )
          ;(container as HTMLElement).appendChild(root)
        },
        close: async () => root?.remove(),
        updateProps: async () => {},
        resume: () => {},
        hasReturned: () => false,
      }
    },
  }
  observer = new MutationObserver((mutations) => {
    for (const node of mutations.flatMap((m) => [...m.addedNodes])) {
      if (!(node instanceof HTMLScriptElement)) continue
      loadedScripts.push(node.src)
      if (!fail) window.paypal = paypal
      node.dispatchEvent(new Event(fail ? 'error' : 'load'))
    }
  })
  observer.observe(document.head, { childList: true })
}

function renderButtons(overrides: Partial<PayPalButtonsProps> = {}) {
  const props: PayPalButtonsProps = {
    clientId: 'club-client-id',
    currency: 'EUR',
    createOrder: vi.fn(async () => 'ORDER123'),
    onApproved: vi.fn(async () => {}),
    onError: vi.fn(),
    ...overrides,
  }
  render(<LazyPayPalButtons {...props} />)
  return props
}

/** PayPal's side after the buyer pressed the button and approved in PayPal's window. */
async function buyerApproves() {
  await userEvent.click(await screen.findByRole('button', { name: 'PayPal (stand-in)' }))
  await act(() => buttonOptions?.onApprove?.({ orderID: 'ORDER123' }, { order: { authorize } } as never))
}

beforeEach(() => {
  buttonOptions = undefined
  loadedScripts = []
  authorize = async () => ({
    id: 'ORDER123',
    purchase_units: [{ payments: { authorizations: [{ id: 'AUTH9' }] } }],
  })
})
afterEach(() => {
  observer.disconnect()
  delete window.paypal
  document.head.querySelectorAll('script').forEach((script) => script.remove())
})

describe('PayPal buttons', () => {
  it('load PayPal with intent authorize, the checkout currency, and card, credit and mercadopago left out', async () => {
    standInPayPal()
    renderButtons({ sdkBaseUrl: 'http://127.0.0.1:3000/sandbox/paypal/sdk/js' })

    expect(await screen.findByRole('group', { name: 'Pay with PayPal' })).toBeDefined()
    await screen.findByRole('button', { name: 'PayPal (stand-in)' })
    const url = new URL(loadedScripts[0] ?? '')
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:3000/sandbox/paypal/sdk/js')
    expect(url.searchParams.get('client-id')).toBe('club-client-id')
    expect(url.searchParams.get('currency')).toBe('EUR')
    expect(url.searchParams.get('intent')).toBe('authorize')
    expect(url.searchParams.get('disable-funding')).toBe('credit,card,mercadopago')
  })

  it('load PayPal’s own SDK when no base is given', async () => {
    standInPayPal()
    renderButtons()
    await screen.findByRole('button', { name: 'PayPal (stand-in)' })
    expect(loadedScripts[0]).toMatch(/^https:\/\/www\.paypal\.com\/sdk\/js\?/)
  })

  it('create the order through our server, authorise it on approval and hand both ids on', async () => {
    standInPayPal()
    const props = renderButtons()

    await buyerApproves()

    expect(props.createOrder).toHaveBeenCalledOnce()
    expect(props.onApproved).toHaveBeenCalledWith('ORDER123', 'AUTH9')
    expect(props.onError).not.toHaveBeenCalled()
  })

  it('report an approval PayPal did not authorise as an error, without calling our server', async () => {
    standInPayPal()
    authorize = async () => ({ id: 'ORDER123', purchase_units: [{}] })
    const props = renderButtons()

    await buyerApproves()

    expect(props.onApproved).not.toHaveBeenCalled()
    expect(props.onError).toHaveBeenCalledOnce()
  })

  it('say the buyer closed PayPal, and let them try again', async () => {
    standInPayPal()
    renderButtons()
    await screen.findByRole('button', { name: 'PayPal (stand-in)' })

    act(() => buttonOptions?.onCancel?.({ orderID: 'ORDER123' }, {} as never))

    expect(
      await screen.findByText('You closed PayPal before paying. You can try again when you are ready.'),
    ).toBeDefined()
    expect(screen.getByRole('button', { name: 'PayPal (stand-in)' })).toBeDefined()
  })

  it('say so when PayPal cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    standInPayPal({ fail: true })
    renderButtons()
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'PayPal could not be loaded. Please try again later or choose another payment method.',
    )
  })
})
