import { useTranslation } from 'react-i18next'
import type { TextBlock } from '@clubhouse/contract'
import { Carousel } from '../../../components/ui/carousel.tsx'
import { QuoteIcon } from '../../../components/ui/icons.tsx'
import { FramedImage } from '../../../components/ui/image.tsx'

/** Home carousels change every 3000 ms (spec 1 §9); testimonials show one at a time. */
export const TESTIMONIALS_INTERVAL_MS = 3000

/** What members say (spec 1 §2): one quote at a time with the person's portrait, name and role. */
export function Testimonials({ items }: { items: TextBlock[] }) {
  const { t } = useTranslation()
  return (
    <section className="section section--muted testimonials" aria-labelledby="home-testimonials">
      <div className="container container--narrow">
        <h2 id="home-testimonials" className="section__title section__title--center">
          {t('home.testimonials')}
        </h2>
        <Carousel
          label={t('home.testimonials')}
          interval={TESTIMONIALS_INTERVAL_MS}
          slides={items.map((item) => (
            <figure key={item.id} className="testimonial">
              <QuoteIcon className="testimonial__mark" width={40} height={40} />
              {/* Sanitised by the server when stored and when served. */}
              <blockquote className="testimonial__quote" dangerouslySetInnerHTML={{ __html: item.text }} />
              <figcaption className="testimonial__who">
                {item.image && (
                  <FramedImage
                    className="testimonial__avatar"
                    src={item.image}
                    alt=""
                    width={64}
                    height={64}
                  />
                )}
                <span>
                  <strong className="testimonial__name">{item.name}</strong>
                  {item.title && <span className="testimonial__role">{item.title}</span>}
                </span>
              </figcaption>
            </figure>
          ))}
        />
      </div>
    </section>
  )
}
