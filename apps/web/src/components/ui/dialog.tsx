import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { CloseIcon } from './icons.tsx'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

interface DialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  /** Accessible name of the close button. */
  closeLabel: string
  children: ReactNode
  size?: 'small' | 'large'
  /** Where focus goes on opening: the first control of the body, or the dialog itself (long texts). */
  initialFocus?: 'first-control' | 'dialog'
  /**
   * Where focus goes on closing when what opened the dialog is gone (the button of a card just
   * deleted, of a booking just cancelled); the page's main content when this finds nothing.
   */
  returnFocus?: () => HTMLElement | null | undefined
}

/**
 * A modal dialog: rendered over the page, which becomes inert; focus moves in, Tab stays inside,
 * Escape or the backdrop closes it, and focus returns to where it was when it opened, or, when that
 * is gone, to `returnFocus` or the main content: never lost to the top of the document.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null
  return createPortal(<DialogPanel {...props} />, document.body)
}

function DialogPanel({
  onClose,
  title,
  closeLabel,
  children,
  size = 'small',
  initialFocus = 'first-control',
  returnFocus,
}: DialogProps) {
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  // Read as the dialog closes: the page may have changed since it opened.
  const returnFocusRef = useRef(returnFocus)
  useEffect(() => {
    returnFocusRef.current = returnFocus
  })

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const page = document.getElementById('root')
    const wasInert = page?.hasAttribute('inert') ?? false
    page?.setAttribute('inert', '')
    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'

    const panel = panelRef.current
    const first =
      initialFocus === 'first-control'
        ? panel?.querySelector('.dialog__body')?.querySelector<HTMLElement>(FOCUSABLE)
        : null
    ;(first ?? panel)?.focus()

    return () => {
      if (!wasInert) page?.removeAttribute('inert')
      document.body.style.overflow = overflow
      const named = opener?.isConnected ? opener : returnFocusRef.current?.()
      // The main content only keeps focus in the page: where the page is scrolled stays as it is.
      if (named) named.focus()
      else document.getElementById('main')?.focus({ preventScroll: true })
    }
    // Runs once per opening: focus moves in when the dialog appears and back when it goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !panelRef.current) return
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) {
      event.preventDefault()
      return
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        ref={panelRef}
        className={`dialog dialog--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button" onClick={() => onClose()} aria-label={closeLabel}>
            <CloseIcon />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </div>
  )
}
