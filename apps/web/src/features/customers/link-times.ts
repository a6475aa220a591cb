import type { LinkSent } from '@clubhouse/contract'
import { useFormat } from '../content/settings.tsx'

/** Times in messages read as the account pages show them (decision 022): 24-hour clock. */
const TIME_PATTERN = 'HH:mm'

/**
 * The times of a link the server says it already sent ("at 10:32 … from 10:42"), in the centre's
 * time zone, for the messages that say so instead of "we have sent you a link".
 */
export function useLinkTimes() {
  const format = useFormat()
  return (link: LinkSent) => ({
    sentAt: format.date(link.sentAt, TIME_PATTERN),
    resendAfter: format.date(link.resendAfter, TIME_PATTERN),
  })
}
