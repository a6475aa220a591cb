/**
 * NetPay's 3-D Secure hand-over, as the checkout speaks it (spec 4, "A 3-D Secure reply redirects
 * to the URL carried in the error message"). When NetPay answers a charge with `review`, the
 * checkout answers `errorMsg: "netpay3ds-<url>"` and the browser goes to `<url>`: NetPay's
 * authentication page, which sends it back to our `/netpay-callback/{id}` with `?transaction_token=`.
 * `netpay3ds-` is our marker, not NetPay's (research §4). Plain TypeScript: no zod, both sides use it.
 */

/** What precedes the URL in the checkout's message. */
export const NETPAY_3DS_MARKER = 'netpay3ds-'

/** The checkout's message that sends the browser to NetPay's 3-D Secure page at `url`. */
export function threeDsMessage(url: string): string {
  return `${NETPAY_3DS_MARKER}${url}`
}

/**
 * The URL a checkout message asks the browser to go to, or undefined when the message carries no
 * marker. Only an absolute http(s) URL counts: the message crosses the network, and a
 * `javascript:` URL after the marker must not become a navigation.
 */
export function parseThreeDsMessage(message: string | null | undefined): string | undefined {
  if (!message) return undefined
  const at = message.indexOf(NETPAY_3DS_MARKER)
  if (at < 0) return undefined
  const candidate = message.slice(at + NETPAY_3DS_MARKER.length).trim()
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return undefined
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
}
