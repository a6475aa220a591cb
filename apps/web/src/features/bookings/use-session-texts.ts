import { useTranslation } from 'react-i18next'
import type { PlaceSession } from '@clubhouse/contract'
import '../../lib/i18n/place-texts.ts'
import { placesLeft, type SessionState } from './place-rules.ts'

/** The levels a session is meant for, as its card reads them; empty when open to all. */
export function useLevelText() {
  const { t } = useTranslation()
  return (min: number | null, max: number | null) =>
    min !== null && max !== null
      ? t('places.level', { min, max })
      : min !== null
        ? t('places.levelFrom', { min })
        : max !== null
          ? t('places.levelUpTo', { max })
          : ''
}

/** What a session's card says about its places, in words. */
export function useStateText() {
  const { t } = useTranslation()
  return (session: PlaceSession, state: SessionState, position: number | undefined) => {
    switch (state) {
      case 'in':
        return t('places.in')
      case 'waiting':
        return position === undefined
          ? t('places.waiting')
          : `${t('places.waiting')} · ${t('places.position', { n: position })}`
      case 'full':
        return session.waitlistCount > 0
          ? `${t('places.full')} · ${t('places.waitingCount', { count: session.waitlistCount })}`
          : t('places.full')
      case 'closed':
        return t('places.closed')
      case 'few':
        return t('places.left', { count: placesLeft(session) })
      case 'plenty':
        return t('places.plenty')
    }
  }
}
