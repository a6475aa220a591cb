import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button.tsx'
import { paths } from '../../config/paths.ts'
import { AuthCard, CheckIcon } from '../../features/customers/components/auth-card.tsx'
import { openLogin } from '../../lib/login-prompt.ts'
import { clearCart, clearSession } from '../../lib/storage.ts'
import { usePageTitle } from '../use-page-title.ts'
import { PopularProducts } from './popular-products.tsx'

/** Delay before the page scrolls to the top (spec 1 §9). */
const SCROLL_TOP_DELAY_MS = 500

/**
 * Password changed (spec 1 §2, /passReset/ok): the message, a Login button returning to the home
 * page, and the popular products. On load it empties the cart and scrolls to the top after 0.5 s.
 * A reset ends every login of the account, so a login stored in this browser is forgotten too.
 */
export function PasswordChangedPage() {
  const { t } = useTranslation()
  usePageTitle(t('auth.passwordChanged'))

  useEffect(() => {
    clearCart()
    clearSession()
    const timer = window.setTimeout(() => window.scrollTo(0, 0), SCROLL_TOP_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  return (
    <>
      <AuthCard center icon={<CheckIcon />} title={t('auth.passwordChanged')}>
        <p className="auth-card__intro">{t('auth.passwordChangedText')}</p>
        <Button type="button" onClick={() => openLogin({ mode: 'login', backUrl: paths.home })}>
          {t('auth.login')}
        </Button>
      </AuthCard>
      <PopularProducts className="container auth-page__popular" headingId="password-changed-popular" />
    </>
  )
}
