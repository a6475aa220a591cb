// The sandbox's pages: what a customer sees instead of Redsys's payment page, in Spanish and
// English, plainly marked as a test. No script: plain forms work under our content security policy.

/** Redsys's published test card, prefilled on the sandbox page. */
export const TEST_CARD = { number: '4548 8120 4940 0004', expiry: '12/49', cvv: '123' }
/** The 3-D Secure code (CIP) Redsys's test host asks for. */
export const TEST_CIP = '123456'

export interface PaymentPage {
  session: string
  merchantName: string
  merchantCode: string
  order: string
  amountCents: number
  currency: string
  /** Where the page posts the customer's choice. */
  action: string
  /** A message to show above the form (a refused card). */
  error?: string
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f4;color:#1a1a1a}
main{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:8px}
.banner{background:#7a1f00;color:#fff;padding:.75rem 1rem;font-weight:700;border-radius:4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
label{display:block;margin-top:.75rem;font-weight:600}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
.actions{display:flex;gap:.5rem;margin-top:1rem;flex-wrap:wrap}button{font:inherit;padding:.5rem 1rem;cursor:pointer}
button:focus,input:focus{outline:3px solid #1a5fb4;outline-offset:2px}.error{color:#a00;font-weight:600}`

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export function formatAmount(amountCents: number, currency: string): string {
  return `${(amountCents / 100).toFixed(2).replace('.', ',')} ${currency}`
}

/** A page of the fake; its icon is its own (an empty one), as Redsys's page on Redsys's host would be. */
function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><main>
<p class="banner" role="note">Sandbox — no se mueve dinero real · <span lang="en">Sandbox — no real money moves</span></p>
${body}
</main></body></html>`
}

function summary(page: PaymentPage): string {
  return `<dl>
<dt>Comercio <span lang="en">(Merchant)</span></dt><dd>${escapeHtml(page.merchantName)} (${escapeHtml(page.merchantCode)})</dd>
<dt>Importe <span lang="en">(Amount)</span></dt><dd>${escapeHtml(formatAmount(page.amountCents, page.currency))}</dd>
<dt>Pedido <span lang="en">(Order)</span></dt><dd>${escapeHtml(page.order)}</dd>
</dl>`
}

function errorMessage(page: PaymentPage): string {
  return page.error ? `<p class="error" role="alert">${escapeHtml(page.error)}</p>` : ''
}

/** The test payment page: the card prefilled, and Pay, Decline and Cancel. */
export function paymentPage(page: PaymentPage): string {
  return layout(
    'Pago de prueba · Test payment',
    `<h1>Pago de prueba <span lang="en">· Test payment</span></h1>
${summary(page)}
${errorMessage(page)}
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="session" value="${escapeHtml(page.session)}">
<label for="cardNumber">Número de tarjeta <span lang="en">(Card number)</span></label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="off" value="${TEST_CARD.number}">
<label for="expiry">Caducidad MM/AA <span lang="en">(Expiry MM/YY)</span></label>
<input id="expiry" name="expiry" autocomplete="off" value="${TEST_CARD.expiry}">
<label for="cvv">CVV</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="off" value="${TEST_CARD.cvv}">
<div class="actions">
<button type="submit" name="action" value="pay">Pagar <span lang="en">/ Pay</span></button>
<button type="submit" name="action" value="decline">Denegar <span lang="en">/ Decline</span></button>
<button type="submit" name="action" value="cancel">Cancelar <span lang="en">/ Cancel</span></button>
</div>
</form>`,
  )
}

/** The 3-D Secure step: the bank asks for the CIP. */
export function challengePage(page: PaymentPage): string {
  return layout(
    'Autenticación 3-D Secure · 3-D Secure authentication',
    `<h1>Autenticación del titular <span lang="en">· Cardholder authentication</span></h1>
${summary(page)}
${errorMessage(page)}
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="session" value="${escapeHtml(page.session)}">
<label for="cip">Código CIP (pruebas: ${TEST_CIP}) <span lang="en">(CIP code, test: ${TEST_CIP})</span></label>
<input id="cip" name="cip" inputmode="numeric" autocomplete="one-time-code" required>
<div class="actions">
<button type="submit" name="action" value="pay">Confirmar <span lang="en">/ Confirm</span></button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancelar <span lang="en">/ Cancel</span></button>
</div>
</form>`,
  )
}

/** Redsys's way of refusing a request: an error page with the SIS code. */
export function errorPage(code: string, message: string): string {
  return layout(
    `Error ${code}`,
    `<h1>Error ${escapeHtml(code)}</h1><p role="alert">${escapeHtml(message)}</p>`,
  )
}

/**
 * A stand-in for Redsys's InSite script (`redsysV3.js`). It exposes one function, on
 * `window.redsysSandbox`:
 *
 *   tokenize({ merchantCode, terminal, order, cardNumber, expiry, cvv }) → Promise<{ idOper }>
 *
 * which posts the card to the sandbox's tokeniser beside the script and resolves with the one-time
 * idOper the server sends Redsys as DS_MERCHANT_IDOPER, or rejects with `{ error }`.
 */
export function tokeniserScript(tokenUrl: string): string {
  return `(function () {
  'use strict';
  var url = ${JSON.stringify(tokenUrl)};
  window.redsysSandbox = {
    tokenize: function (card) {
      return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(card) })
        .then(function (res) { return res.json().then(function (body) { if (!res.ok) throw body; return body; }); });
    },
  };
})();
`
}
