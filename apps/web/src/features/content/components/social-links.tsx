import { useTranslation } from 'react-i18next'
import { FacebookIcon, InstagramIcon, TwitterIcon } from '../../../components/ui/icons.tsx'
import { useSettings } from '../settings.tsx'

/** The centre's social profiles that are set, as icon links named for screen readers. */
export function SocialLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  const settings = useSettings()
  const links = [
    { href: settings.facebook, label: t('social.facebook'), Icon: FacebookIcon },
    { href: settings.instagram, label: t('social.instagram'), Icon: InstagramIcon },
    { href: settings.twitter, label: t('social.twitter'), Icon: TwitterIcon },
  ].filter((link) => link.href)
  if (links.length === 0) return null
  return (
    <ul className={`social-links ${className}`}>
      {links.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            className="icon-button"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${label} ${t('common.opensInNewTab')}`}
          >
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  )
}
