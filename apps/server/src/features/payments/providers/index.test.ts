import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config.ts'
import { computeSecurityHeaders, securityOptions } from '../../../http/security-headers.ts'
import { paymentSetup } from './index.ts'

const setupOf = (env: Record<string, string>) =>
  paymentSetup(loadConfig({ PUBLIC_URL: 'https://club.example', ...env }))
const cspOf = (env: Record<string, string>) =>
  computeSecurityHeaders(securityOptions(setupOf(env).sources))['content-security-policy']!

describe('which payment providers a server takes', () => {
  it('offers every method against the local fakes in sandbox mode, allowing no other origin', () => {
    const setup = setupOf({})
    expect(setup.providers.map((p) => p.methodId).sort((a, b) => a - b)).toEqual([1, 9, 10, 14, 15])
    expect(setup.fakes.map((f) => f.prefix).sort()).toEqual([
      '/sandbox/netpay',
      '/sandbox/paypal',
      '/sandbox/redsys',
      '/sandbox/stripe',
    ])
    expect(setup.browser.sandbox).toBe(true)
    expect(cspOf({})).toContain("script-src 'self';")
    expect(cspOf({})).toContain("form-action 'self';")
  })

  it('offers nothing and mounts no fake in production without keys', () => {
    const setup = setupOf({ NODE_ENV: 'production' })
    expect(setup.providers).toEqual([])
    expect(setup.fakes).toEqual([])
    expect(setup.browser.sandbox).toBe(false)
  })

  it("with a provider's real keys, talks to it and lets the browser reach exactly its origins", () => {
    const env = {
      NODE_ENV: 'production',
      REDSYS_MERCHANT_CODE: '999008881',
      REDSYS_SECRET_KEY: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      REDSYS_URL: 'https://sis.redsys.es',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    }
    const setup = setupOf(env)
    expect(setup.providers.map((p) => p.name).sort()).toEqual(['card', 'redsys', 'stripe'])
    expect(setup.fakes).toEqual([])
    const csp = cspOf(env)
    expect(csp).toContain("form-action 'self' https://sis.redsys.es")
    expect(csp).toContain('https://js.stripe.com')
    expect(csp).not.toContain('paypal')
  })
})
