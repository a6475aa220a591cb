import { useTranslation } from 'react-i18next'
import { Button } from '../components/ui/button.tsx'
import { ApiError } from '../lib/api-error.ts'
import './staff-texts.ts'

/** Whether a load was refused for the staff member's role (403): asking again will not help. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403

/**
 * A page of the desk that could not load: a role too low to open it, or a failure with a retry.
 */
export function StaffLoadError({
  forbidden = false,
  onRetry,
}: {
  forbidden?: boolean
  onRetry?: () => void
}) {
  const { t } = useTranslation()
  return (
    <div className="staff-centre">
      <p role="alert">{forbidden ? t('staff.forbidden') : t('staff.error')}</p>
      {!forbidden && onRetry && <Button onClick={onRetry}>{t('staff.retry')}</Button>}
    </div>
  )
}
