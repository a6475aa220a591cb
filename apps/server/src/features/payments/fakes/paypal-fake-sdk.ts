/**
 * The browser half of the PayPal fake: a stand-in of PayPal's JS SDK (`https://www.paypal.com/sdk/js`),
 * served by the fake at `GET /sdk/js` so `@paypal/react-paypal-js` can load it through its
 * `sdkBaseUrl` option. It defines what our checkout uses of `window.paypal`: `Buttons(options)` with
 * `isEligible()`, `render(container)` and `close()`, calling `createOrder`, `onApprove`, `onCancel`,
 * `onError` (and `onInit`) as the real SDK does. Approval is a labelled panel instead of PayPal's
 * popup; `actions.order.authorize()` calls the fake's REST route from the browser, as the real SDK
 * calls PayPal's, with the browser token the fake put in the script. Like PayPal's, it brings its own
 * looks (inline, as the Stripe stand-in's): a gold button, and a panel marked as a sandbox.
 */

/** The stand-in's inline styles: PayPal's gold button, and the sandbox's dashed amber of the others. */
const STYLES = {
  button:
    'display:block;width:100%;min-height:44px;padding:8px 16px;border:0;border-radius:4px;' +
    'background:#ffc439;color:#111827;font:inherit;font-weight:700;cursor:pointer',
  panel:
    'margin-top:12px;padding:12px;border:2px dashed #b45309;border-radius:8px;background:#fffbeb;color:#1f2937',
  text: 'margin:0 0 8px',
  approve:
    'margin:4px 8px 0 0;padding:8px 16px;border:0;border-radius:4px;background:#0070ba;color:#fff;' +
    'font:inherit;font-weight:700;cursor:pointer',
  cancel:
    'margin:4px 0 0;padding:8px 16px;border:1px solid #374151;border-radius:4px;background:#fff;' +
    'color:#111827;font:inherit;cursor:pointer',
}

/** The script's text for one load: `browserToken` authorises the browser's calls to the fake. */
export function payPalSdkScript({ browserToken, locale }: { browserToken: string; locale: string }): string {
  const spanish = locale.toLowerCase().startsWith('es')
  const texts = spanish
    ? {
        button: 'PayPal sandbox — no se mueve dinero real',
        panel: 'Pago de prueba de PayPal (sandbox): no se cobra nada.',
        amount: 'Importe',
        approve: 'Aprobar pago de prueba',
        cancel: 'Cancelar',
      }
    : {
        button: 'PayPal sandbox — no real money moves',
        panel: 'PayPal test payment (sandbox): nothing is charged.',
        amount: 'Amount',
        approve: 'Approve test payment',
        cancel: 'Cancel',
      }
  return `(function () {
  'use strict';
  var script = document.currentScript;
  var base = script.src.replace(/\\/sdk\\/js(\\?.*)?$/, '');
  var token = ${JSON.stringify(browserToken)};
  var texts = ${JSON.stringify(texts)};
  var styles = ${JSON.stringify(STYLES)};

  function api(method, path, body) {
    var headers = { Authorization: 'Bearer ' + token };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(base + path, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) })
      .then(function (response) {
        return response.text().then(function (text) {
          var json = text ? JSON.parse(text) : {};
          if (!response.ok) {
            var error = new Error(json.message || json.name || ('PayPal sandbox answered ' + response.status));
            error.details = json.details;
            throw error;
          }
          return json;
        });
      });
  }

  function element(tag, attributes, text) {
    var el = document.createElement(tag);
    Object.keys(attributes).forEach(function (name) { el.setAttribute(name, attributes[name]); });
    if (text) el.textContent = text;
    return el;
  }

  function Buttons(options) {
    options = options || {};
    var root = null;
    var closed = false;
    var busy = false;

    function fail(error) {
      busy = false;
      if (typeof options.onError === 'function') options.onError(error);
    }

    function actionsFor(orderID) {
      return {
        order: {
          authorize: function () { return api('POST', '/v2/checkout/orders/' + orderID + '/authorize', {}); },
          get: function () { return api('GET', '/v2/checkout/orders/' + orderID); },
        },
        restart: function () { return Promise.resolve(); },
      };
    }

    function showPanel(orderID, order) {
      var unit = (order.purchase_units || [])[0] || {};
      var amount = unit.amount ? unit.amount.value + ' ' + unit.amount.currency_code : '';
      var panel = element('div', { role: 'group', 'aria-label': texts.panel, 'data-paypal-sandbox': 'panel', style: styles.panel });
      panel.appendChild(element('p', { style: styles.text }, texts.panel));
      if (amount) panel.appendChild(element('p', { style: styles.text }, texts.amount + ': ' + amount));
      var approve = element('button', { type: 'button', style: styles.approve }, texts.approve);
      var cancel = element('button', { type: 'button', style: styles.cancel }, texts.cancel);
      panel.appendChild(approve);
      panel.appendChild(cancel);
      root.appendChild(panel);
      approve.focus();
      function done() { if (panel.parentNode) panel.parentNode.removeChild(panel); busy = false; }
      approve.addEventListener('click', function () {
        approve.disabled = true;
        cancel.disabled = true;
        api('POST', '/sandbox-approve/' + orderID)
          .then(function () {
            done();
            if (closed) return;
            return options.onApprove({ orderID: orderID, payerID: 'SANDBOXPAYER', facilitatorAccessToken: token }, actionsFor(orderID));
          })
          .catch(function (error) { done(); fail(error); });
      });
      cancel.addEventListener('click', function () {
        done();
        if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID });
      });
    }

    function start() {
      if (busy || closed) return;
      busy = true;
      Promise.resolve()
        .then(function () { return options.createOrder({ paymentSource: 'paypal' }, { order: {} }); })
        .then(function (orderID) {
          if (!orderID) throw new Error('createOrder gave no order id');
          return api('GET', '/v2/checkout/orders/' + orderID).then(function (order) { showPanel(orderID, order); });
        })
        .catch(fail);
    }

    return {
      isEligible: function () { return true; },
      render: function (container) {
        var target = typeof container === 'string' ? document.querySelector(container) : container;
        if (!target) return Promise.reject(new Error('PayPal sandbox: no container to render in'));
        root = element('div', { 'data-paypal-sandbox': 'buttons' });
        var button = element('button', { type: 'button', style: styles.button }, texts.button);
        button.addEventListener('click', start);
        root.appendChild(button);
        target.appendChild(root);
        if (typeof options.onInit === 'function') {
          options.onInit({}, {
            enable: function () { button.disabled = false; return Promise.resolve(); },
            disable: function () { button.disabled = true; return Promise.resolve(); },
          });
        }
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
      close: function () {
        closed = true;
        if (root && root.parentNode) root.parentNode.removeChild(root);
        return Promise.resolve();
      },
    };
  }

  window.paypal = { version: 'sandbox', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' } };
})();
`
}
