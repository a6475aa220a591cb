import { useTranslation } from 'react-i18next'
import type { FileUpload } from '@clubhouse/contract'
import { Carousel } from '../../../components/ui/carousel.tsx'
import { FramedImage } from '../../../components/ui/image.tsx'

/** Sponsor images are shown at 270x145 (spec 1 §9). */
export const SPONSOR_IMAGE = { width: 270, height: 145 } as const

/** The sponsor's site name from its link target ("www.cafe-brisa.es" → "cafe-brisa.es"), if it is one. */
export function sponsorSite(description: string): string | null {
  try {
    const url = new URL(description)
    return /^https?:$/.test(url.protocol) ? url.hostname.replace(/^www\./, '') : null
  } catch {
    return null
  }
}

/**
 * The sponsors carousel (spec 1 §2): each logo at 270x145 with the sponsor's name (its file's
 * title) under it, linking to the sponsor's site (its file's description) in a new tab. Moves one logo every 3 s like the other home carousels.
 */
export function Sponsors({ items }: { items: FileUpload[] }) {
  const { t } = useTranslation()
  return (
    <section className="section sponsors" aria-labelledby="home-sponsors">
      <div className="container">
        <h2 id="home-sponsors" className="section__title section__title--center">
          {t('home.sponsors')}
        </h2>
        <Carousel
          label={t('home.sponsors')}
          perView={{ 0: 2, 768: 3, 992: 4 }}
          interval={3000}
          slides={items.map((item, i) => {
            const site = sponsorSite(item.description)
            const name = item.title?.trim()
            // Named, the logo is shown with the name under it, which names the link; without a
            // name, the logo's text says whose site it leads to.
            const alt = name ? '' : site ? t('home.sponsorSite', { site }) : t('home.sponsorN', { n: i + 1 })
            const content = (
              <>
                <FramedImage src={item.url} alt={alt} {...SPONSOR_IMAGE} />
                {name && <span className="sponsor__name">{name}</span>}
              </>
            )
            return site ? (
              <a
                key={i}
                className="sponsor"
                href={item.description}
                target="_blank"
                rel="noopener noreferrer"
                title={`${name || alt} ${t('common.opensInNewTab')}`}
              >
                {content}
                <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
              </a>
            ) : (
              <div key={i} className="sponsor">
                {content}
              </div>
            )
          })}
        />
      </div>
    </section>
  )
}
