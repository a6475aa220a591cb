/** The settings the theme is made from (MainSettings has them). */
interface ThemeSettings {
  buttonColor: string
  footerColor: string
  fontFamily: string
}

/** Relative luminance of an sRGB colour (WCAG 2). */
function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export const DARK_TEXT = '#111827'
export const LIGHT_TEXT = '#ffffff'

/** White or dark text, whichever reads better on `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT
}

export const SYSTEM_FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif"

/** A font the site serves itself (decision 053). */
export interface ShippedFont {
  /** The family name the site's @font-face declares. */
  family: string
  /** The system font with metrics adjusted to this one, shown until it arrives (font-display: swap). */
  fallback: string
  /** Source file name of its Latin subset in the web build (the server preloads the built file). */
  file: string
  /** Other names a centre may write for it. */
  aliases: string[]
}

/**
 * The fonts the site ships, self-hosted from npm font packages, Latin subset only. A centre whose
 * settings name one of them gets it, preloaded; any other name is tried as a font of the visitor's
 * system before the system stack, never fetched.
 */
export const SHIPPED_FONTS: readonly ShippedFont[] = [
  {
    family: 'Inter',
    fallback: 'Inter Fallback',
    file: 'inter-latin-wght-normal.woff2',
    aliases: ['Inter Variable', 'Inter var'],
  },
]

/** The first family a settings font list names, without quotes. */
const firstFamily = (fontFamily: string) =>
  (fontFamily.split(',')[0] ?? '').trim().replace(/^['"]|['"]$/g, '')

/** The shipped font the settings name first, if any ("Inter", "'Inter Variable', sans-serif"). */
export function shippedFont(fontFamily: string): ShippedFont | undefined {
  const wanted = firstFamily(fontFamily).toLowerCase()
  return SHIPPED_FONTS.find((font) =>
    [font.family, ...font.aliases].some((name) => name.toLowerCase() === wanted),
  )
}

/** The CSS font stack of the settings' font: a shipped font with its adjusted fallback, else as named. */
export function fontStack(fontFamily: string): string {
  const shipped = shippedFont(fontFamily)
  if (shipped) return `'${shipped.family}', '${shipped.fallback}', ${SYSTEM_FONT_STACK}`
  const font = fontFamily.trim()
  return font ? `${/[\s,'"]/.test(font) ? font : `'${font}'`}, ${SYSTEM_FONT_STACK}` : SYSTEM_FONT_STACK
}

/** The theme as CSS custom properties, from the centre's settings (server head and web app alike). */
export function themeVariables(s: ThemeSettings): Record<string, string> {
  return {
    '--cz-button': s.buttonColor,
    '--cz-button-text': readableTextOn(s.buttonColor),
    '--cz-footer': s.footerColor,
    '--cz-footer-text': readableTextOn(s.footerColor),
    '--cz-font': fontStack(s.fontFamily),
  }
}

/** `:root{...}` for a <style> element. Values come from validated settings (colours are #hex). */
export function themeCss(s: ThemeSettings): string {
  const vars = Object.entries(themeVariables(s))
    .map(([k, v]) => `${k}:${v.replace(/[<>{};]/g, '')}`)
    .join(';')
  return `:root{${vars}}`
}
