import { useId, useState, type ReactNode } from 'react'
import { ChevronDownIcon } from '../../../components/ui/icons.tsx'

/**
 * A group of an account page (emails, next bookings...) under a heading that folds and unfolds it,
 * with the number of entries beside the title. Open at first.
 */
export function Collapsible({
  title,
  count,
  children,
}: {
  title: string
  count: number
  children: ReactNode
}) {
  const id = useId()
  const [open, setOpen] = useState(true)
  return (
    <section className="account-card collapsible" aria-labelledby={`${id}-title`}>
      <h2 className="collapsible__heading">
        <button
          id={`${id}-title`}
          type="button"
          className="collapsible__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
        >
          <span>{title}</span>
          <span className="count-pill">{count}</span>
          <ChevronDownIcon width={20} height={20} className="collapsible__chevron" aria-hidden="true" />
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open}>
        {children}
      </div>
    </section>
  )
}
