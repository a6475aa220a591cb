import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface TabItem<K extends string> {
  key: K
  label: string
  panel: ReactNode
}

/**
 * Tabs as the ARIA pattern has them: a tablist whose tabs move with the arrow keys, Home and End
 * (selection follows focus), one panel shown at a time. Hidden panels stay mounted, so what was
 * typed in one tab is still there after visiting another.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  className = '',
}: {
  label: string
  items: readonly TabItem<K>[]
  selected: K
  onSelect: (key: K) => void
  className?: string
}) {
  const id = useId()
  const tabRefs = useRef(new Map<K, HTMLButtonElement>())

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.key === selected)
    const last = items.length - 1
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    const item = items[next]
    if (!item) return
    onSelect(item.key)
    tabRefs.current.get(item.key)?.focus()
  }

  return (
    <div className={`tabs ${className}`}>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const active = item.key === selected
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabRefs.current.set(item.key, node)
                else tabRefs.current.delete(item.key)
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={active ? 0 : -1}
              className={`tabs__tab${active ? ' is-active' : ''}`}
              onClick={() => onSelect(item.key)}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${id}-panel-${item.key}`}
          aria-labelledby={`${id}-tab-${item.key}`}
          hidden={item.key !== selected}
          tabIndex={0}
          className="tabs__panel"
        >
          {item.panel}
        </div>
      ))}
    </div>
  )
}
