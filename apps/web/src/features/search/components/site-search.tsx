import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { FramedImage } from '../../../components/ui/image.tsx'
import { SearchIcon } from '../../../components/ui/icons.tsx'
import { paths } from '../../../config/paths.ts'
import { isSearchReady, MAX_SEARCH_LENGTH } from '../../../lib/grid-status.ts'
import { stripNonPrintable } from '../../../lib/text.ts'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import { useFormat, useSettings } from '../../content/settings.tsx'
import {
  LIVE_SEARCH_DELAY_MS,
  LIVE_SEARCH_MIN_LENGTH,
  useSiteSearch,
  type SiteSearchResult,
} from '../api/search-site.ts'

const NO_RESULTS: SiteSearchResult[] = []

/** The shop's address for a product search; without text, the whole shop. */
export const shopSearchHref = (text: string) =>
  text.trim() ? `${paths.shop}?search=${encodeURIComponent(text.trim())}` : paths.shop

/**
 * The search box of the menu (spec 1 §2), one box with two jobs:
 * - live site search: with more than 2 characters, 200 ms after the last key, up to 4 products and
 *   posts appear below as a list to pick from (a combobox: arrows move, Enter opens, Escape closes);
 * - product search: Enter (or "See all") opens the shop searched for the text when it is longer
 *   than 3 characters. On the shop page itself the shop follows the box as the visitor types, and
 *   emptying the box clears the shop's search.
 */
