import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadNetPay, tokenizeCard, type NetPayJs } from './netpay-tokenize.ts'

const card = { name: 'Ana Ruiz', number: '4242 4242 4242 4242', expMonth: '7', expYear: '2029', cvv: '123' }

/** A stand-in NetpayJS that answers as `answer` says, and remembers what it was given. */
function standIn(answer: (ok: (e: unknown) => void, ko: (e: unknown) => void) => void) {
  const calls: unknown[] = []
  const netPay: NetPayJs = {
    setApiKey: vi.fn(),
    setSandboxMode: vi.fn(),
    token: {
      create: (entry, ok, ko) => {
        calls.push(entry)
        answer(ok, ko)
      },
    },
  }
  return { netPay, calls }
}

afterEach(() => {
  delete window.NetPay
  document.head.querySelectorAll('script').forEach((script) => script.remove())
})

describe('tokenizeCard', () => {
  it('gives NetpayJS the key, the mode and the card in its own shape, and resolves the token', async () => {
    const { netPay, calls } = standIn((ok) => ok({ message: { data: JSON.stringify({ token: 'tok_123' }) } }))
    const token = await tokenizeCard(netPay, { publicKey: 'pk_netpay_x', sandbox: true, card })
    expect(token).toBe('tok_123')
    expect(netPay.setApiKey).toHaveBeenCalledWith('pk_netpay_x')
    expect(netPay.setSandboxMode).toHaveBeenCalledWith(true)
    expect(calls).toEqual([{ cardNumber: '4242424242424242', expMonth: '07', expYear: '29', cvv2: '123' }])
  })

  it("rejects with NetPay's own message", async () => {
    const { netPay } = standIn((_ok, ko) => ko({ status: 400, message: 'The card number is not valid.' }))
    await expect(tokenizeCard(netPay, { publicKey: 'pk', sandbox: true, card })).rejects.toThrow(
      'The card number is not valid.',
    )
  })

  it('finds the message inside the JSON text NetpayJS may pass, and rejects a success without a token', async () => {
    const nested = standIn((_ok, ko) =>
      ko({ message: { data: JSON.stringify({ message: 'Tarjeta vencida' }) } }),
    )
    await expect(tokenizeCard(nested.netPay, { publicKey: 'pk', sandbox: false, card })).rejects.toThrow(
      'Tarjeta vencida',
    )
    const empty = standIn((ok) => ok({ message: { data: '{}' } }))
    await expect(tokenizeCard(empty.netPay, { publicKey: 'pk', sandbox: false, card })).rejects.toThrow(
      'The card could not be checked.',
    )
  })
})

describe('loadNetPay', () => {
  it('adds the script once and resolves window.NetPay when it has loaded', async () => {
    const first = loadNetPay('https://netpay.example/netpay.min.js')
    const second = loadNetPay('https://netpay.example/netpay.min.js')
    const scripts = document.head.querySelectorAll('script[src="https://netpay.example/netpay.min.js"]')
    expect(scripts).toHaveLength(1)

    const { netPay } = standIn(() => undefined)
    window.NetPay = netPay
    scripts[0]?.dispatchEvent(new Event('load'))
    expect(await first).toBe(netPay)
    expect(await second).toBe(netPay)
  })

  it('rejects when the script fails, and tries again on the next call', async () => {
    const failed = loadNetPay('https://netpay.example/down.js')
    document.head
      .querySelector('script[src="https://netpay.example/down.js"]')
      ?.dispatchEvent(new Event('error'))
    await expect(failed).rejects.toThrow('could not be loaded.')
    expect(document.head.querySelector('script[src="https://netpay.example/down.js"]')).toBeNull()

    void loadNetPay('https://netpay.example/down.js').catch(() => undefined)
    expect(document.head.querySelectorAll('script[src="https://netpay.example/down.js"]')).toHaveLength(1)
  })
})
