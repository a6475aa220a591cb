import { useEffect } from 'react'
import { BRAND_NAME, useSettings } from '../features/content/settings.tsx'

/**
 * Sets the document title as the server writes it: "Page · Centre", or the centre's name alone,
 * or the brand name when the centre has none.
 */
export function usePageTitle(title?: string) {
  const { name } = useSettings()
  useEffect(() => {
    const site = name || BRAND_NAME
    document.title = title ? `${title} · ${site}` : site
  }, [title, name])
}
