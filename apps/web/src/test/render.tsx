import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import i18next from 'i18next'
import { MemoryRouter } from 'react-router'
import type { MainSettings } from '@clubhouse/contract'
import { AppProviders } from '../app/providers.tsx'
import { FALLBACK_SETTINGS } from '../features/content/settings.tsx'

/** A centre as the demo seeds it, for tests. */
export const testSettings: MainSettings = {
  ...FALLBACK_SETTINGS,
  name: 'Club Mistral',
  description: 'Padel and fitness by the beach.',
  phone: '+34 963 00 12 34',
  email: 'hola@clubmistral.es',
  openHours: 'Mon–Fri 7:00–23:00',
  address: 'Carrer de la Brisa, 14, València',
  facebook: 'https://www.facebook.com/clubmistral',
  instagram: 'https://www.instagram.com/clubmistral',
  twitter: 'https://twitter.com/clubmistral',
  culture: 'es-ES',
  registerOn: true,
  customRegisterForm: false,
  hasShop: true,
}

/**
 * Renders `ui` inside the app's providers and an in-memory router at `route`; with `queryClient`,
 * that one (to look into its cache, or start with something in it).
 */
export function renderWithApp(
  ui: ReactElement,
  {
    settings = testSettings,
    route = '/',
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  }: { settings?: Partial<MainSettings>; route?: string; queryClient?: QueryClient } = {},
) {
  return render(
    <AppProviders queryClient={queryClient} settings={{ ...testSettings, ...settings }} i18n={i18next}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  )
}

/** A JSON answer as the server sends it. */
export function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ...(init.headers as Record<string, string>),
    },
  })
}
