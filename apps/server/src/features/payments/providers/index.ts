import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../../config.ts'
import { netpayFake } from '../fakes/netpay-fake.ts'
import { paypalFake } from '../fakes/paypal-fake.ts'
import { redsysFake, REDSYS_TEST_MERCHANT } from '../fakes/redsys-fake.ts'
import { stripeFake } from '../fakes/stripe-fake.ts'
import type { PaymentProvider } from '../provider.ts'
import { createNetPayProvider, NETPAY_LIVE_API, NETPAY_SANDBOX_API } from './netpay.ts'
import { createPayPalProvider } from './paypal.ts'
import { PAYPAL_LIVE_API } from './paypal-client.ts'
import { createRedsysCardProvider, createRedsysProvider } from './redsys.ts'
import { createStripeProvider } from './stripe.ts'

/** The keys the sandbox's fakes take: test keys of no value anywhere else. */
export const SANDBOX_KEYS = {
  stripeSecret: 'sk_test_sandbox_clubhouse',
  stripePublishable: 'pk_test_sandbox_clubhouse',
  stripeWebhook: 'whsec_sandbox_clubhouse',
  netpaySecret: 'sk_netpay_sandbox',
  netpayPublic: 'pk_netpay_sandbox',
  paypalClientId: 'sandbox-client-id',
  paypalClientSecret: 'sandbox-client-secret',
} as const

/** What the browser needs of each provider: public keys and the scripts to load. */
export interface PaymentBrowserConfig {
  sandbox: boolean
  payPalClientId: string
  payPalSdkUrl: string | null
  stripeScriptUrl: string | null
  netPayPublicKey: string
  netPayProdMode: boolean
  netPayScriptUrl: string
  /** Card on file (Redsys): the tokeniser script the card popup uses in sandbox mode. */
  cardScriptUrl: string | null
}

