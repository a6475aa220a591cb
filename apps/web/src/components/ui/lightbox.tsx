import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from './dialog.tsx'
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx'

export interface LightboxItem {
  src: string
  title: string
}

/**
 * A gallery image at full size in a modal dialog, titled with the image's title, with previous and
 * next buttons (and the arrow keys) that go round. Focus stays inside; Escape closes it and focus
 * returns to the thumbnail that opened it.
 */
export function Lightbox({
  items,
  index,
  onIndexChange,
  onClose,
}: {
  items: LightboxItem[]
  /** The image shown, or null when closed. */
  index: number | null
  onIndexChange: (index: number) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const item = index === null ? undefined : items[index]
  const count = items.length
  const step = (by: number) => index !== null && onIndexChange((index + by + count) % count)
  const title = item?.title || t('gallery.image', { n: (index ?? 0) + 1, count })

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') step(-1)
    if (event.key === 'ArrowRight') step(1)
  }

  return (
    <Dialog open={!!item} onClose={onClose} title={title} closeLabel={t('common.close')} size="large">
      <div className="lightbox" onKeyDown={onKeyDown}>
        <figure className="lightbox__figure">
          {item && (
            <img className="lightbox__image" src={item.src} alt={item.title} width={800} height={600} />
          )}
          <figcaption className="lightbox__caption">
            {t('gallery.position', { n: (index ?? 0) + 1, count })}
          </figcaption>
        </figure>
        {count > 1 && (
          <div className="lightbox__nav">
            <button type="button" className="button button--secondary" onClick={() => step(-1)}>
              <ChevronLeftIcon />
              {t('gallery.previous')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => step(1)}>
              {t('gallery.next')}
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
    </Dialog>
  )
}
