import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation } from 'react-router'
import { ChevronDownIcon, CloseIcon, MenuIcon, SearchIcon } from '../../components/ui/icons.tsx'
import { paths } from '../../config/paths.ts'
import { useRecentPosts } from '../../features/blog/api/get-recent-posts.ts'
import { cartCount, useCart } from '../../features/cart/cart-store.ts'
import { CartDropdown } from '../../features/cart/components/cart-dropdown.tsx'
import { BRAND_NAME, useSettings } from '../../features/content/settings.tsx'
import { logout, useCustomerName, useIsLoggedIn } from '../../features/customers/session.ts'
import { SiteSearchBox } from '../../features/search/components/site-search-box.tsx'
import { currentPath, openLogin } from '../../lib/login-prompt.ts'

const ACCOUNT_ENTRIES = [
  { to: paths.account, label: 'nav.myAccount' },
  { to: paths.changePassword, label: 'nav.changePassword' },
  { to: paths.debts, label: 'nav.pendingSales' },
  { to: paths.customerOrders, label: 'nav.orders' },
  { to: paths.customerBookings, label: 'nav.bookings' },
  { to: paths.customerVouchers, label: 'nav.vouchers' },
  { to: paths.customerComms, label: 'nav.communications' },
] as const

type Group = 'blog' | 'account'

/**
 * The centre's logo, the main menu, the search box and the cart (spec 1 §2): Shop when the centre
 * has a shop, Book, Blog when there are posts (with the 2 latest), Account with its submenu, and
 * Login or Logout. Below 992 px the menu folds behind a button and the search behind another;
 * menus close on navigation, on Escape and on a click elsewhere.
 */
export function SiteHeader() {
  const { t } = useTranslation()
  const settings = useSettings()
  const loggedIn = useIsLoggedIn()
  const customerName = useCustomerName()
  const posts = useRecentPosts()
  const cart = useCart()
  const { pathname } = useLocation()
  const menuId = useId()
  const searchId = useId()
  const headerRef = useRef<HTMLElement>(null)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const searchButtonRef = useRef<HTMLButtonElement>(null)
  const groupButtons = { blog: useRef<HTMLButtonElement>(null), account: useRef<HTMLButtonElement>(null) }

  // Open state remembers the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null)
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null)
  const [group, setGroup] = useState<{ name: Group; on: string } | null>(null)
  const menuOpen = menuOpenOn === pathname
  const searchOpen = searchOpenOn === pathname
  const openGroup = group?.on === pathname ? group.name : null

  useEffect(() => {
    if (!menuOpen && !openGroup && !searchOpen) return
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element
      // A dialog opened from the menu sits above it; the menu stays as it was for when it closes.
      if (target.closest?.('.dialog-backdrop')) return
      if (!headerRef.current?.contains(target)) {
        setMenuOpenOn(null)
        setGroup(null)
        setSearchOpenOn(null)
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [menuOpen, openGroup, searchOpen])

  useEffect(() => {
    if (searchOpen) document.getElementById(searchId)?.focus()
  }, [searchOpen, searchId])

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    if (openGroup) {
      setGroup(null)
      groupButtons[openGroup].current?.focus()
    } else if (searchOpen) {
      setSearchOpenOn(null)
      searchButtonRef.current?.focus()
    } else if (menuOpen) {
      setMenuOpenOn(null)
      menuButtonRef.current?.focus()
    }
  }

  const toggleGroup = (name: Group) => setGroup(openGroup === name ? null : { name, on: pathname })
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
            <img className="brand__logo" src={settings.mainlogo} alt={name} width={180} height={48} />
          ) : (
            <span className="brand__name">{name}</span>
          )}
        </Link>

        <nav
          id={menuId}
          className={`main-nav${menuOpen ? ' is-open' : ''}`}
          aria-label={t('nav.label')}
          onClick={(event) => {
            // A chosen entry closes the menus, also when it leads to the page already shown.
            if ((event.target as Element).closest('a')) {
              setMenuOpenOn(null)
              setGroup(null)
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
              <MenuGroup
                label={t('nav.blog')}
                open={openGroup === 'blog'}
                onToggle={() => toggleGroup('blog')}
                buttonRef={groupButtons.blog}
                active={pathname === paths.blog || pathname.startsWith('/post/')}
              >
                <li>
                  <NavLink to={paths.blog} end className="submenu__link submenu__link--strong">
                    {t('nav.allPosts')}
                  </NavLink>
                </li>
                <li className="submenu__heading">{t('nav.latestPosts')}</li>
                {posts.map((post) => (
                  <li key={post.id}>
                    <NavLink to={paths.post.to(post.id)} className="submenu__link">
                      {post.title}
                    </NavLink>
                  </li>
                ))}
              </MenuGroup>
            )}
            <MenuGroup
              label={
                loggedIn && customerName ? (
                  // Who is logged in, by the menu of their account: "Account, Laura" to a screen reader.
                  <>
                    {t('nav.account')}
                    <span className="main-nav__who">
                      <span className="visually-hidden">, </span>
                      {customerName}
                    </span>
                  </>
                ) : (
                  t('nav.account')
                )
              }
              open={openGroup === 'account'}
              onToggle={() => toggleGroup('account')}
              buttonRef={groupButtons.account}
            >
              {ACCOUNT_ENTRIES.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className="submenu__link">
                    {t(entry.label)}
                  </NavLink>
                </li>
              ))}
            </MenuGroup>
            {/* The top bar holds Login and Logout on wide screens; the folded menu repeats them. */}
            <li className="main-nav__session">
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

        <div className="site-header__tools">
          <button
            ref={searchButtonRef}
            type="button"
            className="icon-button search-toggle"
            aria-expanded={searchOpen}
            aria-controls={`${searchId}-panel`}
            onClick={() => setSearchOpenOn(searchOpen ? null : pathname)}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
            <span className="visually-hidden">{t('search.open')}</span>
          </button>
          <div id={`${searchId}-panel`} className={`header-search${searchOpen ? ' is-open' : ''}`}>
            <SiteSearchBox id={searchId} onDone={() => setSearchOpenOn(null)} />
          </div>
          {/* Sales (bookings, sign-ups) also wait in the cart, so a filled cart shows without a shop. */}
          {(settings.hasShop || cartCount(cart) > 0) && <CartDropdown />}
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
        </div>
      </div>
    </header>
  )
}

/** A menu entry that opens a submenu below it (a list of links), as a disclosure button. */
function MenuGroup({
  label,
  open,
  onToggle,
  buttonRef,
  active = false,
  children,
}: {
  label: ReactNode
  open: boolean
  onToggle: () => void
  buttonRef: RefObject<HTMLButtonElement | null>
  active?: boolean
  children: ReactNode
}) {
  const id = useId()
  return (
    <li className="main-nav__group">
      <button
        ref={buttonRef}
        type="button"
        className={`main-nav__link main-nav__toggle${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        {label}
        <ChevronDownIcon width={16} height={16} className="main-nav__chevron" />
      </button>
      <ul id={id} className="submenu" hidden={!open}>
        {children}
      </ul>
    </li>
  )
}
