import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { MainSettings } from '@clubhouse/contract'
import { formatCurrency, formatDate, type FormatSettings } from '../../lib/format.ts'
import { useLanguage } from '../../lib/i18n/use-language.ts'

/**
 * What the site shows when the settings could not be loaded: no centre data, neutral colours,
 * euro amounts. Sections that need a value hide themselves when it is empty.
 */
export const FALLBACK_SETTINGS: MainSettings = {
  name: '',
  description: '',
  phone: '',
  email: '',
  openHours: '',
  address: '',
  facebook: '',
  instagram: '',
  twitter: '',
  buttonColor: '#0f766e',
  footerColor: '#111827',
  fontFamily: '',
  gallery: '',
  followUsDescription: '',
  currency: 'EUR',
  currencySymbol: '€',
  decimalSeparator: ',',
  timeZone: 'Europe/Madrid',
  culture: 'en-US',
  mainlogo: '',
  dateFormat: 'dd/MM/yyyy',
  uploads: '/uploads/',
  registerOn: false,
  customRegisterForm: false,
  headerImage: '',
  hasShop: false,
  holdsPerCustomer: 2,
  freeBookingsPerDay: 2,
}

/** The brand name when the centre has none: page titles fall back to it. */
export const BRAND_NAME = 'Clubhouse'

const SettingsContext = createContext<MainSettings>(FALLBACK_SETTINGS)

export function SettingsProvider({ settings, children }: { settings: MainSettings; children: ReactNode }) {
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>
}

/** The centre's main settings, loaded once at start (from the page itself, or the API in development). */
export function useSettings(): MainSettings {
  return useContext(SettingsContext)
}

/** Money and date formatting bound to the centre's settings. */
export function useFormat() {
  const settings = useSettings()
  const language = useLanguage()
  return useMemo(() => {
    const s: FormatSettings = { ...settings, language }
    return {
      currency: (value: number | string | null | undefined) => formatCurrency(value, s),
      date: (value: Date | string | number | null | undefined, pattern?: string) =>
        formatDate(value, s, pattern),
    }
  }, [settings, language])
}
