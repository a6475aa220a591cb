import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/** Content security policy the web app passes: everything from this origin, images also over https. */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  },
}

/** Origins a payment provider's browser part needs (its script, frame, API, form target). */
export interface ExtraSources {
  script?: string[]
  frame?: string[]
  connect?: string[]
  form?: string[]
}

/** The policy with exactly the providers' origins the configured payments need, and no others. */
export function securityOptions(extra: ExtraSources = {}): HelmetOptions {
  const d = CONTENT_SECURITY_POLICY.directives
  const plus = (base: string[], more: string[] = []) => [...base, ...new Set(more)]
  return {
    contentSecurityPolicy: {
      ...CONTENT_SECURITY_POLICY,
      directives: {
        ...d,
        scriptSrc: plus(d.scriptSrc, extra.script),
        frameSrc: plus(d.frameSrc, extra.frame),
        connectSrc: plus(d.connectSrc, extra.connect),
        formAction: plus(d.formAction, extra.form),
      },
    },
    crossOriginEmbedderPolicy: false,
    // Images and shared pages may be shown by other sites (share cards).
    crossOriginResourcePolicy: { policy: 'same-site' },
  }
}

const OPTIONS: HelmetOptions = securityOptions()

/**
 * helmet's headers, worked out once. They do not depend on the request, and running helmet's
 * middleware per request halved the throughput of the settings routes (see `npm run bench`).
 */
export function computeSecurityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {})
  return headers
}

export function registerSecurityHeaders(app: FastifyInstance, extra: ExtraSources = {}) {
  const headers = computeSecurityHeaders(securityOptions(extra))
  // A callback hook: an async one costs a promise and a microtask on every request.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
    done()
  })
}
