/** Reloads the page. One module so tests can observe reloads (jsdom cannot navigate). */
export function reloadPage() {
  window.location.reload()
}
