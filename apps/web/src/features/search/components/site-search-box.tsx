import { lazy, Suspense, useCallback, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { SearchIcon } from '../../../components/ui/icons.tsx'
import { paths } from '../../../config/paths.ts'
import { MAX_SEARCH_LENGTH } from '../../../lib/grid-status.ts'
import { stripNonPrintable } from '../../../lib/text.ts'
import { useSettings } from '../../content/settings.tsx'

const loadLiveSearch = () => import('./site-search.tsx')
const LiveSearch = lazy(() => loadLiveSearch().then((m) => ({ default: m.LiveSearch })))

/** The shop's address for a product search; without text, the whole shop. */
export const shopSearchHref = (text: string) =>
  text.trim() ? `${paths.shop}?search=${encodeURIComponent(text.trim())}` : paths.shop

/** Longer than 3 characters: the product search of the shop may start (spec 1 §2). */
export const canSearchShop = (text: string) => text.trim().length >= 4

/** What the live search (site-search.tsx) does with the box once its code has arrived. */
export interface LiveSearchControls {
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void
  onSubmit: () => void
  /** How the input speaks as a combobox while suggestions show. */
  describedBy?: string
  expanded: boolean
  controls?: string
  activeDescendant?: string
}

/** The box's state as the live search reads and changes it. */
export interface LiveSearchProps {
  text: string
  setText: (text: string) => void
  open: boolean
  setOpen: (open: boolean) => void
  /** Whether the visitor has typed since the last search (an empty box then clears the shop's search). */
  touched: RefObject<boolean>
  rootRef: RefObject<HTMLFormElement | null>
  /** Hands the box the live search's keys and combobox state (again whenever they change). */
  connect: (controls: LiveSearchControls | undefined) => void
  /** Called after a search or suggestion was opened. */
  done: () => void
}

/**
 * The menu's search box (spec 1 §2). The box itself, its text and its focus belong to this eager
 * component and are never replaced: the live search (suggestions, queries and keyboard handling,
 * site-search.tsx) loads when the box is first pointed at, focused or typed in, and joins it beside
 * the input, so nothing typed while its code loads is lost, however fast. Until it has arrived,
 * Enter already searches the shop and Escape empties the box.
 */
export function SiteSearchBox({ id, onDone }: { id?: string; onDone?: () => void }) {
  const { t } = useTranslation()
  const { hasShop } = useSettings()
  const navigate = useNavigate()
  const rootRef = useRef<HTMLFormElement>(null)
  const touched = useRef(false)
  const [wanted, setWanted] = useState(false)
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [live, setLive] = useState<LiveSearchControls | undefined>(undefined)
  const connect = useCallback((controls: LiveSearchControls | undefined) => setLive(controls), [])

  function done() {
    setOpen(false)
    setText('')
    touched.current = false
    onDone?.()
  }

  return (
    <form
      className="site-search"
      role="search"
      ref={rootRef}
      aria-label={t('search.label')}
      onSubmit={(event) => {
        event.preventDefault()
        if (live) live.onSubmit()
        else if (hasShop && canSearchShop(text)) {
          const href = shopSearchHref(text)
          done()
          navigate(href)
        }
      }}
    >
      <div className="site-search__field">
        <SearchIcon className="site-search__icon" width={18} height={18} />
        <input
          id={id}
          className="input site-search__input"
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-describedby={live?.describedBy}
          aria-expanded={live?.expanded ?? false}
          aria-controls={live?.controls}
          aria-autocomplete="list"
          aria-activedescendant={live?.activeDescendant}
          placeholder={hasShop ? t('search.placeholder') : t('search.placeholderPosts')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_SEARCH_LENGTH}
          value={text}
          onChange={(event) => {
            touched.current = true
            setText(stripNonPrintable(event.target.value))
            setOpen(true)
            setWanted(true)
          }}
          onPointerEnter={() => void loadLiveSearch()}
          onFocus={() => {
            setOpen(true)
            setWanted(true)
          }}
          onKeyDown={(event) => {
            if (live) live.onKeyDown(event)
            else if (event.key === 'Escape' && text) {
              event.stopPropagation()
              setText('')
            }
          }}
        />
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <LiveSearch
            text={text}
            setText={setText}
            open={open}
            setOpen={setOpen}
            touched={touched}
            rootRef={rootRef}
            connect={connect}
            done={done}
          />
        </Suspense>
      )}
    </form>
  )
}
