import { describe, expect, it } from 'vitest'
import { excerpt, htmlToText } from './html-text.ts'

const longPost =
  '<p>Our <strong>summer padel camp</strong> opens on 1 July.</p><p>Four weeks of coaching for juniors and adults, with matches every Friday &amp; a final tournament.</p>'

describe('the text of an HTML fragment', () => {
  it('drops tags, decodes entities and keeps words of two paragraphs apart', () => {
    expect(htmlToText('<p>Caf&eacute; &amp; <em>padel</em></p><p>Second</p>')).toBe('Café & padel Second')
  })

  it('runs nothing it reads', () => {
    expect(
      htmlToText('<img src=x onerror="window.__ran = true"><script>window.__ran = true</script>Hi'),
    ).toBe('Hi')
    expect((window as unknown as { __ran?: boolean }).__ran).toBeUndefined()
  })
})

describe('a blog excerpt', () => {
  it('keeps a short text whole, without an ellipsis', () => {
    expect(excerpt('<p>Short &amp; sweet.</p>')).toBe('Short & sweet.')
  })

  it('holds at most 100 characters of plain text and ends in an ellipsis', () => {
    const text = excerpt(longPost)
    expect(text.endsWith('…')).toBe(true)
    expect(Array.from(text.slice(0, -1)).length).toBeLessThanOrEqual(100)
    expect(text).not.toMatch(/[<>]/)
    expect(text.startsWith('Our summer padel camp opens on 1 July. Four weeks')).toBe(true)
  })

  it('ends after a whole word', () => {
    const text = excerpt(longPost)
    const plain = htmlToText(longPost)
    const kept = text.slice(0, -1)
    expect(plain.startsWith(kept)).toBe(true)
    expect(plain[kept.length]).toMatch(/[\s,.&]/)
  })

  it('never cuts inside an entity', () => {
    const html = `<p>${'a'.repeat(97)}&eacute;&amp;&lt;more text</p>`
    const text = excerpt(html)
    expect(text).toBe(`${'a'.repeat(97)}é&<…`)
  })

  it('never splits an emoji', () => {
    const text = excerpt(`<p>${'b'.repeat(99)}🎾🎾 and more</p>`)
    expect(text).toBe(`${'b'.repeat(99)}🎾…`)
  })
})
