import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { ListState } from '../../components/ui/list-state.tsx'
import { Loading } from '../../components/ui/skeleton.tsx'
import { useBookingTypes } from '../../features/bookings/api/get-booking-types.ts'
import { bookingTypeHref, categoriesOf } from '../../features/bookings/booking-rules.ts'
import {
  BookingTypeCard,
  BookingTypeCardSkeleton,
  CategoryFilter,
} from '../../features/bookings/components/booking-type-card.tsx'
import { usePageTitle } from '../use-page-title.ts'

/**
 * The booking types index (spec 2 §2): a category filter (All plus one per category) and a card per
 * type. With a single type there is nothing to choose: the page goes straight to it.
 */
export function BookingTypesPage() {
  const { t } = useTranslation()
  usePageTitle(t('bookings.typesTitle'))
  const types = useBookingTypes()
  const [category, setCategory] = useState<string | null>(null)

  const only = types.data?.length === 1 ? types.data[0] : undefined
  if (only) return <Navigate to={bookingTypeHref(only)} replace />

  const categories = types.data ? categoriesOf(types.data) : []
  const shown = (types.data ?? []).filter((type) => category === null || type.category.trim() === category)

  return (
    <div className="container booking-types-page">
      <h1 className="page-title">{t('bookings.typesTitle')}</h1>
      {types.isPending ? (
        <Loading label={t('common.loading')} className="booking-type-grid">
          <BookingTypeCardSkeleton />
          <BookingTypeCardSkeleton />
          <BookingTypeCardSkeleton />
        </Loading>
      ) : types.isError ? (
        <ListState
          message={t('bookings.typesError')}
          action={{ label: t('common.retry'), onClick: () => void types.refetch() }}
        />
      ) : types.data.length === 0 ? (
        <ListState message={t('bookings.noTypes')} />
      ) : (
        <>
          {categories.length > 0 && (
            <CategoryFilter categories={categories} value={category} onChange={setCategory} />
          )}
          <ul className="booking-type-grid">
            {shown.map((type) => (
              <li key={type.id}>
                <BookingTypeCard type={type} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
