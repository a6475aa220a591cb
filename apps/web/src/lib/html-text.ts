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
