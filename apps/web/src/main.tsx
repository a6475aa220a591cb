import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { hydrate } from '@tanstack/react-query'
import { loadStartSettings, readBootData, startLanguage } from './app/boot.ts'
import { AppProviders } from './app/providers.tsx'
import { AppRoutes } from './app/router.tsx'
import { connectCartToServer } from './features/cart/cart-server.ts'
import { STATE_ELEMENT_ID } from './lib/constants.ts'
import { initI18n, loadCatalogue } from './lib/i18n/index.ts'
import { createQueryClient } from './lib/query-client.ts'
import { revivedState } from './lib/server-state.ts'
import { sweepExpired } from './lib/storage.ts'
import './fonts.css'
import './styles.css'

/** The query cache a server-rendered page was made from; undefined for a page rendered here. */
function readServerState() {
  const text = document.getElementById(STATE_ELEMENT_ID)?.textContent
  if (!text) return undefined
  try {
    return revivedState(JSON.parse(text))
  } catch {
    return undefined
  }
}

async function start() {
  sweepExpired()
  const boot = readBootData()
  // The page's language is the one the server rendered it in (decisions 086, 089).
  const language = startLanguage(boot)
  // Only the visitor's language travels: its texts are a chunk of their own (decision 087).
  await loadCatalogue(language)
  const i18n = initI18n(language)
  connectCartToServer()

  const settings = await loadStartSettings(language, boot)

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  const queryClient = createQueryClient()
  const serverState = readServerState()
  const app = (
    <StrictMode>
      <AppProviders
        queryClient={queryClient}
        settings={settings}
        i18n={i18n}
        renderedAt={serverState?.renderedAt}
      >
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  )
  if (serverState && root.firstElementChild) {
    // The server rendered this page from this cache: hydrate it rather than render it again.
    hydrate(queryClient, serverState.cache)
    hydrateRoot(root, app)
  } else {
    createRoot(root).render(app)
  }
}

void start()
