import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { FramedImage } from '../../../components/ui/image.tsx'
import { paths } from '../../../config/paths.ts'
import { isSearchReady } from '../../../lib/grid-status.ts'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import { useFormat, useSettings } from '../../content/settings.tsx'
import {
  LIVE_SEARCH_DELAY_MS,
  LIVE_SEARCH_MIN_LENGTH,
  useSiteSearch,
  type SiteSearchResult,
} from '../api/search-site.ts'
import { canSearchShop, shopSearchHref, type LiveSearchProps } from './site-search-box.tsx'

const NO_RESULTS: SiteSearchResult[] = []

/**
 * The live part of the menu's search box (spec 1 §2), loaded when the box is first used
 * (site-search-box.tsx owns the box itself). One box, two jobs:
 * - live site search: with more than 2 characters, 200 ms after the last key, up to 4 products and
 *   posts appear below as a list to pick from (a combobox: arrows move, Enter opens, Escape closes);
 * - product search: Enter (or "See all") opens the shop searched for the text when it is longer
 *   than 3 characters. On the shop page itself the shop follows the box as the visitor types, and
 *   emptying the box clears the shop's search.
 */
export function LiveSearch({
  text,
  setText,
  open,
  setOpen,
  touched,
  rootRef,
  connect,
  done,
}: LiveSearchProps) {
  const { t } = useTranslation()
  const { hasShop, mainlogo } = useSettings()
  const format = useFormat()
  const navigate = useNavigate()
  const { pathname, search: locationSearch } = useLocation()
  const listId = useId()
  const hintId = useId()
  const [active, setActive] = useState(-1)

  const settled = useDebouncedValue(text, LIVE_SEARCH_DELAY_MS)
  const live = settled.trim().length >= LIVE_SEARCH_MIN_LENGTH
  const { data, isFetching, isError } = useSiteSearch(settled, hasShop)
  const results = data ?? NO_RESULTS
  const showList = open && live && text.trim().length >= LIVE_SEARCH_MIN_LENGTH
  // "See all" leads to the shop searched for the text: offered when the text may search the shop
  // (longer than 3 characters) and the suggestions hold products, so it never leads to nothing.
  const canSeeAll = hasShop && canSearchShop(text) && results.some((result) => result.kind === 'product')
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
  }, [text, onShop, hasShop, shopSearch, navigate, touched])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, rootRef, setOpen])

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
    done()
    navigate(href)
  }

  function onSubmit() {
    const chosen = active >= 0 ? options[active] : undefined
    if (chosen) go(chosen.href)
    // Enter searches the shop (spec: the product search starts above 3 characters).
    else if (hasShop && canSearchShop(text)) go(shopSearchHref(text))
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

  // The box calls these through a ref, so handing them over once is enough; the combobox state goes
  // over whenever it changes.
  const keys = useRef({ onKeyDown, onSubmit })
  useLayoutEffect(() => {
    keys.current = { onKeyDown, onSubmit }
  })
  const expanded = showList && options.length > 0
  const activeDescendant = showList && active >= 0 ? optionId(active) : undefined
  useLayoutEffect(() => {
    connect({
      onKeyDown: (event) => keys.current.onKeyDown(event),
      onSubmit: () => keys.current.onSubmit(),
      describedBy: hintId,
      expanded,
      controls: expanded ? listId : undefined,
      activeDescendant,
    })
  }, [connect, hintId, listId, expanded, activeDescendant])
  useLayoutEffect(() => () => connect(undefined), [connect])

  return (
    <>
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
    </>
  )
}
