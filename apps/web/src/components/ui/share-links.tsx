import { useTranslation } from 'react-i18next'
import { FacebookIcon, MailIcon, WhatsAppIcon, XIcon } from './icons.tsx'

/**
 * Links that share a page: Facebook, X, WhatsApp and email, each opening the service with the
 * page's address (and title where the service takes one).
 */
export function ShareLinks({ url, title, label }: { url: string; title: string; label: string }) {
  const { t } = useTranslation()
  const u = encodeURIComponent(url)
  const text = encodeURIComponent(title)
  const links = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, Icon: FacebookIcon },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${text}`, Icon: XIcon },
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${u}`, Icon: WhatsAppIcon },
  ]
  return (
    <div className="share">
      <h2 className="share__title">{label}</h2>
      <ul className="share__list">
        {links.map(({ name, href, Icon }) => (
          <li key={name}>
            <a
              className="share__link"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('share.on', { service: name })}
            >
              <Icon />
            </a>
          </li>
        ))}
        <li>
          <a
            className="share__link"
            href={`mailto:?subject=${text}&body=${u}`}
            aria-label={t('share.byEmail')}
          >
            <MailIcon />
          </a>
        </li>
      </ul>
    </div>
  )
}
