import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FileUpload } from '@clubhouse/contract'
import { FramedImage } from '../../../components/ui/image.tsx'
import { useSettings } from '../settings.tsx'

// Loaded the first time a thumbnail is opened: most visitors never open one.
const Lightbox = lazy(() =>
  import('../../../components/ui/lightbox.tsx').then((m) => ({ default: m.Lightbox })),
)

/** Gallery images are 800x600 (4:3). */
const GALLERY_IMAGE = { width: 800, height: 600 } as const

/**
 * The home gallery (spec 1 §2): thumbnails with their titles that open a lightbox, under the
 * heading the centre's settings give it.
 */
export function Gallery({ items }: { items: FileUpload[] }) {
  const { t } = useTranslation()
  const settings = useSettings()
  const [open, setOpen] = useState<number | null>(null)
  const title = (item: FileUpload, i: number) =>
    item.title || t('gallery.image', { n: i + 1, count: items.length })

  return (
    <section className="section" aria-labelledby="home-gallery">
      <div className="container">
        <h2 id="home-gallery" className="section__title">
          {settings.gallery || t('home.gallery')}
        </h2>
        <ul className="gallery-grid">
          {items.map((item, i) => (
            <li key={`${item.url}-${i}`}>
              <button
                type="button"
                className="gallery-thumb"
                aria-haspopup="dialog"
                onClick={() => setOpen(i)}
              >
                <FramedImage src={item.url} alt="" {...GALLERY_IMAGE} sizes="(min-width: 992px) 25vw, 50vw" />
                <span className="gallery-thumb__title">{title(item, i)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox
            items={items.map((item, i) => ({ src: item.url, title: title(item, i) }))}
            index={open}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </section>
  )
}

/** How many gallery images the footer shows. */
const FOOTER_GALLERY_COUNT = 6

/** The gallery in the footer (spec 2 §2): small thumbnails that open the same lightbox. */
export function FooterGallery({ items }: { items: FileUpload[] }) {
  const { t } = useTranslation()
  const settings = useSettings()
  const [open, setOpen] = useState<number | null>(null)
  const shown = items.slice(0, FOOTER_GALLERY_COUNT)
  const title = (item: FileUpload, i: number) =>
    item.title || t('gallery.image', { n: i + 1, count: shown.length })
  return (
    <>
      <h3 className="site-footer__subtitle">{settings.gallery || t('home.gallery')}</h3>
      <ul className="footer-gallery">
        {shown.map((item, i) => (
          <li key={`${item.url}-${i}`}>
            <button
              type="button"
              className="footer-gallery__thumb"
              aria-haspopup="dialog"
              aria-label={title(item, i)}
              onClick={() => setOpen(i)}
            >
              <FramedImage src={item.url} alt="" width={96} height={72} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox
            items={shown.map((item, i) => ({ src: item.url, title: title(item, i) }))}
            index={open}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  )
}
