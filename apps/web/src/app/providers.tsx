import type { ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { MainSettings } from '@clubhouse/contract'
import { SettingsProvider } from '../features/content/settings.tsx'

/** What every page can rely on: the query cache and the centre's settings. */
export function AppProviders({
  queryClient,
  settings,
  children,
}: {
  queryClient: QueryClient
  settings: MainSettings
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider settings={settings}>{children}</SettingsProvider>
    </QueryClientProvider>
  )
}
