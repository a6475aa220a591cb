import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ClockIcon, PhoneIcon, PinIcon } from '../../components/ui/icons.tsx'
import { paths } from '../../config/paths.ts'
import { BRAND_NAME, useSettings } from '../../features/content/settings.tsx'
import { phoneHref } from '../layout/phone-href.ts'
import { usePageTitle } from '../use-page-title.ts'

/** The home page: the centre's header image, name and description, and the way to book. */
export function HomePage() {
  const { t } = useTranslation()
  const settings = useSettings()
  usePageTitle()

  const visit = [
    settings.openHours && { Icon: ClockIcon, label: t('footer.openHours'), value: settings.openHours },
    settings.address && { Icon: PinIcon, label: t('topBar.address'), value: settings.address },
    settings.phone && {
      Icon: PhoneIcon,
      label: t('topBar.phone'),
      value: <a href={phoneHref(settings.phone)}>{settings.phone}</a>,
    },
  ].filter((item) => !!item)

  return (
    <>
      <section className={`hero${settings.headerImage ? ' hero--image' : ''}`}>
        {settings.headerImage && (
          <img
            className="hero__image"
            src={settings.headerImage}
            alt=""
            width={1600}
            height={900}
            fetchPriority="high"
          />
        )}
        <div className="container hero__content">
          <h1 className="hero__title">{settings.name || BRAND_NAME}</h1>
          {settings.description && <p className="hero__text">{settings.description}</p>}
          <div className="hero__actions">
            <Link className="button button--primary button--large" to={paths.bookingTypes}>
              {t('home.book')}
            </Link>
            {settings.email && (
              <a className="button button--light button--large" href={`mailto:${settings.email}`}>
                {t('home.contactUs')}
              </a>
            )}
          </div>
        </div>
      </section>

      {/* TODO(issue 3): hero slider, direct-access menu, activities, banners, trending products,
          gallery, "us in numbers", testimonials, team, popular products, last posts and sponsors. */}

      {visit.length > 0 && (
        <section className="section section--muted" aria-labelledby="home-visit">
          <div className="container">
            <h2 id="home-visit" className="section__title">
              {t('home.visitTitle')}
            </h2>
            <ul className="visit-cards">
              {visit.map(({ Icon, label, value }) => (
                <li key={label} className="card visit-card">
                  <Icon className="visit-card__icon" />
                  <div>
                    <h3 className="visit-card__label">{label}</h3>
                    <p className="visit-card__value">{value}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  )
}
