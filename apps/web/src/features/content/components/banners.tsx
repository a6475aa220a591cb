import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Banner } from '@clubhouse/contract'
import { FramedImage } from '../../../components/ui/image.tsx'
import { ArrowRightIcon } from '../../../components/ui/icons.tsx'
import { htmlToText } from '../../../lib/html-text.ts'

/** Banner images are 1200x500 in the demo and the back office's guidance. */
const BANNER_IMAGE = { width: 1200, height: 500 } as const

function BannerLink({ url, className, children }: { url: string; className: string; children: ReactNode }) {
  return url.startsWith('/') && !url.startsWith('//') ? (
    <Link to={url} className={className}>
      {children}
    </Link>
  ) : (
    <a href={url} className={className}>
      {children}
    </a>
  )
}

/**
 * The home banners (spec 1 §2): with an image, title and text lie over it; without one, only the
 * text shows, as a link. Both lead to the banner's url. The text's HTML is shown as plain text,
 * since it sits inside a link.
 */
export function Banners({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation()
  const withImage = banners.filter((b) => b.image)
  const textOnly = banners.filter((b) => !b.image)
  return (
    <section className="section banners" aria-labelledby="home-banners">
      <div className="container">
        <h2 id="home-banners" className="visually-hidden">
          {t('home.banners')}
        </h2>
        {withImage.length > 0 && (
          <ul className={`banner-grid banner-grid--${Math.min(withImage.length, 3)}`}>
            {withImage.map((banner) => (
              <li key={banner.id}>
                <BannerLink url={banner.url} className="banner-card">
                  <FramedImage
                    src={banner.image}
                    alt=""
                    {...BANNER_IMAGE}
                    sizes="(min-width: 992px) 50vw, 100vw"
                  />
                  <span className="banner-card__overlay">
                    <span className="banner-card__title">{banner.title}</span>{' '}
                    <span className="banner-card__text">{htmlToText(banner.text)}</span>
                  </span>
                </BannerLink>
              </li>
            ))}
          </ul>
        )}
        {textOnly.length > 0 && (
          <ul className="banner-links">
            {textOnly.map((banner) => (
              <li key={banner.id}>
                <BannerLink url={banner.url} className="banner-link">
                  <span>
                    {banner.title && <strong className="banner-link__title">{banner.title}</strong>}{' '}
                    <span className="banner-link__text">{htmlToText(banner.text)}</span>
                  </span>
                  <ArrowRightIcon className="banner-link__arrow" />
                </BannerLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
