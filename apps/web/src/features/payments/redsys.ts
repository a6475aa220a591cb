// The browser's half of Redsys (decision 068): the payment page is reached by posting a signed form
// (method 1, and method 15 without a card token), and card on file takes a one-time `idOper` from
// Redsys's tokeniser, so the card never reaches our server.

import type { CheckoutModel } from '@clubhouse/contract'
import type { CardEntry } from '../../components/ui/card-rules.ts'
import { loadScriptGlobal } from './load-script.ts'

export type RedsysData = NonNullable<CheckoutModel['redsysData']>

/**
 * Sends the browser to Redsys's payment page the way Redsys asks: a POST of the three signed fields
 * from a real form (spec 2 §4: "a hidden form is posted"). Call it from an event handler.
 */
export function postRedsysForm({ url, data }: RedsysData): void {
  const form = document.createElement('form')
  form.method = 'post'
  form.action = url
  form.hidden = true
  for (const [name, value] of [
    ['Ds_SignatureVersion', data.ds_SignatureVersion],
    ['Ds_MerchantParameters', data.ds_MerchantParameters],
    ['Ds_Signature', data.ds_Signature],
  ] as const) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  document.body.append(form)
  form.submit()
}

/** The sandbox's stand-in of Redsys's InSite tokeniser (server: fakes/redsys-fake-pages.ts). */
interface RedsysTokeniser {
  tokenize(card: {
    merchantCode: string
    terminal: string
    order: string
    cardNumber: string
    expiry: string
    cvv: string
  }): Promise<{ idOper: string }>
}

declare global {
  interface Window {
    redsysSandbox?: RedsysTokeniser
  }
}

/** Loads the tokeniser's script once per page. Touches the document: event handlers only. */
export function loadRedsysTokeniser(scriptUrl: string): Promise<RedsysTokeniser> {
  return loadScriptGlobal(scriptUrl, () => window.redsysSandbox)
}

/** A refusal of the tokeniser: it rejects with `{ error: 'card_number' | 'cvv' }`, not an Error. */
export class CardNotTokenised extends Error {
  constructor(readonly reason: string) {
    super(`The card was not tokenised (${reason}).`)
    this.name = 'CardNotTokenised'
  }
}

/**
 * The one-time `idOper` of the card. The merchant, terminal and order are left empty: the server
 * names them when it sends the idOper, and the sandbox's tokeniser accepts an idOper for any.
 */
export async function tokeniseRedsysCard(tokeniser: RedsysTokeniser, card: CardEntry): Promise<string> {
  let answer: { idOper?: unknown }
  try {
    answer = await tokeniser.tokenize({
      merchantCode: '',
      terminal: '',
      order: '',
      cardNumber: card.number,
      expiry: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`,
      cvv: card.cvv,
    })
  } catch (error) {
    const reason = (error as { error?: unknown } | null)?.error
    throw new CardNotTokenised(typeof reason === 'string' ? reason : 'unknown')
  }
  if (typeof answer?.idOper !== 'string' || !answer.idOper) throw new CardNotTokenised('no idOper')
  return answer.idOper
}
