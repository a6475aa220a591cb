import { lazy, Suspense, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { MainSettings } from '@clubhouse/contract'
import { SettingsProvider } from '../features/content/settings.tsx'
import { LegalDialogContext, type LegalDialogProps } from '../features/customers/legal-dialog-context.ts'

const LegalDialogChunk = lazy(() =>
  import('../features/content/components/legal-dialog.tsx').then((m) => ({ default: m.LegalDialog })),
)

/** Content's legal popup for the register form, loaded with the form rather than with the first page. */
function LegalDialog(props: LegalDialogProps) {
  return (
    <Suspense fallback={null}>
      <LegalDialogChunk {...props} />
    </Suspense>
  )
}

/** What every page can rely on: the query cache, the centre's settings and the legal popup. */
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
      <SettingsProvider settings={settings}>
        <LegalDialogContext value={LegalDialog}>{children}</LegalDialogContext>
      </SettingsProvider>
    </QueryClientProvider>
  )
}
