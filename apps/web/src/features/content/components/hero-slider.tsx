import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { HomeTemplate } from '@clubhouse/contract'
import { Carousel } from '../../../components/ui/carousel.tsx'

/** Hero slider timing (spec 1 §9): a new slide every 5000 ms, fading, round and round. */
export const HERO_INTERVAL_MS = 5000

export interface HeroSlide {
  image: string
  textColor: string
  /** The headline, sliding in from the left. */
  title: string
  /** The line below it, sliding up. */
  text: string
  /** The small line above the headline. */
  kicker: string
  buttonText: string
  buttonUrl: string
}

/** The template's up to 3 slides; a slide exists when it has an image or a headline. */
export function heroSlides(template: HomeTemplate): HeroSlide[] {
  return ([1, 2, 3] as const)
    .map((n) => ({
      image: template[`image${n}`],
      textColor: template[`textColor${n}`],
      title: template[`textSlideInLeft${n}`],
      text: template[`textSlideInUp${n}`],
      kicker: template[`textSmall${n}`],
      buttonText: template[`textButton${n}`],
      buttonUrl: template[`urlButton${n}`],
    }))
    .filter((slide) => slide.image || slide.title)
}

/** Light text gets a dark veil under it, dark text a light one, so it reads on any photo. */
export function isLightColour(colour: string): boolean {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1]
  if (!hex) return true
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5
}

/** An internal address goes through the router; anything else is an ordinary link. */
export function SmartLink({
  href,
  className,
  children,
}: {
  href: string
  className?: string
  children: string
}) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  )
}

/**
 * The hero slider (spec 1 §2): up to 3 slides, each an image with a small line, a headline sliding
 * in from the left, a line sliding up and a button, in the slide's text colour. Fades every 5 s
 * and starts again; pauses on hover, focus and with its pause button; still with reduced motion.
 */
export function HeroSlider({ slides }: { slides: HeroSlide[] }) {
  const { t } = useTranslation()
  return (
    <Carousel
      label={t('home.slider')}
      className="hero-slider"
      controlsClassName="hero-slider__controls"
      effect="fade"
      interval={HERO_INTERVAL_MS}
      slides={slides.map((slide, i) => (
        <div
          key={i}
          className={`hero-slide ${isLightColour(slide.textColor) ? 'hero-slide--dark' : 'hero-slide--light'}`}
          style={{ '--slide-text': slide.textColor || '#ffffff' } as CSSProperties}
        >
          {slide.image && (
            <img
              className="hero-slide__image"
              src={slide.image}
              alt=""
              width={1600}
              height={700}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
            />
          )}
          <div className="container hero-slide__content">
            {slide.kicker && <p className="hero-slide__kicker">{slide.kicker}</p>}
            {slide.title && <p className="hero-slide__title">{slide.title}</p>}
            {slide.text && <p className="hero-slide__text">{slide.text}</p>}
            {slide.buttonText && slide.buttonUrl && (
              <SmartLink
                href={slide.buttonUrl}
                className="button button--primary button--large hero-slide__button"
              >
                {slide.buttonText}
              </SmartLink>
            )}
          </div>
        </div>
      ))}
    />
  )
}

/** The hero's outline while the template loads: same height, so nothing below moves. */
export function HeroSkeleton() {
  return <div className="hero-slider hero-slider--loading" aria-hidden="true" />
}
