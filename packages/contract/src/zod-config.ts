import { z } from 'zod'

/**
 * In a browser, zod parses without compiling parsers (`jitless`). Its compiled parsers are built with
 * `new Function`, which the site's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval')
 * forbids; zod then falls back by itself, but its probe for eval is still reported by the browser as
 * a CSP violation on every page (Lighthouse's best practices, decision 088). Set before any schema
 * is built: the contract's entry imports this module first. The server keeps compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true })
