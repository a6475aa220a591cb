import type { MainSettings } from '@clubhouse/contract'
import { themeVariables } from '@clubhouse/contract/constants'

/**
 * Puts the centre's colours and font on the page as CSS variables. The server writes them into the
 * head of every page; the app does it only where no server head exists (the development server).
 */
export function applyTheme(settings: MainSettings) {
  const style = document.documentElement.style
  for (const [name, value] of Object.entries(themeVariables(settings))) style.setProperty(name, value)
}
