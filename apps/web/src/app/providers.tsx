import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import type { MainSettings } from '@clubhouse/contract'
import { SettingsProvider } from '../features/content/settings.tsx'
import { RenderTimeContext } from '../lib/use-now.ts'
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

/**
 * Marks the page as running once React has rendered or hydrated it (`<html data-app="ready">`):
 * what depends on the customer appears from then on, and tests wait for it rather than for time.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready'
  }, [])
  return null
}

/**
 * What every page can rely on: the texts in the page's language, the query cache, the centre's
 * settings and the legal popup. The same on the server (one i18next instance per request) and in
 * the browser, so a server-rendered page hydrates into the same tree.
 */
export function AppProviders({
  queryClient,
  settings,
  i18n,
  renderedAt,
  children,
}: {
  queryClient: QueryClient
  settings: MainSettings
  i18n: I18n
  /** When the server rendered the page being hydrated (or being rendered there). */
  renderedAt?: number | undefined
  children: ReactNode
}) {
  return (
    <RenderTimeContext value={renderedAt}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <SettingsProvider settings={settings}>
            <LegalDialogContext value={LegalDialog}>
              {children}
              <AppReady />
            </LegalDialogContext>
          </SettingsProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </RenderTimeContext>
  )
}
