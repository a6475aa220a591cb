import { describe, expect, it } from 'vitest'
import { excerpt, headingsFrom, htmlToText } from './html-text.ts'

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

describe('the headings of a text shown under a page heading', () => {
  it('start at the level asked for, each keeping its depth below the highest', () => {
    expect(headingsFrom('<p>Intro</p><h3>Why</h3><p>a</p><h4 id="x">Detail</h4><h3>How</h3>', 2)).toBe(
      '<p>Intro</p><h2>Why</h2><p>a</p><h3 id="x">Detail</h3><h2>How</h2>',
    )
    expect(headingsFrom('<h1>Title again</h1><h2>Part</h2>', 2)).toBe('<h2>Title again</h2><h3>Part</h3>')
  })

  it('go no deeper than h6', () => {
    expect(headingsFrom('<h1>A</h1><h6>F</h6>', 2)).toBe('<h2>A</h2><h6>F</h6>')
  })

  it('leave a text without headings, or already starting there, as it was, and other tags alone', () => {
    expect(headingsFrom('<p>Only text, <b>bold</b>, <hr> and <header>a header</header>.</p>', 2)).toBe(
      '<p>Only text, <b>bold</b>, <hr> and <header>a header</header>.</p>',
    )
    expect(headingsFrom('<h2>Part</h2><h4>Skip kept</h4>', 2)).toBe('<h2>Part</h2><h4>Skip kept</h4>')
    expect(headingsFrom('', 2)).toBe('')
  })
})
