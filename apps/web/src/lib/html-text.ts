/** Length of a blog card's excerpt (spec 1 §9). */
export const EXCERPT_LENGTH = 100

// Block ends and line breaks become spaces, so "<p>One</p><p>Two</p>" reads "One Two".
const BLOCK_BREAK = /<\/(p|div|li|h[1-6]|blockquote|tr|td|th|section|article)>|<br\s*\/?>/gi

/**
 * The text a reader sees in an HTML fragment: tags dropped, entities decoded (`&amp;` is "&"),
 * white space collapsed. The fragment is parsed as an inert document: nothing in it runs or loads.
 */
export function htmlToText(html: string): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(html.replace(BLOCK_BREAK, '$& '), 'text/html')
  for (const hidden of doc.body.querySelectorAll('script, style, template, noscript')) hidden.remove()
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/**
 * At most `length` characters of the text of `html`, cut after a whole word when one ends in the
 * last fifth, followed by an ellipsis when anything was cut. Entities are decoded before cutting,
 * so a cut never falls inside one, and characters are counted as code points, so an emoji is
 * never split.
 */
export function excerpt(html: string, length = EXCERPT_LENGTH): string {
  const chars = Array.from(htmlToText(html))
  if (chars.length <= length) return chars.join('')
  let cut = chars.slice(0, length).join('')
  const lastSpace = cut.lastIndexOf(' ')
  if (lastSpace >= length * 0.8) cut = cut.slice(0, lastSpace)
  return `${cut.replace(/[\s.,;:!?¡¿-]+$/u, '')}…`
}

/** An opening or closing heading tag of sanitised HTML (the server stores and serves it sanitised). */
const HEADING_TAG = /<(\/?)h([1-6])(?=[\s/>])/gi

/**
 * The fragment with its headings moved so that the highest is level `top` and the others keep their
 * depth below it (at most h6): a text written with h3 sections, shown under the page's h1, reads h2,
 * so the page's outline skips no level (screen readers' heading lists; Lighthouse's heading-order).
 */
export function headingsFrom(html: string, top: number): string {
  const levels = Array.from(html.matchAll(HEADING_TAG), (m) => Number(m[2]))
  if (levels.length === 0) return html
  const shift = top - Math.min(...levels)
  if (shift === 0) return html
  return html.replace(
    HEADING_TAG,
    (_, slash: string, level: string) => `<${slash}h${Math.min(6, Math.max(1, Number(level) + shift))}`,
  )
}
