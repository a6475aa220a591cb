import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { paths } from '../../../config/paths.ts'
import '../account.css'

const LINKS = [
  { to: paths.account, label: 'nav.myAccount' },
  { to: paths.changePassword, label: 'nav.changePassword' },
  { to: paths.debts, label: 'nav.pendingSales' },
  { to: paths.customerOrders, label: 'nav.orders' },
  { to: paths.customerBookings, label: 'nav.bookings' },
  { to: paths.customerVouchers, label: 'nav.vouchers' },
  { to: paths.customerComms, label: 'nav.communications' },
] as const

/**
 * The frame of the account pages: the page title, an optional line under it, and links between
 * the customer's pages (the same entries as the Account menu), so each is one tap from the others.
 */
export function AccountShell({
  title,
  lead,
  children,
  wide = false,
}: {
  title: ReactNode
  lead?: ReactNode
  children: ReactNode
  wide?: boolean
}) {
  const { t } = useTranslation()
  return (
    <div className="account-page">
      <div className={`container${wide ? '' : ' account-page__container'}`}>
        <nav className="account-nav" aria-label={t('account.navLabel')}>
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to !== paths.customerOrders && link.to !== paths.customerComms}
                  className="account-nav__link"
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <header className="account-page__head">
          <h1 className="page-title account-page__title">{title}</h1>
          {lead && <p className="account-page__lead">{lead}</p>}
        </header>
        {children}
      </div>
    </div>
  )
}
