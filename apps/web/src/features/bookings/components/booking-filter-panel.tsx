import { useTranslation } from 'react-i18next'
import type { BookingType, ResourceTypeSummary } from '@clubhouse/contract'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import '../bookings.css'

/**
 * The booking page's filters (spec 2 §2): the booking types grouped by category and the resource
 * types, each a button that stays pressed while chosen. Choosing the chosen one again clears it.
 */
export function BookingFilterPanel({
  id,
  bookingTypes,
  resourceTypes,
  bookingTypeId,
  resourceTypeId,
  onBookingType,
  onResourceType,
  clearAll,
  loading = false,
}: {
  id: string
  bookingTypes: readonly BookingType[]
  resourceTypes: readonly ResourceTypeSummary[]
  bookingTypeId: number | null
  resourceTypeId: number | null
  onBookingType: (id: number | null) => void
  onResourceType: (id: number | null) => void
  /** A button that clears every choice of the panel, with its words. */
  clearAll?: { label: string; onClick: () => void } | undefined
  loading?: boolean
}) {
  const { t } = useTranslation()
  const groups = new Map<string, BookingType[]>()
  for (const type of bookingTypes) {
    const category = type.category.trim() || t('bookings.otherCategory')
    groups.set(category, [...(groups.get(category) ?? []), type])
  }

  return (
    <section id={id} className="booking-filters" aria-label={t('bookings.filters')}>
      {loading ? (
        <div aria-hidden="true" className="booking-filters__group">
          <Skeleton width="30%" />
          <Skeleton width="80%" height="44px" />
        </div>
      ) : (
        <>
          {[...groups].map(([category, types]) => (
            <div key={category} className="booking-filters__group" role="group" aria-label={category}>
              <h2 className="booking-filters__title">{category}</h2>
              <div className="chips chips--wrap">
                {types.map((type) => (
                  <button
                    key={type.id}
                    type="button"
                    className="chip"
                    aria-pressed={type.id === bookingTypeId}
                    onClick={() => onBookingType(type.id === bookingTypeId ? null : type.id)}
                  >
                    {type.name}
                  </button>
                ))}
              </div>
            </div>
          ))}
          {resourceTypes.length > 0 && (
            <div className="booking-filters__group" role="group" aria-label={t('bookings.resourceTypes')}>
              <h2 className="booking-filters__title">{t('bookings.resourceTypes')}</h2>
              <div className="chips chips--wrap">
                {resourceTypes.map((type) => (
                  <button
                    key={type.id}
                    type="button"
                    className="chip"
                    aria-pressed={type.id === resourceTypeId}
                    onClick={() => onResourceType(type.id === resourceTypeId ? null : type.id)}
                  >
                    {type.name}
                  </button>
                ))}
              </div>
            </div>
          )}
          {clearAll && (
            <button
              type="button"
              className="button button--ghost booking-filters__clear"
              disabled={bookingTypeId === null && resourceTypeId === null}
              onClick={clearAll.onClick}
            >
              {clearAll.label}
            </button>
          )}
        </>
      )}
    </section>
  )
}
