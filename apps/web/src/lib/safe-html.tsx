import { createElement, Fragment, type ReactNode } from 'react'

/** The markup a message may keep: emphasis, line breaks, paragraphs and lists. Nothing else. */
const KEPT = new Set(['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'ul', 'ol', 'li'])
/** Elements whose content is not text a reader should see. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
])

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  if (node.nodeType !== Node.ELEMENT_NODE) return null
  const tag = (node as Element).localName
  if (DROPPED.has(tag)) return null
  const children = [...node.childNodes].map(toReact)
  // Any other element gives only its text; no attribute of any element is kept.
  if (!KEPT.has(tag)) return createElement(Fragment, { key }, ...children)
  return tag === 'br' ? createElement('br', { key }) : createElement(tag, { key }, ...children)
}

/**
 * A message that may carry a little HTML (spec 2 §2: the dynamic form's error area shows HTML),
 * drawn as React elements: the text is parsed as an inert document (nothing in it runs or loads),
 * and only emphasis, line breaks, paragraphs and lists are kept, without attributes — no link, no
 * image, no handler. Called only once a message exists, which is after a reader's action.
 */
export function SafeHtml({ html }: { html: string }) {
  if (!html) return null
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return <>{[...doc.body.childNodes].map(toReact)}</>
}
