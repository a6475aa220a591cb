import { describe, expect, it } from 'vitest'
import { cleanFileName, fileKindOf } from './file-types.ts'

const PDF = { contentType: 'application/pdf', ext: 'pdf' }

describe('what a text file is', () => {
  const kindOf = (text: string) => fileKindOf(Buffer.from(text))?.ext

  it('is UTF-8 without control characters, markup or an interpreter line', () => {
    for (const text of [
      'Apto para el pádel.\r\nFirmado: Dra. Ruiz\n',
      '\ufeffwith a byte order mark',
      'tabs\tand a page break\f',
      'maths: 3 < 5 and 7 > 2, a <- b',
      '# a heading, not an interpreter line',
    ]) {
      expect(kindOf(text), JSON.stringify(text)).toBe('txt')
    }
  })

  it('is not a page, an image in SVG, XML, a script or text with control characters', () => {
    for (const text of [
      '<svg onload="alert(1)"/>',
      'notes\n<script>alert(1)</script>',
      '<!-- a comment -->',
      '<?php echo 1; ?>',
      'closing </p> tag',
      '#!/bin/bash\necho hi',
      '\ufeff#!/usr/bin/env node',
      'bell \u0007',
      'next line \u0085',
    ]) {
      expect(kindOf(text), JSON.stringify(text)).toBeUndefined()
    }
    // Not UTF-8 at all (Latin-1 "café").
    expect(fileKindOf(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBeUndefined()
  })
})

describe("a file's name as it is kept", () => {
  it('is one line: line breaks and tabs become spaces, runs of them one', () => {
    expect(cleanFileName('two\r\nlines\tand\u2028more\u2029 and\u0085 more.pdf', PDF)).toBe(
      'two lines and more and more.pdf',
    )
  })

  it('loses control characters and the marks that turn the direction of text', () => {
    // "invoice\u202Efdp.exe" reads as "invoiceexe.pdf" where the mark is obeyed.
    expect(cleanFileName('\u0000in\u0007voice\u202E\u2066fdp.exe\u007f\u009b', PDF)).toBe('invoicefdp.exe')
  })

  it('keeps at most 255 characters, never half of one', () => {
    const name = `${'a'.repeat(254)}😀😀.pdf`
    const kept = cleanFileName(name, PDF)
    expect(Array.from(kept)).toHaveLength(255)
    expect(kept.endsWith('a😀')).toBe(true)
  })

  it('is file.<ext> when nothing is left of it', () => {
    expect(cleanFileName(' \u202E\r\n ', PDF)).toBe('file.pdf')
  })
})
