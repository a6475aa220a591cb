import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { BookingType } from '@clubhouse/contract'
import { FramedImage } from '../../../components/ui/image.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useFormat, useSettings } from '../../content/settings.tsx'
import { bookingTypeHref } from '../booking-rules.ts'
import '../bookings.css'

/**
 * A booking type in the index (spec 2 §2): image, name, description, its lowest price and its
 * extended description (HTML the server sanitised), leading to where it is booked.
 */
export function BookingTypeCard({ type }: { type: BookingType }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { mainlogo } = useSettings()
  const href = bookingTypeHref(type)
  return (
    <article className="card booking-type-card">
      <Link to={href} className="booking-type-card__image" tabIndex={-1} aria-hidden="true">
        <FramedImage src={type.image} fallback={mainlogo} alt="" width={400} height={250} />
      </Link>
      <div className="booking-type-card__body">
        <h2 className="booking-type-card__name">
          <Link to={href}>{type.name}</Link>
        </h2>
        {type.category && <p className="booking-type-card__category">{type.category}</p>}
        {type.description && <p className="booking-type-card__description">{type.description}</p>}
        <p className="booking-type-card__price">
          {type.grossPrice > 0
            ? t('bookings.fromPrice', { price: format.currency(type.grossPrice) })
            : t('bookings.free')}
        </p>
        {type.extendedDescription && (
          <div
            className="prose booking-type-card__more"
            dangerouslySetInnerHTML={{ __html: type.extendedDescription }}
          />
        )}
        <Link to={href} className="button button--primary booking-type-card__action">
          {t('bookings.bookThis', { name: type.name })}
        </Link>
      </div>
    </article>
  )
}

export function BookingTypeCardSkeleton() {
  return (
    <div className="card booking-type-card" aria-hidden="true">
      <Skeleton className="booking-type-card__image" height="auto" />
      <div className="booking-type-card__body">
        <Skeleton width="60%" height="1.5rem" />
        <Skeleton width="90%" />
        <Skeleton width="40%" />
      </div>
    </div>
  )
}

/** The index's category filter: All, then one per category; the chosen one is pressed. */
export function CategoryFilter({
  categories,
  value,
  onChange,
}: {
  categories: readonly string[]
  value: string | null
  onChange: (category: string | null) => void
}) {
  const { t } = useTranslation()
  const choices: { key: string | null; label: string }[] = [
    { key: null, label: t('bookings.allCategories') },
    ...categories.map((category) => ({ key: category, label: category })),
  ]
  return (
    <div className="chips" role="group" aria-label={t('bookings.category')}>
      {choices.map((choice) => (
        <button
          key={choice.key ?? ''}
          type="button"
          className="chip"
          aria-pressed={value === choice.key}
          onClick={() => onChange(choice.key)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  )
}