export function SiteSearch({
  id,
  onDone,
  initialText = '',
  autoFocus = false,
}: {
  id?: string
  onDone?: () => void
  /** What was typed in the box before this loaded (site-search-box.tsx). */
  initialText?: string
  /** Takes the focus when it appears, the caret after the text. */
  autoFocus?: boolean
}) {
  const { t } = useTranslation()
  const { hasShop, mainlogo } = useSettings()
  const format = useFormat()
  const navigate = useNavigate()
  const { pathname, search: locationSearch } = useLocation()
  const listId = useId()
  const hintId = useId()
  const rootRef = useRef<HTMLFormElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(() => stripNonPrintable(initialText))
  const [open, setOpen] = useState(autoFocus)
  const [active, setActive] = useState(-1)
  // Whether the visitor has typed since the last search: an empty box clears the shop's search
  // only then, not when the page opens with a search from elsewhere.
  const touched = useRef(initialText !== '')

  // Replacing the box of the first paint: the visitor goes on typing where they were.
  useEffect(() => {
    const input = inputRef.current
    if (!autoFocus || !input) return
    input.focus()
    input.setSelectionRange(input.value.length, input.value.length)
    // Only when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const settled = useDebouncedValue(text, LIVE_SEARCH_DELAY_MS)
  const live = settled.trim().length >= LIVE_SEARCH_MIN_LENGTH
  const { data, isFetching, isError } = useSiteSearch(settled, hasShop)
  const results = data ?? NO_RESULTS
  const showList = open && live && text.trim().length >= LIVE_SEARCH_MIN_LENGTH
  // "See all" leads to the shop searched for the text: offered when the text may search the shop
  // (longer than 3 characters) and the suggestions hold products, so it never leads to nothing.
  const canSeeAll = hasShop && text.trim().length >= 4 && results.some((result) => result.kind === 'product')
  const onShop = pathname === paths.shop

  // On the shop page the shop's own search follows this box: longer than 3 characters searches,
  // empty clears (spec 1 §2). Elsewhere the box only searches the shop when submitted.
  const shopSearch = new URLSearchParams(locationSearch).get('search') ?? ''
  useEffect(() => {
    if (!onShop || !hasShop) return
    const wanted = text.trim()
    if (!isSearchReady(wanted) || wanted === shopSearch.trim()) return
    if (wanted === '' && !touched.current) return
    const timer = window.setTimeout(
      () => navigate(shopSearchHref(wanted), { replace: true }),
      LIVE_SEARCH_DELAY_MS,
    )
    return () => window.clearTimeout(timer)
  }, [text, onShop, hasShop, shopSearch, navigate])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  // A new list of results starts without a chosen option.
  const [resultsSeen, setResultsSeen] = useState(results)
  if (resultsSeen !== results) {
    setResultsSeen(results)
    setActive(-1)
  }

  const options = [
    ...results.map((result) => ({ key: `${result.kind}-${result.id}`, href: result.href })),
    ...(canSeeAll ? [{ key: 'all', href: shopSearchHref(text) }] : []),
  ]

  function go(href: string) {
    setOpen(false)
    setText('')
    touched.current = false
    onDone?.()
    navigate(href)
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const chosen = active >= 0 ? options[active] : undefined
    if (chosen) go(chosen.href)
    // Enter searches the shop (spec: the product search starts above 3 characters).
    else if (hasShop && text.trim().length >= 4) go(shopSearchHref(text))
    else if (results[0]) go(results[0].href)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (showList) {
        event.stopPropagation()
        setOpen(false)
      } else if (text) {
        event.stopPropagation()
        setText('')
      }
      return
    }
    if (!showList || options.length === 0) return
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((i) => (i + 1) % options.length)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1))
    }
  }

  const optionId = (i: number) => `${listId}-option-${i}`
  const status = !showList
    ? ''
    : isFetching && results.length === 0
      ? t('search.searching')
      : results.length === 0
        ? isError
          ? t('search.failed')
          : t('search.none', { text: settled.trim() })
        : t('search.results', { count: results.length })

  return (
    <form
      className="site-search"
      role="search"
      ref={rootRef}
      onSubmit={onSubmit}
      aria-label={t('search.label')}
    >
      <div className="site-search__field">
        <SearchIcon className="site-search__icon" width={18} height={18} />
        <input
          ref={inputRef}
          id={id}
          className="input site-search__input"
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-describedby={hintId}
          aria-expanded={showList && options.length > 0}
          aria-controls={showList && options.length > 0 ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder={hasShop ? t('search.placeholder') : t('search.placeholderPosts')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_SEARCH_LENGTH}
          value={text}
          onChange={(event) => {
            touched.current = true
            setText(stripNonPrintable(event.target.value))
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </div>
      <span id={hintId} className="visually-hidden">
        {t('search.hint')}
      </span>
      <span className="visually-hidden" role="status">
        {status}
      </span>
      <div className="site-search__results" hidden={!showList}>
        {options.length > 0 && (
          <ul id={listId} role="listbox" aria-label={t('search.resultsLabel')} className="site-search__list">
            {results.map((result, i) => (
              <li
                key={`${result.kind}-${result.id}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`site-search__option${i === active ? ' is-active' : ''}`}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => go(result.href)}
              >
                <FramedImage
                  className="site-search__thumb"
                  src={result.image}
                  fallback={mainlogo}
                  alt=""
                  width={48}
                  height={48}
                />
                <span className="site-search__text">
                  <span className="site-search__title">{result.title}</span>
                  <span className="site-search__meta">
                    {result.kind === 'product'
                      ? `${t('search.product')} · ${format.currency(result.price)}`
                      : `${t('search.post')} · ${format.date(result.created)}`}
                  </span>
                </span>
              </li>
            ))}
            {canSeeAll && (
              <li
                id={optionId(results.length)}
                role="option"
                aria-selected={active === results.length}
                className={`site-search__option site-search__all${active === results.length ? ' is-active' : ''}`}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => go(shopSearchHref(text))}
              >
                {t('search.seeAll', { text: text.trim() })}
              </li>
            )}
          </ul>
        )}
        {results.length === 0 && !isFetching && (
          <p className="site-search__empty">
            {isError ? t('search.failed') : t('search.none', { text: settled.trim() })}
          </p>
        )}
      </div>
    </form>
  )
}
