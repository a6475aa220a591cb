import sanitizeHtml from 'sanitize-html'

/**
 * CMS HTML (legal texts, product details, posts, banners) keeps structure, links and images and
 * loses scripts, event handlers, styles and foreign embeds. Applied when stored and before served.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'span',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links that open elsewhere must not hand the opener to the other page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    // Images in a text sit below the page's own image: they load when scrolled near, unless the
    // centre said otherwise.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: attribs.loading || 'lazy' } }),
  },
}

export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, options)
}

/** A mail's HTML as the demo mailbox shows it: CMS rules, and links that open in the reading tab. */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, {
    ...options,
    transformTags: {
      ...options.transformTags,
      a: (tagName, attribs) => {
        const { target: _target, rel: _rel, ...rest } = attribs
        return { tagName, attribs: rest }
      },
    },
  })
}

/** The text of CMS HTML without tags, whitespace collapsed, cut at `maxLength` on a word (share cards). */
export function plainTextOf(html: string, maxLength = 160): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= maxLength) return text
  const cut = text.slice(0, maxLength - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
