import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ClockIcon, MailIcon, PhoneIcon, PinIcon, WindowIcon } from '../../components/ui/icons.tsx'
import { paths } from '../../config/paths.ts'
import { useRecentPosts } from '../../features/blog/api/get-recent-posts.ts'
import { useGallery } from '../../features/content/api/get-gallery.ts'
import { FooterGallery } from '../../features/content/components/gallery.tsx'
import { InfoRequestForm } from '../../features/comms/components/info-request-form.tsx'
import { LegalDialog } from '../../features/content/components/legal-dialog.tsx'
import { SocialLinks } from '../../features/content/components/social-links.tsx'
import { LEGAL_TEXTS, type LegalText } from '../../features/content/legal-texts.ts'
import { BRAND_NAME, useSettings } from '../../features/content/settings.tsx'
import { wallClockAt } from '../../features/bookings/booking-rules.ts'
import { useMountTime } from '../../lib/use-now.ts'
import { phoneHref } from './phone-href.ts'

/**
 * The footer in the centre's footer colour (spec 2 §2): about, contact data and opening hours,
 * legal texts as pages and as popups, the "Request More Info" form and the copyright line.
 */
export function SiteFooter() {
  const { t } = useTranslation()
  const settings = useSettings()
  // The centre's year, from the time the page was made while it hydrates.
  const thisYear = wallClockAt(useMountTime(), settings.timeZone).slice(0, 4)
  const posts = useRecentPosts()
  const gallery = useGallery()
  const [legalText, setLegalText] = useState<LegalText | null>(null)
  const name = settings.name || BRAND_NAME

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__section" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__title">
            {settings.name || t('footer.about')}
          </h2>
          {settings.description && <p className="site-footer__text">{settings.description}</p>}
          {settings.followUsDescription && (
            <p className="site-footer__text">{settings.followUsDescription}</p>
          )}
          <SocialLinks className="site-footer__social" />
          {posts.length > 0 && (
            <>
              <h3 className="site-footer__subtitle">{t('footer.recentPosts')}</h3>
              <ul className="site-footer__list">
                {posts.map((post) => (
                  <li key={post.id}>
                    <Link to={paths.post.to(post.id)}>{post.title}</Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          {gallery.data && gallery.data.length > 0 && <FooterGallery items={gallery.data} />}
        </section>

        <section className="site-footer__section" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__title">
            {t('footer.contact')}
          </h2>
          <ul className="site-footer__list site-footer__contact">
            {settings.phone && (
              <li>
                <PhoneIcon />
                <a href={phoneHref(settings.phone)}>
                  <span className="visually-hidden">{t('topBar.phone')}: </span>
                  {settings.phone}
                </a>
              </li>
            )}
            {settings.email && (
              <li>
                <MailIcon />
                <a href={`mailto:${settings.email}`}>
                  <span className="visually-hidden">{t('topBar.email')}: </span>
                  {settings.email}
                </a>
              </li>
            )}
            {settings.openHours && (
              <li>
                <ClockIcon />
                <span>
                  <span className="visually-hidden">{t('footer.openHours')}: </span>
                  {settings.openHours}
                </span>
              </li>
            )}
            {settings.address && (
              <li>
                <PinIcon />
                <span>
                  <span className="visually-hidden">{t('topBar.address')}: </span>
                  {settings.address}
                </span>
              </li>
            )}
          </ul>
        </section>

        <section className="site-footer__section" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__title">
            {t('footer.legal')}
          </h2>
          <ul className="site-footer__list site-footer__legal">
            {LEGAL_TEXTS.map((text) => (
              <li key={text.key}>
                <Link to={text.path}>{t(text.title)}</Link>
                <button
                  type="button"
                  className="icon-button icon-button--small"
                  aria-label={t('footer.quickView', { title: t(text.title) })}
                  title={t('footer.quickView', { title: t(text.title) })}
                  onClick={() => setLegalText(text)}
                >
                  <WindowIcon width={18} height={18} />
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section className="site-footer__section" aria-labelledby="footer-info">
          <h2 id="footer-info" className="site-footer__title">
            {t('infoRequest.title')}
          </h2>
          <p className="site-footer__text">{t('infoRequest.intro')}</p>
          <InfoRequestForm />
        </section>
      </div>
      <div className="site-footer__bottom">
        <p className="container">{t('footer.copyright', { year: thisYear, name })}</p>
      </div>
      <LegalDialog text={legalText} onClose={() => setLegalText(null)} />
    </footer>
  )
}
