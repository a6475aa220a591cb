/**
 * Sends the browser to a provider's page (NetPay's 3-D Secure). One place, so tests can see where
 * it went: jsdom cannot leave the page.
 */
export function leaveFor(url: string): void {
  window.location.assign(url)
}
