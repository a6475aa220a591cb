import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { isDemoMailboxOn } from '../../../lib/demo-mailbox.ts'
import { closeLogin } from '../../../lib/login-prompt.ts'

/**
 * Under "check your inbox": where the mail really is when the site sends none (no SMTP, decision
 * 025). Nothing when the site sends mail.
 */
export function DemoMailboxLink() {
  const { t } = useTranslation()
  if (!isDemoMailboxOn()) return null
  return (
    <p className="auth-form__demo-mailbox">
      <Link to={paths.demoMailbox} onClick={closeLogin}>
        {t('demoMailbox.open')}
      </Link>
    </p>
  )
}
