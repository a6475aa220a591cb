import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Product } from '@clubhouse/contract'
import { ClockIcon, PhoneIcon, PinIcon } from '../../components/ui/icons.tsx'
import { paths } from '../../config/paths.ts'
import { HOME_POSTS_COUNT, useLatestPosts } from '../../features/blog/api/get-recent-posts.ts'
import { useOpenActivities } from '../../features/activities/api/open-activities.ts'
import { ActivityCarousel } from '../../features/activities/components/activity-carousel.tsx'
import { PostCard, PostCardSkeleton } from '../../features/blog/components/post-card.tsx'
import { DirectAccessMenu } from '../../features/bookings/components/direct-access-menu.tsx'
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button.tsx'
import { useBanners } from '../../features/content/api/get-banners.ts'
import { useGallery } from '../../features/content/api/get-gallery.ts'
import { useHomeTemplate } from '../../features/content/api/get-home-template.ts'
import { useSponsors } from '../../features/content/api/get-sponsors.ts'
import { useTeam, useTestimonials } from '../../features/content/api/get-text-blocks.ts'
import { Banners } from '../../features/content/components/banners.tsx'
import { Gallery } from '../../features/content/components/gallery.tsx'
import { HeroSkeleton, HeroSlider, heroSlides } from '../../features/content/components/hero-slider.tsx'
import { Sponsors } from '../../features/content/components/sponsors.tsx'
import { TeamGrid } from '../../features/content/components/team-grid.tsx'
import { Testimonials } from '../../features/content/components/testimonials.tsx'
import { UsInNumbers, usInNumbers } from '../../features/content/components/us-in-numbers.tsx'
import { BRAND_NAME, useSettings } from '../../features/content/settings.tsx'
import { usePopularProducts } from '../../features/shop/api/get-popular-products.ts'
import { useTrendingProducts } from '../../features/shop/api/get-trending-products.ts'
import { ProductCardSkeleton } from '../../features/shop/components/product-card.tsx'
import { ProductCarousel } from '../../features/shop/components/product-carousel.tsx'
import { TrendingProducts } from '../../features/shop/components/trending-products.tsx'
import { phoneHref } from '../layout/phone-href.ts'
import { usePageTitle } from '../use-page-title.ts'

/**
 * The home page (spec 1 §2). Every section loads its own data, shows the outline of its content
 * while it loads, and is left out when its data is empty or cannot be loaded (the failure is
 * logged, spec 1 §8). The welcome band and "Plan your visit" come from the settings.
 */
export function HomePage() {
  usePageTitle()
  const template = useHomeTemplate()
  const slides = template.data ? heroSlides(template.data) : []

  return (
    <>
      {template.isPending ? <HeroSkeleton /> : slides.length > 0 && <HeroSlider slides={slides} />}
      <Welcome withImage={!template.isPending && slides.length === 0} />

      <DirectAccessMenu />
      <ActivitiesSection />

      <BannersSection />
      <TrendingSection
        image={template.data?.mainTrandingProductImage ?? ''}
        caption={template.data?.mainTrandingProductText ?? ''}
      />
      <GallerySection />
      {template.data && usInNumbers(template.data).length > 0 && (
        <UsInNumbers counters={usInNumbers(template.data)} />
      )}
      <TestimonialsSection />
      <TeamSection />
      <PopularSection />
      <LatestPostsSection />
      <SponsorsSection />
      <PlanYourVisit />
    </>
  )
}

const addToCart = (product: Product): ReactNode => <AddToCartButton product={product} />

/**
 * The centre's name as the page's heading, its description and the way to book. Over the
 * centre's header image when there is no slider; a band under the slider otherwise.
 */
function Welcome({ withImage }: { withImage: boolean }) {
  const { t } = useTranslation()
  const settings = useSettings()
  const image = withImage && settings.headerImage
  return (
    <section className={image ? 'hero hero--image' : 'welcome'}>
      {image && (
        <img
          className="hero__image"
          src={settings.headerImage}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
        />
      )}
      <div className={`container ${image ? 'hero__content' : 'welcome__inner'}`}>
        <div className="welcome__text">
          <h1 className={image ? 'hero__title' : 'welcome__title'}>{settings.name || BRAND_NAME}</h1>
          {settings.description && (
            <p className={image ? 'hero__text' : 'welcome__description'}>{settings.description}</p>
          )}
        </div>
        <div className="hero__actions">
          <Link className="button button--primary button--large" to={paths.bookingTypes}>
            {t('home.book')}
          </Link>
          {settings.email && (
            <a
              className={`button button--large ${image ? 'button--light' : 'button--secondary'}`}
              href={`mailto:${settings.email}`}
            >
              {t('home.contactUs')}
            </a>
          )}
        </div>
      </div>
    </section>
  )
}

