// What the NetPay fake serves to browsers: a stand-in of NetpayJS and the 3-D Secure page.

/**
 * A stand-in of NetpayJS (docs.netpay.com.mx/reference/1-tokenizar-tarjeta) with the calls we use,
 * shaped as NetPay's own plugins call them (lordmacu/netpay-magento2, netpay.js and button.phtml):
 * `NetPay.setApiKey(pk)`, `NetPay.setSandboxMode(bool)`, and `NetPay.token.create({ cardNumber,
 * expMonth, expYear, cvv2 }, success, error)`, whose success gets `{ message: { data } }` with `data`
 * the JSON text holding `token`. It posts to the fake's tokeniser beside it, found from its own URL.
 */
export const NETPAY_JS_STAND_IN = `(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\\/cdn\\/js\\/dev\\/netpay\\.min\\.js(?:[?#].*)?$/, '') : '';
  var state = { apiKey: '', sandbox: true };
  function post(card, success, error) {
    var body = JSON.stringify({
      cardNumber: String(card.cardNumber || ''),
      expMonth: String(card.expMonth || ''),
      expYear: String(card.expYear || ''),
      cvv2: String(card.cvv2 || '')
    });
    fetch(base + '/v1/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: state.apiKey },
      body: body
    }).then(function (response) {
      return response.text().then(function (text) {
        if (response.ok) return success({ status: response.status, message: { data: text } });
        var message;
        try { message = JSON.parse(text).message; } catch (ignored) { message = undefined; }
        error({ status: response.status, message: message || 'The card could not be tokenised.' });
      });
    }, function () {
      error({ status: 0, message: 'The NetPay sandbox could not be reached.' });
    });
  }
  window.NetPay = {
    setApiKey: function (key) { state.apiKey = String(key); },
    setSandboxMode: function (on) { state.sandbox = Boolean(on); },
    token: { create: post }
  };
})();
`

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export interface ThreeDsPageFacts {
  action: string
  amount: string
  currency: string
  reference: string
  last4: string
  /** The transaction's state; a page for a finished one says so. */
  status: string
}

/**
 * The fake's 3-D Secure page: labelled as a sandbox, two buttons, no script. Its icon is its own (an
 * empty one), as NetPay's page on NetPay's host would be: the browser asks our site for none.
 */
export function threeDsPage(facts: ThreeDsPageFacts): string {
  const waiting = facts.status === 'WAIT_THREEDS'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>NetPay sandbox — 3-D Secure</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 0.75rem; }
  .sandbox { background: #fef3c7; color: #78350f; padding: 0.75rem 1rem; border-radius: 0.5rem; font-weight: 600; }
  button { font: inherit; padding: 0.6rem 1.2rem; margin-right: 0.75rem; border-radius: 0.5rem; border: 1px solid #374151; cursor: pointer; }
  button[value="fail"] { background: #fff; color: #111827; }
  button[value="authenticate"] { background: #065f46; color: #fff; border-color: #065f46; }
</style>
</head>
<body>
<main>
<p class="sandbox" role="note">NetPay sandbox — no real money moves</p>
<h1>3-D Secure check</h1>
<p>Payment of <strong>${escapeHtml(facts.amount)} ${escapeHtml(facts.currency)}</strong>,
reference <code>${escapeHtml(facts.reference)}</code>, card ending ${escapeHtml(facts.last4)}.</p>
${waiting ? '' : `<p>This check is already finished (${escapeHtml(facts.status)}).</p>`}
<form method="post" action="${escapeHtml(facts.action)}">
<button type="submit" name="outcome" value="authenticate">Authenticate</button>
<button type="submit" name="outcome" value="fail">Fail</button>
</form>
</main>
</body>
</html>
`
}
