import { describe, expect, it } from 'vitest'
import { sanitizeCmsHtml } from './sanitize.ts'

describe('CMS HTML', () => {
  it('loads its images lazily unless the centre chose otherwise, keeping their size', () => {
    expect(
      sanitizeCmsHtml('<p><img src="https://x.test/a.jpg" alt="Court" width="800" height="450"></p>'),
    ).toBe('<p><img src="https://x.test/a.jpg" alt="Court" width="800" height="450" loading="lazy" /></p>')
    expect(sanitizeCmsHtml('<img src="/a.jpg" loading="eager">')).toBe('<img src="/a.jpg" loading="eager" />')
  })

  it('drops image attributes that run code', () => {
    expect(sanitizeCmsHtml('<img src="/a.jpg" onerror="alert(1)">')).toBe(
      '<img src="/a.jpg" loading="lazy" />',
    )
  })
})