/** The activities open to sign up, each with More Info to its page (spec 2 §2); left out when none. */
function ActivitiesSection() {
  const { t } = useTranslation()
  const { data } = useOpenActivities()
  if (!data || data.length === 0) return null
  return (
    <section className="section" aria-labelledby="home-activities">
      <div className="container">
        <h2 id="home-activities" className="section__title">
          {t('home.activities')}
        </h2>
        <ActivityCarousel label={t('home.activities')} activities={data} />
      </div>
    </section>
  )
}

function BannersSection() {
  const { data } = useBanners()
  return data && data.length > 0 ? <Banners banners={data} /> : null
}

function TrendingSection({ image, caption }: { image: string; caption: string }) {
  const { hasShop } = useSettings()
  const { data } = useTrendingProducts()
  if (!hasShop || !data || data.length === 0) return null
  return <TrendingProducts image={image} caption={caption} products={data} renderAction={addToCart} />
}

function GallerySection() {
  const { data } = useGallery()
  return data && data.length > 0 ? <Gallery items={data} /> : null
}

function TestimonialsSection() {
  const { data } = useTestimonials()
  return data && data.length > 0 ? <Testimonials items={data} /> : null
}

function TeamSection() {
  const { data } = useTeam()
  return data && data.length > 0 ? <TeamGrid members={data} /> : null
}

function PopularSection() {
  const { t } = useTranslation()
  const { hasShop } = useSettings()
  const { data, isPending } = usePopularProducts()
  if (!hasShop || (!isPending && (!data || data.length === 0))) return null
  return (
    <section className="section section--muted" aria-labelledby="home-popular">
      <div className="container">
        <div className="section__head">
          <h2 id="home-popular" className="section__title">
            {t('home.popular')}
          </h2>
          <Link className="link-button" to={paths.shop}>
            {t('home.toShop')}
          </Link>
        </div>
        {data ? (
          <ProductCarousel label={t('home.popular')} products={data} renderAction={addToCart} />
        ) : (
          <div className="skeleton-row" aria-hidden="true">
            <ProductCardSkeleton />
            <ProductCardSkeleton />
            <ProductCardSkeleton />
          </div>
        )}
      </div>
    </section>
  )
}

function LatestPostsSection() {
  const { t } = useTranslation()
  const { data, isPending } = useLatestPosts(HOME_POSTS_COUNT)
  if (!isPending && (!data || data.length === 0)) return null
  return (
    <section className="section" aria-labelledby="home-posts">
      <div className="container">
        <div className="section__head">
          <h2 id="home-posts" className="section__title">
            {t('home.latestPosts')}
          </h2>
          <Link className="link-button" to={paths.blog}>
            {t('home.toBlog')}
          </Link>
        </div>
        <ul className="post-grid">
          {data
            ? data.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} />
                </li>
              ))
            : Array.from({ length: HOME_POSTS_COUNT }, (_, i) => (
                <li key={i}>
                  <PostCardSkeleton />
                </li>
              ))}
        </ul>
      </div>
    </section>
  )
}

function SponsorsSection() {
  const { data } = useSponsors()
  return data && data.length > 0 ? <Sponsors items={data} /> : null
}

/** Opening hours, address and phone from the settings, when the centre gives them. */
function PlanYourVisit() {
  const { t } = useTranslation()
  const settings = useSettings()
  const visit = [
    settings.openHours && { Icon: ClockIcon, label: t('footer.openHours'), value: settings.openHours },
    settings.address && { Icon: PinIcon, label: t('topBar.address'), value: settings.address },
    settings.phone && {
      Icon: PhoneIcon,
      label: t('topBar.phone'),
      value: <a href={phoneHref(settings.phone)}>{settings.phone}</a>,
    },
  ].filter((item) => !!item)
  if (visit.length === 0) return null

  return (
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
  )
}