export interface PaymentSetup {
  providers: PaymentProvider[]
  /** The fakes to mount at their prefix (sandbox mode only). */
  fakes: Array<{ prefix: string; plugin: FastifyPluginAsync }>
  browser: PaymentBrowserConfig
  /** The providers' origins the browser reaches (content security policy); none for the fakes. */
  sources: { script: string[]; frame: string[]; connect: string[]; form: string[] }
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * The payment providers this server takes, from its settings (decision 067). A provider whose keys
 * are set talks to the provider itself; without keys, in sandbox mode (never in production unless
 * PAYMENTS_SANDBOX=true), to its local fake mounted at /sandbox/<name>, which the browser reaches at
 * PUBLIC_URL and the server at its own port. Without keys and outside sandbox mode it is not offered.
 */
export function paymentSetup(config: Pick<Config, 'payments' | 'port' | 'publicUrl'>): PaymentSetup {
  const env = config.payments.env
  const sandbox = config.payments.sandbox
  const page = (name: string) => `${config.publicUrl}/sandbox/${name}`
  const own = (name: string) => `http://127.0.0.1:${config.port}/sandbox/${name}`
  const providers: PaymentProvider[] = []
  const fakes: PaymentSetup['fakes'] = []
  const browser: PaymentBrowserConfig = {
    sandbox,
    payPalClientId: '',
    payPalSdkUrl: null,
    stripeScriptUrl: null,
    netPayPublicKey: '',
    netPayProdMode: false,
    netPayScriptUrl: '',
    cardScriptUrl: null,
  }

  // Redsys, redirect (1) and card on file (15): one merchant, one key (decision 068).
  const redsys = env.REDSYS_SECRET_KEY
    ? {
        merchantCode: env.REDSYS_MERCHANT_CODE ?? '',
        terminal: env.REDSYS_TERMINAL ?? '1',
        secretKeyB64: env.REDSYS_SECRET_KEY,
        baseUrl: env.REDSYS_URL ?? 'https://sis.redsys.es',
      }
    : sandbox
      ? { ...REDSYS_TEST_MERCHANT, baseUrl: env.REDSYS_URL ?? page('redsys') }
      : undefined
  if (redsys) {
    providers.push(createRedsysProvider(redsys), createRedsysCardProvider(redsys))
    if (!env.REDSYS_SECRET_KEY) {
      fakes.push({ prefix: '/sandbox/redsys', plugin: redsysFake() })
      browser.cardScriptUrl = `${page('redsys')}/sis/NC/sandbox/redsysV3.js`
    }
  }

  // PayPal (9): authorised in the browser, captured as the centre says (decision 067).
  const paypal = env.PAYPAL_CLIENT_ID
    ? {
        clientId: env.PAYPAL_CLIENT_ID,
        clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
        apiBase: env.PAYPAL_API_BASE ?? PAYPAL_LIVE_API,
      }
    : sandbox
      ? {
          clientId: SANDBOX_KEYS.paypalClientId,
          clientSecret: SANDBOX_KEYS.paypalClientSecret,
          apiBase: env.PAYPAL_API_BASE ?? own('paypal'),
        }
      : undefined
  if (paypal) {
    providers.push(createPayPalProvider(paypal))
    browser.payPalClientId = paypal.clientId
    browser.payPalSdkUrl = env.PAYPAL_SDK_URL ?? (env.PAYPAL_CLIENT_ID ? null : `${page('paypal')}/sdk/js`)
    if (!env.PAYPAL_CLIENT_ID) {
      fakes.push({
        prefix: '/sandbox/paypal',
        plugin: paypalFake({
          clientId: SANDBOX_KEYS.paypalClientId,
          clientSecret: SANDBOX_KEYS.paypalClientSecret,
        }) as unknown as FastifyPluginAsync,
      })
    }
  }

  // Stripe (14).
  const stripeKeys = env.STRIPE_SECRET_KEY
    ? {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
        ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
      }
    : sandbox
      ? {
          secretKey: SANDBOX_KEYS.stripeSecret,
          publishableKey: SANDBOX_KEYS.stripePublishable,
          webhookSecret: SANDBOX_KEYS.stripeWebhook,
          apiBase: env.STRIPE_API_BASE ?? own('stripe'),
        }
      : undefined
  if (stripeKeys) {
    providers.push(createStripeProvider(stripeKeys))
    if (!env.STRIPE_SECRET_KEY) {
      browser.stripeScriptUrl = env.STRIPE_SCRIPT_URL ?? `${page('stripe')}/v3`
      fakes.push({
        prefix: '/sandbox/stripe',
        plugin: stripeFake({
          secretKey: SANDBOX_KEYS.stripeSecret,
          publishableKey: SANDBOX_KEYS.stripePublishable,
          webhookSecret: SANDBOX_KEYS.stripeWebhook,
          webhookUrl: `http://127.0.0.1:${config.port}/api/stripe/webhook`,
          settleProcessingAfterMs: 3_000,
        }) as unknown as FastifyPluginAsync,
      })
    } else if (env.STRIPE_SCRIPT_URL) {
      browser.stripeScriptUrl = env.STRIPE_SCRIPT_URL
    }
  }

  // NetPay (10).
  const prodMode = env.NETPAY_PROD_MODE === 'true' || env.NETPAY_PROD_MODE === '1'
  const netpay = env.NETPAY_SECRET_KEY
    ? {
        secretKey: env.NETPAY_SECRET_KEY,
        publicKey: env.NETPAY_PUBLIC_KEY ?? '',
        apiBase: env.NETPAY_API_BASE ?? (prodMode ? NETPAY_LIVE_API : NETPAY_SANDBOX_API),
        prodMode,
        ...(env.NETPAY_SCRIPT_URL ? { scriptUrl: env.NETPAY_SCRIPT_URL } : {}),
      }
    : sandbox
      ? {
          secretKey: SANDBOX_KEYS.netpaySecret,
          publicKey: SANDBOX_KEYS.netpayPublic,
          apiBase: env.NETPAY_API_BASE ?? own('netpay'),
          prodMode: false,
          scriptUrl: env.NETPAY_SCRIPT_URL ?? `${page('netpay')}/cdn/js/dev/netpay.min.js`,
        }
      : undefined
  if (netpay) {
    const provider = createNetPayProvider(netpay)
    providers.push(provider)
    browser.netPayPublicKey = provider.browser.publicKey
    browser.netPayProdMode = provider.browser.prodMode
    browser.netPayScriptUrl = provider.browser.scriptUrl
    if (!env.NETPAY_SECRET_KEY) {
      fakes.push({
        prefix: '/sandbox/netpay',
        plugin: netpayFake({
          secretKey: SANDBOX_KEYS.netpaySecret,
          publicKey: SANDBOX_KEYS.netpayPublic,
          publicUrl: page('netpay'),
        }) as unknown as FastifyPluginAsync,
      })
    }
  }

  // Exactly the origins of the providers with real keys (the fakes are this site's own origin).
  const sources: PaymentSetup['sources'] = { script: [], frame: [], connect: [], form: [] }
  const add = (list: string[], ...urls: Array<string | null | undefined>) => {
    for (const url of urls) {
      const origin = url ? originOf(url) : undefined
      if (origin && origin !== originOf(config.publicUrl)) list.push(origin)
    }
  }
  if (env.REDSYS_SECRET_KEY && redsys) {
    add(sources.form, redsys.baseUrl)
    add(sources.script, redsys.baseUrl)
    add(sources.frame, redsys.baseUrl)
  }
  if (env.STRIPE_SECRET_KEY) {
    add(sources.script, env.STRIPE_SCRIPT_URL ?? 'https://js.stripe.com')
    add(sources.frame, 'https://js.stripe.com', 'https://hooks.stripe.com')
    add(sources.connect, 'https://api.stripe.com')
  }
  if (env.PAYPAL_CLIENT_ID) {
    add(sources.script, env.PAYPAL_SDK_URL ?? 'https://www.paypal.com')
    add(sources.frame, 'https://www.paypal.com', 'https://www.sandbox.paypal.com')
    add(sources.connect, 'https://www.paypal.com', 'https://www.sandbox.paypal.com')
  }
  if (env.NETPAY_SECRET_KEY && netpay) {
    add(sources.script, browser.netPayScriptUrl, 'https://cdn.netpay.mx')
    add(sources.connect, netpay.apiBase, browser.netPayScriptUrl)
    add(sources.frame, netpay.apiBase)
  }
  return { providers, fakes, browser, sources }
}
