import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SearchIcon } from '../../../components/ui/icons.tsx'
import { MAX_SEARCH_LENGTH } from '../../../lib/grid-status.ts'
import { useSettings } from '../../content/settings.tsx'

const loadSiteSearch = () => import('./site-search.tsx')
const SiteSearch = lazy(() => loadSiteSearch().then((m) => ({ default: m.SiteSearch })))

/**
 * The menu's search box as the first paint shows it. The live search (its suggestions, queries and
 * keyboard handling, see site-search.tsx) loads when the box is first pointed at, focused or typed
 * in, and takes its place with what was typed meanwhile and the focus.
 */
export function SiteSearchBox({ id, onDone }: { id?: string; onDone?: () => void }) {
  const { t } = useTranslation()
  const { hasShop } = useSettings()
  const [wanted, setWanted] = useState(false)
  const [focused, setFocused] = useState(false)
  const [text, setText] = useState('')

  const box = (
    <form
      className="site-search"
      role="search"
      aria-label={t('search.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="site-search__field">
        <SearchIcon className="site-search__icon" width={18} height={18} />
        <input
          id={id}
          className="input site-search__input"
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={false}
          aria-autocomplete="list"
          placeholder={hasShop ? t('search.placeholder') : t('search.placeholderPosts')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_SEARCH_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setWanted(true)
          }}
          onPointerEnter={() => void loadSiteSearch()}
          onFocus={() => {
            setFocused(true)
            setWanted(true)
          }}
          onBlur={() => setFocused(false)}
        />
      </div>
    </form>
  )
  if (!wanted) return box
  return (
    <Suspense fallback={box}>
      <SiteSearch id={id} onDone={onDone} initialText={text} autoFocus={focused} />
    </Suspense>
  )
}
