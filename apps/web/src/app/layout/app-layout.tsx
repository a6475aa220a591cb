import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageSkeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { useErrorPopup } from '../../lib/error-popup.ts'
import { useLoginPrompt } from '../../lib/login-prompt.ts'
import { SiteHeader } from './site-header.tsx'
import { TopBar } from './top-bar.tsx'

// Below the fold or opened on demand: loaded beside the page, not before the first paint.
const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })))
const LoginDialog = lazy(() =>
  import('../../features/customers/components/login-dialog.tsx').then((m) => ({ default: m.LoginDialog })),
)

/** The login dialog, loaded the first time something asks for it. */
function LoginDialogHost() {
  const { open } = useLoginPrompt()
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  )
}

const ErrorDialog = lazy(() => import('./error-dialog.tsx').then((m) => ({ default: m.ErrorDialog })))

/** The global error popup, loaded the first time a message is sent to it. */
function ErrorDialogHost() {
  const message = useErrorPopup()
  if (message === null) return null
  return (
    <Suspense fallback={null}>
      <ErrorDialog />
    </Suspense>
  )
}

/** Payment providers return to `/#/cz/ok` or `/#/cz/ko` (the old hash routes): send them to the pages. */
function hashRedirect(hash: string): string | null {
  if (hash.includes('#/cz/ok')) return paths.paymentOk
  if (hash.includes('#/cz/ko')) return paths.paymentKo
  return null
}

/** The frame of every page: skip link, top bar, menu, the page, footer, the login dialog and the error popup. */
export function AppLayout() {
  const { t } = useTranslation()
  const { pathname, hash } = useLocation()

  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])

  const redirect = hashRedirect(hash)
  if (redirect) return <Navigate to={redirect} replace />

  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <TopBar />
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageSkeleton label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={<div className="site-footer site-footer--loading" />}>
        <SiteFooter />
      </Suspense>
      <LoginDialogHost />
      <ErrorDialogHost />
    </>
  )
}
