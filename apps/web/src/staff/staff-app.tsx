import { lazy, Suspense } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, Outlet, Route, Routes } from 'react-router'
import { roleReaches, staffRoutes, type StaffMe } from '@clubhouse/contract/server'
import { Button } from '../components/ui/button.tsx'
import { Spinner } from '../components/ui/spinner.tsx'
import { useSettings } from '../features/content/settings.tsx'
import { changeLanguage } from '../lib/i18n/index.ts'
import { useLanguage } from '../lib/i18n/use-language.ts'
import { EnrolPanel } from './enrol-panel.tsx'
import { LoginPanel } from './login-panel.tsx'
import { SchedulePage } from './schedule-page.tsx'
import { SetPasswordPage } from './set-password-page.tsx'
import { callStaff, clearStaffToken, staffMeOptions, useHasStaffToken } from './staff-session.ts'
import './staff-texts.ts'
import './staff.css'

// A page the desk opens less often than its day: its own chunk, within the desk's first-load budget.
const SessionPage = lazy(() => import('./session-page.tsx').then((m) => ({ default: m.SessionPage })))
const CustomersPage = lazy(() => import('./customers-page.tsx').then((m) => ({ default: m.CustomersPage })))
const CustomerPage = lazy(() => import('./customer-page.tsx').then((m) => ({ default: m.CustomerPage })))
const TakingsPage = lazy(() => import('./takings-page.tsx').then((m) => ({ default: m.TakingsPage })))
const OrdersPage = lazy(() => import('./orders-page.tsx').then((m) => ({ default: m.OrdersPage })))
const OrderPage = lazy(() => import('./order-page.tsx').then((m) => ({ default: m.OrderPage })))
const AuditPage = lazy(() => import('./audit-page.tsx').then((m) => ({ default: m.AuditPage })))
const AccountsPage = lazy(() => import('./accounts-page.tsx').then((m) => ({ default: m.AccountsPage })))

/**
 * The staff desk at /staff (issue 23): its own chunks, never loaded by a customer's page. The
 * sign-in, the link that sets a password and, once signed in, the desk's pages in their shell.
 */
export function StaffApp() {
  return (
    <div className="staff">
      <Routes>
        <Route path="set-password" element={<SetPasswordPage />} />
        <Route element={<StaffGate />}>
          <Route index element={<SchedulePage />} />
          <Route
            path="takings"
            element={
              <Suspense fallback={<PageLoading />}>
                <TakingsPage />
              </Suspense>
            }
          />
          <Route
            path="customers"
            element={
              <Suspense fallback={<PageLoading />}>
                <CustomersPage />
              </Suspense>
            }
          />
          <Route
            path="customers/:id"
            element={
              <Suspense fallback={<PageLoading />}>
                <CustomerPage />
              </Suspense>
            }
          />
          <Route
            path="orders"
            element={
              <Suspense fallback={<PageLoading />}>
                <OrdersPage />
              </Suspense>
            }
          />
          <Route
            path="orders/:id"
            element={
              <Suspense fallback={<PageLoading />}>
                <OrderPage />
              </Suspense>
            }
          />
          <Route
            path="audit"
            element={
              <Suspense fallback={<PageLoading />}>
                <AuditPage />
              </Suspense>
            }
          />
          <Route
            path="sessions/:id"
            element={
              <Suspense fallback={<PageLoading />}>
                <SessionPage />
              </Suspense>
            }
          />
          <Route
            path="accounts"
            element={
              <Suspense fallback={<PageLoading />}>
                <AccountsPage />
              </Suspense>
            }
          />
          <Route path="*" element={<StaffNotFound />} />
        </Route>
      </Routes>
    </div>
  )
}

/** The sign-in without a session; the enrolment of a second factor when the role needs one first. */
function StaffGate() {
  const { t } = useTranslation()
  const signedIn = useHasStaffToken()
  const me = useQuery({ ...staffMeOptions, enabled: signedIn })
  if (!signedIn) return <LoginPanel />
  if (me.isPending) return <PageLoading />
  if (me.isError) {
    return (
      <div className="staff-centre">
        <p role="alert">{t('staff.error')}</p>
        <Button onClick={() => void me.refetch()}>{t('staff.retry')}</Button>
      </div>
    )
  }
  if (me.data.mustEnrol) return <EnrolPanel />
  return (
    <StaffShell me={me.data}>
      <Outlet />
    </StaffShell>
  )
}

/** The desk's frame: the centre's name, the pages, the language and who is signed in. */
function StaffShell({ me, children }: { me: StaffMe; children: React.ReactNode }) {
  const { t } = useTranslation()
  const { name } = useSettings()
  const language = useLanguage()
  const queryClient = useQueryClient()

  async function signOut() {
    try {
      await callStaff(staffRoutes.staffLogout)
    } catch (error) {
      // Signed out here whatever the server said: the token is forgotten either way.
      console.warn('Crash ending the staff session', error)
    }
    clearStaffToken()
    queryClient.removeQueries({ queryKey: ['staff'] })
  }

  return (
    <>
      <header className="staff-bar">
        <Link to="/staff" className="staff-bar__brand">
          <span className="staff-bar__centre">{name}</span>
          <span className="staff-bar__app">{t('staff.appName')}</span>
        </Link>
        <nav className="staff-bar__nav" aria-label={t('staff.appName')}>
          <NavLink to="/staff" end>
            {t('staff.nav.schedule')}
          </NavLink>
          <NavLink to="/staff/customers">{t('staff.nav.customers')}</NavLink>
          {roleReaches(me.role, 'manager') && <NavLink to="/staff/orders">{t('staff.nav.orders')}</NavLink>}
          {roleReaches(me.role, 'manager') && <NavLink to="/staff/takings">{t('staff.nav.takings')}</NavLink>}
          {roleReaches(me.role, 'owner') && <NavLink to="/staff/audit">{t('staff.nav.audit')}</NavLink>}
          {roleReaches(me.role, 'owner') && <NavLink to="/staff/accounts">{t('staff.nav.accounts')}</NavLink>}
        </nav>
        <div className="staff-bar__end">
          <button
            type="button"
            className="staff-bar__language"
            onClick={() => changeLanguage(language === 'es-ES' ? 'en-US' : 'es-ES')}
            lang={language === 'es-ES' ? 'en' : 'es'}
          >
            {language === 'es-ES' ? 'English' : 'Español'}
          </button>
          <span className="staff-bar__who" title={me.email}>
            {t('staff.signedInAs', { name: me.name || me.email, role: t(`staff.role_${me.role}`) })}
          </span>
          <Button variant="secondary" className="staff-bar__out" onClick={() => void signOut()}>
            {t('staff.signOut')}
          </Button>
        </div>
      </header>
      <main className="staff-main" id="main">
        {children}
      </main>
    </>
  )
}

function PageLoading() {
  const { t } = useTranslation()
  return (
    <div className="staff-centre">
      <Spinner label={t('common.loading')} />
    </div>
  )
}

function StaffNotFound() {
  const { t } = useTranslation()
  return (
    <div className="staff-centre">
      <p>{t('staff.notFound')}</p>
      <Link to="/staff">{t('staff.nav.schedule')}</Link>
    </div>
  )
}
