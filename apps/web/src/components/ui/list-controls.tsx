import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isSearchReady, MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH } from '../../lib/grid-status.ts'
import { stripNonPrintable } from '../../lib/text.ts'
import { SearchIcon } from './icons.tsx'

/** Time after the last key before a search is sent. */
export const SEARCH_DELAY_MS = 300

/**
 * A list's search box (shop and blog, spec 1 §5): the search fires when the text is empty or longer
 * than 3 characters, a moment after the last key or at once on Enter; a shorter text says how many
 * characters are needed. When the search changes from outside (the menu's box), the field follows.
 */
export function ListSearch({
  label,
  value,
  onSearch,
}: {
  label: string
  value: string
  onSearch: (text: string) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [text, setText] = useState(value)
  const sent = useRef(value)

  // A search set elsewhere (the menu's box, the back button) shows in the field.
  const [seenValue, setSeenValue] = useState(value)
  if (seenValue !== value) {
    setSeenValue(value)
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }

  useEffect(() => {
    const wanted = text.trim()
    if (!isSearchReady(wanted) || wanted === sent.current.trim()) return
    const timer = window.setTimeout(() => {
      sent.current = wanted
      onSearch(wanted)
    }, SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [text, onSearch])

  const tooShort = !isSearchReady(text)
  return (
    <form
      className="list-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        const wanted = text.trim()
        if (isSearchReady(wanted) && wanted !== sent.current.trim()) {
          sent.current = wanted
          onSearch(wanted)
        }
      }}
    >
      <label htmlFor={id} className="list-search__label">
        {label}
      </label>
      <div className="list-search__field">
        <SearchIcon className="list-search__icon" width={18} height={18} />
        <input
          id={id}
          className="input list-search__input"
          type="search"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          enterKeyHint="search"
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(stripNonPrintable(event.target.value))}
        />
      </div>
      <p id={`${id}-hint`} className={`list-search__hint${tooShort ? ' is-shown' : ''}`} aria-live="polite">
        {tooShort ? t('list.searchHint', { count: MIN_SEARCH_LENGTH }) : ''}
      </p>
    </form>
  )
}

/** A labelled select of a list's orders. */
export function SortSelect<V extends number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: V
  options: { value: V; label: string }[]
  onChange: (value: V) => void
}) {
  const id = useId()
  return (
    <div className="list-sort">
      <label htmlFor={id} className="list-sort__label">
        {label}
      </label>
      <select
        id={id}
        className="input list-sort__select"
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
