import { describe, expect, it } from 'vitest'
import { stripNonPrintable } from './text.ts'

describe('typed text', () => {
  it('loses control characters but keeps line breaks, tabs and accents', () => {
    expect(stripNonPrintable('Hola\u0000 Jos\u00e9\u0007\r\n\tadi\u00f3s\u200b')).toBe('Hola José\r\n\tadiós')
  })
})
