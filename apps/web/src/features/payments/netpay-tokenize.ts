// The browser's half of a NetPay payment (method 10): NetpayJS turns the card into a one-time
// token, and only the token goes to our checkout. The card never reaches our server.

import { loadScriptGlobal } from './load-script.ts'

/** The part of NetpayJS we call (docs.netpay.com.mx/reference/1-tokenizar-tarjeta). */
export interface NetPayJs {
  setApiKey(publicKey: string): void
  setSandboxMode(on: boolean): void
  token: {
    create(
      card: { cardNumber: string; expMonth: string; expYear: string; cvv2: string },
      success: (answer: unknown) => void,
      error: (answer: unknown) => void,
    ): void
  }
}

declare global {
  interface Window {
    NetPay?: NetPayJs
  }
}

/** The card as the card widget holds it. */
export interface CardEntry {
  name: string
  number: string
  /** 1–12, any form (`7`, `07`). */
  expMonth: string | number
  /** Two or four digits. */
  expYear: string | number
  cvv: string
}

export interface TokenizeRequest {
  /** Checkout info's netPayPublicKey. */
  publicKey: string
  /** True unless checkout info's netPayProdMode. */
  sandbox: boolean
  card: CardEntry
}

/**
 * Loads NetpayJS from `scriptUrl` once per page and resolves its `window.NetPay`. It touches the
 * document, so call it from an effect or an event handler, never while rendering.
 */
export function loadNetPay(scriptUrl: string): Promise<NetPayJs> {
  return loadScriptGlobal(scriptUrl, () => window.NetPay)
}

/** The words of NetPay's answer, wherever this version of NetpayJS put them. */
function messageOf(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer || undefined
  if (answer instanceof Error) return answer.message || undefined
  if (!answer || typeof answer !== 'object') return undefined
  const { message, error } = answer as { message?: unknown; error?: unknown }
  if (typeof message === 'string' && message) return message
  if (message && typeof message === 'object') {
    const { data } = message as { data?: unknown }
    if (typeof data === 'string') {
      try {
        return messageOf(JSON.parse(data))
      } catch {
        return data || undefined
      }
    }
    return messageOf(message)
  }
  return typeof error === 'string' && error ? error : undefined
}

/** The token in NetpayJS's success answer: `{ message: { data: '{"token": …}' } }`. */
function tokenOf(answer: unknown): string | undefined {
  const data = (answer as { message?: { data?: unknown } } | undefined)?.message?.data
  const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data
  const token = (parsed as { token?: unknown } | undefined)?.token
  return typeof token === 'string' && token ? token : undefined
}

/**
 * Tokenises the card with NetpayJS. Resolves the token; rejects with an Error carrying NetPay's own
 * message, which the card popup shows as it is (spec: "Tokenization error: its message").
 * The holder's name is not sent: NetpayJS's token.create takes number, expiry and code only, and
 * the name travels in the charge's billing.
 */
export function tokenizeCard(
  netPay: NetPayJs,
  { publicKey, sandbox, card }: TokenizeRequest,
): Promise<string> {
  netPay.setApiKey(publicKey)
  netPay.setSandboxMode(sandbox)
  const entry = {
    cardNumber: card.number.replace(/\D/g, ''),
    expMonth: String(card.expMonth).trim().padStart(2, '0'),
    expYear: String(card.expYear).trim().slice(-2),
    cvv2: card.cvv.trim(),
  }
  return new Promise<string>((resolve, reject) => {
    const fail = (answer: unknown) => reject(new Error(messageOf(answer) ?? 'The card could not be checked.'))
    try {
      netPay.token.create(
        entry,
        (answer) => {
          let token: string | undefined
          try {
            token = tokenOf(answer)
          } catch {
            token = undefined
          }
          if (token) resolve(token)
          else fail(answer)
        },
        fail,
      )
    } catch (error) {
      fail(error)
    }
  })
}
