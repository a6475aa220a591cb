import { useTranslation } from 'react-i18next'
import type { Locale } from '@clubhouse/contract'
import { MailIcon, PhoneIcon, PinIcon } from '../../components/ui/icons.tsx'
import { SocialLinks } from '../../features/content/components/social-links.tsx'
import { useSettings } from '../../features/content/settings.tsx'
import { logout, useIsLoggedIn } from '../../features/customers/session.ts'
import { changeLanguage } from '../../lib/i18n/index.ts'
import { useLanguage } from '../../lib/i18n/use-language.ts'
import { currentPath, openLogin } from '../../lib/login-prompt.ts'
import { phoneHref } from './phone-href.ts'

const LANGUAGES: { locale: Locale; lang: string; label: 'topBar.english' | 'topBar.spanish' }[] = [
  { locale: 'en-US', lang: 'en', label: 'topBar.english' },
  { locale: 'es-ES', lang: 'es', label: 'topBar.spanish' },
]

/** The strip above the menu: the centre's contact data and social links, languages, login and registration. */
export function TopBar() {
  const { t } = useTranslation()
  const settings = useSettings()
  const loggedIn = useIsLoggedIn()
  const language = useLanguage()

  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <ul className="top-bar__contact" aria-label={t('topBar.contact')}>
          {settings.phone && (
            <li>
              <a href={phoneHref(settings.phone)} className="top-bar__item">
                <PhoneIcon width={16} height={16} />
                <span className="top-bar__text">{settings.phone}</span>
              </a>
            </li>
          )}
          {settings.email && (
            <li>
              <a href={`mailto:${settings.email}`} className="top-bar__item">
                <MailIcon width={16} height={16} />
                <span className="top-bar__text">{settings.email}</span>
              </a>
            </li>
          )}
          {settings.address && (
            <li className="top-bar__address">
              <span className="top-bar__item">
                <PinIcon width={16} height={16} />
                <span>{settings.address}</span>
              </span>
            </li>
          )}
        </ul>
        <SocialLinks className="top-bar__social" />
        <div className="top-bar__actions">
          <ul className="language-switch" aria-label={t('topBar.language')}>
            {LANGUAGES.map((item) => (
              <li key={item.locale}>
                <button
                  type="button"
                  lang={item.lang}
                  className="top-bar__link"
                  aria-current={item.locale === language ? 'true' : undefined}
                  onClick={() => item.locale !== language && changeLanguage(item.locale)}
                >
                  {t(item.label)}
                </button>
              </li>
            ))}
          </ul>
          {loggedIn ? (
            <div className="top-bar__account">
              <button type="button" className="top-bar__link" onClick={() => void logout()}>
                {t('nav.logout')}
              </button>
            </div>
          ) : (
            <div className="top-bar__account">
              <button
                type="button"
                className="top-bar__link"
                onClick={() => openLogin({ mode: 'login', backUrl: currentPath() })}
              >
                {t('topBar.login')}
              </button>
              {settings.registerOn && (
                <button
                  type="button"
                  className="top-bar__link top-bar__link--strong"
                  onClick={() => openLogin({ mode: 'register', backUrl: currentPath() })}
                >
                  {t('topBar.register')}
                </button>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  )
}
