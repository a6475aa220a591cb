import type { BootData, Locale, MainSettings } from '@clubhouse/contract'
import { FALLBACK_SETTINGS } from '../features/content/settings.tsx'
import { BOOT_ELEMENT_ID, LOCALES } from '../lib/constants.ts'
import { getLanguage, setLanguage, setVersionMarker, writeLanguageCookie } from '../lib/storage.ts'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * The data the server inlined in index.html (`<script type="application/json" id="clubhouse-boot">`):
 * the running build's marker, the page's language and the centre's settings. Absent under the
 * development server, which serves index.html as it is. The server built it from settings it
 * validated with the contract; here only its outline is checked, so the first paint needs no zod.
 */
export function readBootData(doc: Document = document): BootData | undefined {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent
  if (!text) return undefined
  try {
    const data = JSON.parse(text) as unknown
    if (
      isObject(data) &&
      typeof data.version === 'string' &&
      LOCALES.includes(data.language as Locale) &&
      isObject(data.settings) &&
      typeof data.settings.name === 'string'
    ) {
      return { ...data, settings: { ...FALLBACK_SETTINGS, ...data.settings } } as BootData
    }
  } catch {
    // Not JSON: start as if the page carried nothing.
  }
  return undefined
}

/**
 * The language the app starts in: the one the server rendered the page in when the page carries it
 * (chosen by the address's `?lang=`, the cookie or the browser's languages; decision 089), else the
 * stored one. It is stored and written to the cookie, so the next page the server renders, and the
 * next visit, are in it too.
 */
export function startLanguage(boot: BootData | undefined): Locale {
  const language = boot?.language ?? getLanguage()
  if (language === getLanguage()) writeLanguageCookie(language)
  else setLanguage(language)
  return language
}

/**
 * The settings to start with. The page's own copy is used when it is in the visitor's language
 * (no round trip before the first paint); otherwise they are asked for, and the theme the server
 * would have written is applied here. Without settings the site still opens, neutral and unbranded.
 */
export async function loadStartSettings(language: Locale, boot: BootData | undefined): Promise<MainSettings> {
  if (boot) {
    // The page was just served by the running build, so this tab runs what the server runs.
    setVersionMarker(boot.version)
    if (boot.language === language) return boot.settings
  }
  try {
    const [{ getMainSettings }, { applyTheme }] = await Promise.all([
      import('../features/content/api/get-main-settings.ts'),
      import('../features/content/theme.ts'),
    ])
    const settings = await getMainSettings()
    if (!boot) applyTheme(settings)
    return settings
  } catch (error) {
    console.error('Not settings defined!', error)
    return FALLBACK_SETTINGS
  }
}
