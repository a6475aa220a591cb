import { useEffect, useRef } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { paths } from '../config/paths.ts'
import { useIsLoggedIn } from '../features/customers/session.ts'
import { openLogin } from '../lib/login-prompt.ts'

/**
 * The guard of login-required pages (spec 1 §2): without a stored token the login dialog opens,
 * remembering the page asked for. Opened from outside the site (a first load) the visitor lands
 * on the home page; opened from a link inside it, the visitor stays on the page they were on.
 */
export function RequireLogin() {
  const loggedIn = useIsLoggedIn()
  const location = useLocation()
  const navigate = useNavigate()
  const handled = useRef<string | null>(null)
  // The router keys the document's first location 'default'; every in-app navigation gets its own key.
  const firstLoad = location.key === 'default'
  const target = `${location.pathname}${location.search}${location.hash}`

  useEffect(() => {
    if (loggedIn || handled.current === location.key) return
    handled.current = location.key
    openLogin({ mode: 'login', backUrl: target })
    if (firstLoad) navigate(paths.home, { replace: true })
    else navigate(-1)
  }, [loggedIn, location.key, target, firstLoad, navigate])

  return loggedIn ? <Outlet /> : null
}
