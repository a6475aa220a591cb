import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { UseQueryResult } from '@tanstack/react-query'
import type { BookingFilters, BookingType } from '@clubhouse/contract'
import { ListState, NotFoundState } from '../../../components/ui/list-state.tsx'
import { paths } from '../../../config/paths.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { BookingFilterPanel } from './booking-filter-panel.tsx'
import '../bookings.css'

/**
 * What both booking pages (by type, by place) share around their slots: the title with the Filter
 * button, the filter panel under it, and the filters' own states: a type the address names that is
 * not offered, loading, failed. `children` draws the page once the filters are read.
 */
export function BookingPageFrame({
  title,
  idParam,
  bookingTypeId,
  resourceTypeId,
  filters,
  types,
  showFilter,
  panelOpen,
  onPanel,
  onBookingType,
  onResourceType,
  clearAll,
  skeleton,
  children,
}: {
  title: string
  /** The type's id as the address writes it, to tell a wrong one from none. */
  idParam: string | undefined
  bookingTypeId: number | null
  resourceTypeId: number | null
  filters: UseQueryResult<BookingFilters>
  /** The types the panel offers. */
  types: BookingType[]
  showFilter: boolean
  panelOpen: boolean
  onPanel: (open: boolean) => void
  onBookingType: (id: number | null) => void
  onResourceType: (id: number | null) => void
  clearAll?: { label: string; onClick: () => void } | undefined
  skeleton: ReactNode
  children: (filters: BookingFilters) => ReactNode
}) {
  const { t } = useTranslation()
  const panelId = useId()
  const notFound =
    (idParam !== undefined && bookingTypeId === null) ||
    (filters.error instanceof ApiError && filters.error.status === 404) ||
    (filters.data !== undefined &&
      bookingTypeId !== null &&
      !filters.data.bookingTypes.some((type) => type.id === bookingTypeId))

  return (
    <div className="container bookings-page">
      <header className="bookings-page__head">
        <h1 className="page-title bookings-page__title">{title}</h1>
        {showFilter && (
          <button
            type="button"
            className="button button--secondary bookings-page__filter-button"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => onPanel(!panelOpen)}
          >
            {t('bookings.filter')}
          </button>
        )}
      </header>
      {panelOpen && (
        <BookingFilterPanel
          id={panelId}
          loading={filters.isPending}
          bookingTypes={types}
          resourceTypes={filters.data?.resourceTypes ?? []}
          bookingTypeId={bookingTypeId}
          resourceTypeId={resourceTypeId}
          onBookingType={onBookingType}
          onResourceType={onResourceType}
          clearAll={clearAll}
        />
      )}

      {notFound ? (
        <NotFoundState
          message={t('bookings.typeNotFound')}
          back={{ label: t('bookings.allTypes'), to: paths.bookingTypes }}
        />
      ) : filters.isPending ? (
        skeleton
      ) : filters.isError ? (
        <ListState
          message={t('messages.crash')}
          action={{ label: t('common.retry'), onClick: () => void filters.refetch() }}
        />
      ) : (
        children(filters.data)
      )}
    </div>
  )
}
