import { SANDBOX_CARDS } from './stripe-fake-cards.ts'

/**
 * The stand-in of Stripe.js the sandbox serves at the fake's `/v3`: `window.Stripe(publishableKey)`
 * with `elements({ clientSecret })`, a Payment Element that is a plainly labelled test form, and
 * `confirmPayment`, which confirms at the fake and then goes to `return_url` as Stripe.js does
 * (or resolves `{ error }` on a decline). It finds the fake's API beside its own address. No
 * inline handlers: the site's content security policy forbids them.
 */
export function stripeJsStandIn() {
  const cards = JSON.stringify(SANDBOX_CARDS)
  return `(function () {
  'use strict'
  var script = document.currentScript
  var base = script ? script.src.replace(/\\/v3\\/?(\\?.*)?$/, '') : ''
  var CARDS = ${cards}

  function make(tag, attrs, text) {
    var node = document.createElement(tag)
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]) })
    if (text) node.textContent = text
    return node
  }

  function form(fields) {
    return Object.keys(fields).map(function (name) {
      return encodeURIComponent(name) + '=' + encodeURIComponent(fields[name])
    }).join('&')
  }

  function call(key, path, fields) {
    return fetch(base + path, {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form(fields),
    }).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body } })
    }, function () {
      return { ok: false, body: { error: { type: 'api_connection_error', message: 'Could not reach the sandbox.' } } }
    })
  }

  function createPaymentElement() {
    var listeners = {}
    var root = null
    var input = null
    var challenge = null
    function fire(event, payload) {
      (listeners[event] || []).forEach(function (listener) { listener(payload) })
    }
    var element = {
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target
        root = make('div', { 'data-sandbox': 'stripe', style: 'border:2px dashed #b45309;border-radius:8px;padding:12px;background:#fffbeb;color:#1f2937' })
        root.appendChild(make('p', { style: 'margin:0 0 8px;font-weight:700' }, 'Sandbox card \\u2014 no real money moves'))
        var label = make('label', { style: 'display:block' }, 'Card number')
        input = make('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', name: 'sandbox-card-number',
          placeholder: '4242 4242 4242 4242', style: 'display:block;width:100%;margin-top:4px;padding:6px;font:inherit' })
        label.appendChild(input)
        root.appendChild(label)
        var list = make('ul', { style: 'margin:8px 0 0;padding-left:18px;font-size:0.875em' })
        CARDS.forEach(function (card) { list.appendChild(make('li', {}, card.number + ' ' + card.outcome)) })
        root.appendChild(list)
        input.addEventListener('input', function () {
          var digits = input.value.replace(/\\D/g, '')
          fire('change', { elementType: 'payment', empty: digits.length === 0, complete: digits.length >= 13, value: { type: 'card' } })
        })
        input.addEventListener('focus', function () { fire('focus', { elementType: 'payment' }) })
        input.addEventListener('blur', function () { fire('blur', { elementType: 'payment' }) })
        host.appendChild(root)
        setTimeout(function () { fire('ready', { elementType: 'payment' }) }, 0)
      },
      unmount: function () { if (root && root.parentNode) root.parentNode.removeChild(root) },
      destroy: function () { element.unmount(); listeners = {} },
      on: function (event, listener) { (listeners[event] = listeners[event] || []).push(listener); return element },
      off: function (event, listener) {
        listeners[event] = (listeners[event] || []).filter(function (l) { return l !== listener })
        return element
      },
      update: function () {},
      focus: function () { if (input) input.focus() },
      blur: function () { if (input) input.blur() },
      clear: function () { if (input) input.value = '' },
      _card: function () { return input ? input.value.replace(/\\D/g, '') : '' },
      /** The bank's 3-D Secure step: resolves true (Authenticate) or false (Fail). */
      _challenge: function () {
        return new Promise(function (resolve) {
          challenge = make('div', { role: 'group', 'aria-label': 'Sandbox 3-D Secure', style: 'margin-top:12px;padding:8px;border:1px solid #b45309' })
          challenge.appendChild(make('p', { style: 'margin:0 0 8px' }, 'Sandbox 3-D Secure: your bank asks you to confirm this payment.'))
          ;[['Authenticate', true], ['Fail', false]].forEach(function (choice) {
            var button = make('button', { type: 'button', style: 'margin-right:8px' }, choice[0])
            button.addEventListener('click', function () {
              if (challenge && challenge.parentNode) challenge.parentNode.removeChild(challenge)
              resolve(choice[1])
            })
            challenge.appendChild(button)
          })
          root.appendChild(challenge)
          challenge.querySelector('button').focus()
        })
      },
    }
    return element
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !publishableKey) throw new Error('Stripe(): a publishable key is required')
    var unavailable = function () {
      return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Not available in the sandbox.' } })
    }
    function finish(intent, clientSecret, returnUrl, redirect) {
      if (redirect === 'if_required') return Promise.resolve({ paymentIntent: intent })
      var status = intent.status === 'succeeded' || intent.status === 'requires_capture' ? 'succeeded'
        : intent.status === 'processing' ? 'processing' : 'failed'
      var url = new URL(returnUrl, window.location.href)
      url.searchParams.set('payment_intent', intent.id)
      url.searchParams.set('payment_intent_client_secret', clientSecret)
      url.searchParams.set('redirect_status', status)
      window.location.assign(url.toString())
      return new Promise(function () {})
    }
    return {
      _sandbox: true,
      elements: function (options) {
        var clientSecret = options && options.clientSecret
        var created = {}
        return {
          _clientSecret: clientSecret,
          create: function (type) {
            if (type !== 'payment') throw new Error('The sandbox has only the Payment Element')
            return (created[type] = createPaymentElement())
          },
          getElement: function (type) { return created[type] || null },
          update: function () {},
          fetchUpdates: function () { return Promise.resolve({}) },
          submit: function () { return Promise.resolve({}) },
        }
      },
      confirmPayment: function (params) {
        var elements = params && params.elements
        var element = elements && elements.getElement('payment')
        var clientSecret = (elements && elements._clientSecret) || params.clientSecret
        var returnUrl = params.confirmParams && params.confirmParams.return_url
        if (!element || !clientSecret) return Promise.reject(new Error('confirmPayment needs elements with a clientSecret'))
        if (!returnUrl && params.redirect !== 'if_required') return Promise.reject(new Error('return_url is required'))
        var card = element._card()
        if (card.length < 13)
          return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } })
        var id = clientSecret.split('_secret_')[0]
        var path = '/v1/payment_intents/' + encodeURIComponent(id)
        return call(publishableKey, path + '/confirm', {
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': card,
          return_url: returnUrl || '',
        }).then(function (answer) {
          if (!answer.ok) return { error: answer.body.error }
          if (answer.body.status !== 'requires_action') return finish(answer.body, clientSecret, returnUrl, params.redirect)
          return element._challenge().then(function (passed) {
            return call(publishableKey, path + '/authenticate', { client_secret: clientSecret, outcome: passed ? 'pass' : 'fail' })
          }).then(function (next) {
            if (!next.ok) return { error: next.body.error }
            if (next.body.last_payment_error) return { error: next.body.last_payment_error }
            return finish(next.body, clientSecret, returnUrl, params.redirect)
          })
        })
      },
      retrievePaymentIntent: function (clientSecret) {
        var id = String(clientSecret).split('_secret_')[0]
        return fetch(base + '/v1/payment_intents/' + encodeURIComponent(id) + '?client_secret=' + encodeURIComponent(clientSecret), {
          headers: { Authorization: 'Bearer ' + publishableKey },
        }).then(function (response) {
          return response.json().then(function (body) { return response.ok ? { paymentIntent: body } : { error: body.error } })
        })
      },
      createToken: unavailable,
      createPaymentMethod: unavailable,
      confirmCardPayment: unavailable,
    }
  }
  window.Stripe = Stripe
})()
`
}
