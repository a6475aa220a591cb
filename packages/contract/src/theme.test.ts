import { describe, expect, it } from 'vitest'
import { contrastRatio, fontStack, readableTextOn, shippedFont, themeCss } from './theme.ts'

describe('theme from settings', () => {
  it('picks white text on dark brand colours and dark text on light ones', () => {
    expect(readableTextOn('#0f766e')).toBe('#ffffff')
    expect(readableTextOn('#0b1f33')).toBe('#ffffff')
    expect(readableTextOn('#facc15')).toBe('#111827')
    expect(readableTextOn('#fff')).toBe('#111827')
  })

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1)
  })

  it('writes CSS variables with the font before a system fallback stack', () => {
    const css = themeCss({ buttonColor: '#0f766e', footerColor: '#0b1f33', fontFamily: 'Inter' })
    expect(css).toMatch(/^:root\{--cz-button:#0f766e;--cz-button-text:#ffffff;--cz-footer:#0b1f33;/)
    expect(css).toContain("--cz-font:'Inter', 'Inter Fallback', system-ui")
    expect(themeCss({ buttonColor: '#000', footerColor: '#000', fontFamily: 'x;}</style>' })).not.toMatch(
      /<\/style>|;}/,
    )
  })

  it('gives a font the site ships with its adjusted fallback, however the settings write its name', () => {
    for (const name of ['Inter', 'inter', "'Inter Variable', sans-serif", '"Inter"']) {
      expect(shippedFont(name)?.family, name).toBe('Inter')
      expect(fontStack(name), name).toMatch(/^'Inter', 'Inter Fallback', system-ui/)
    }
  })

  it('falls back to the system fonts for a font the site does not ship, asking for nothing', () => {
    expect(shippedFont('Comic Neue')).toBeUndefined()
    expect(fontStack('Comic Neue')).toMatch(/^Comic Neue, system-ui, /)
    expect(fontStack('Lato')).toMatch(/^'Lato', system-ui, /)
    expect(fontStack('Georgia, serif')).toMatch(/^Georgia, serif, system-ui/)
    expect(fontStack('  ')).toMatch(/^system-ui/)
  })
})
