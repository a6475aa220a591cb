import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation } from 'react-router'
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../../components/ui/icons.tsx'
import { paths } from '../../config/paths.ts'
import { useRecentPosts } from '../../features/blog/api/get-recent-posts.ts'
import { BRAND_NAME, useSettings } from '../../features/content/settings.tsx'
import { logout, useIsLoggedIn } from '../../features/customers/session.ts'
import { currentPath, openLogin } from '../../lib/login-prompt.ts'

const ACCOUNT_ENTRIES = [
  { to: paths.account, label: 'nav.myAccount' },
  { to: paths.changePassword, label: 'nav.changePassword' },
  { to: paths.debts, label: 'nav.pendingSales' },
  { to: paths.orders, label: 'nav.orders' },
  { to: paths.bookings, label: 'nav.bookings' },
  { to: paths.vouchers, label: 'nav.vouchers' },
  { to: paths.comms, label: 'nav.communications' },
] as const

/**
 * The centre's logo and the main menu (spec 1 §2): Shop when the centre has a shop, Book, Blog when
 * there are posts, Account with its submenu, and Login or Logout. Below 992 px the menu folds
 * behind a button; menus close on navigation, on Escape and on a click elsewhere.
 */
export function SiteHeader() {
  const { t } = useTranslation()
  const settings = useSettings()
  const loggedIn = useIsLoggedIn()
  const posts = useRecentPosts()
  const { pathname } = useLocation()
  const menuId = useId()
  const accountId = useId()
  const headerRef = useRef<HTMLElement>(null)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const accountButtonRef = useRef<HTMLButtonElement>(null)

  // Open state remembers the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null)
  const [accountOpenOn, setAccountOpenOn] = useState<string | null>(null)
  const menuOpen = menuOpenOn === pathname
  const accountOpen = accountOpenOn === pathname

  useEffect(() => {
    if (!menuOpen && !accountOpen) return
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element
      // A dialog opened from the menu sits above it; the menu stays as it was for when it closes.
      if (target.closest?.('.dialog-backdrop')) return
      if (!headerRef.current?.contains(target)) {
        setMenuOpenOn(null)
        setAccountOpenOn(null)
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [menuOpen, accountOpen])

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape') return
    if (accountOpen) {
      setAccountOpenOn(null)
      accountButtonRef.current?.focus()
    } else if (menuOpen) {
      setMenuOpenOn(null)
      menuButtonRef.current?.focus()
    }
  }

  const name = settings.name || BRAND_NAME
  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    `main-nav__link${isActive ? ' is-active' : ''}`

  return (
    <header className="site-header" ref={headerRef} onKeyDown={onKeyDown}>
      <div className="container site-header__inner">
        <Link
          to={paths.home}
          className="brand"
          aria-label={settings.mainlogo ? undefined : t('nav.home', { name })}
        >
          {settings.mainlogo ? (
            <img className="brand__logo" src={settings.mainlogo} alt={name} height={48} />
          ) : (
            <span className="brand__name">{name}</span>
          )}
        </Link>

        <button
          ref={menuButtonRef}
          type="button"
          className="nav-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span>{t('nav.openMenu')}</span>
        </button>

        <nav
          id={menuId}
          className={`main-nav${menuOpen ? ' is-open' : ''}`}
          aria-label={t('nav.label')}
          onClick={(event) => {
            // A chosen entry closes the menus, also when it leads to the page already shown.
            if ((event.target as Element).closest('a')) {
              setMenuOpenOn(null)
              setAccountOpenOn(null)
            }
          }}
        >
          <ul className="main-nav__list">
            {settings.hasShop && (
              <li>
                <NavLink to={paths.shop} className={navLinkClass}>
                  {t('nav.shop')}
                </NavLink>
              </li>
            )}
            <li>
              <NavLink to={paths.bookingTypes} className={navLinkClass}>
                {t('nav.book')}
              </NavLink>
            </li>
            {posts.length > 0 && (
              <li>
                <NavLink to={paths.blog} className={navLinkClass}>
                  {t('nav.blog')}
                </NavLink>
              </li>
            )}
            <li className="main-nav__group">
              <button
                ref={accountButtonRef}
                type="button"
                className="main-nav__link main-nav__toggle"
                aria-expanded={accountOpen}
                aria-controls={accountId}
                onClick={() => setAccountOpenOn(accountOpen ? null : pathname)}
              >
                {t('nav.account')}
                <ChevronDownIcon width={16} height={16} className="main-nav__chevron" />
              </button>
              <ul id={accountId} className="submenu" hidden={!accountOpen}>
                {ACCOUNT_ENTRIES.map((entry) => (
                  <li key={entry.to}>
                    <NavLink to={entry.to} className="submenu__link">
                      {t(entry.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
            <li>
              {loggedIn ? (
                <button type="button" className="main-nav__link" onClick={logout}>
                  {t('nav.logout')}
                </button>
              ) : (
                <button
                  type="button"
                  className="main-nav__link"
                  onClick={() => openLogin({ mode: 'login', backUrl: currentPath() })}
                >
                  {t('nav.login')}
                </button>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  )
}
