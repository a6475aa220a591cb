import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ArrowRightIcon } from '../../../components/ui/icons.tsx'
import { paths } from '../../../config/paths.ts'
import { useBookingTypes } from '../api/get-booking-types.ts'
import { bookingTypeHref, directAccessEntries } from '../booking-rules.ts'
import './direct-access-menu.css'

/**
 * The home page's direct-access menu (spec 1 §2, spec 2 §9): the booking types the centre flags
 * for the home page, at most 5, and "View All" to the index when there are more than 5 types.
 * Left out when no type is flagged or the list cannot be loaded.
 */
export function DirectAccessMenu() {
  const { t } = useTranslation()
  const { data } = useBookingTypes()
  if (!data) return null
  const { types, viewAll } = directAccessEntries(data)
  if (types.length === 0) return null
  return (
    <nav className="direct-access" aria-label={t('bookings.directAccess')}>
      <div className="container">
        <ul className="direct-access__list">
          {types.map((type) => (
            <li key={type.id}>
              <Link className="direct-access__link" to={bookingTypeHref(type)}>
                <span>{type.name}</span>
                <ArrowRightIcon width={18} height={18} aria-hidden="true" />
              </Link>
            </li>
          ))}
          {viewAll && (
            <li>
              <Link className="direct-access__link direct-access__link--all" to={paths.bookingTypes}>
                {t('bookings.viewAll')}
              </Link>
            </li>
          )}
        </ul>
      </div>
    </nav>
  )
}
