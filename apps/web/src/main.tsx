import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { loadStartSettings, readBootData } from './app/boot.ts'
import { AppProviders } from './app/providers.tsx'
import { AppRoutes } from './app/router.tsx'
import { connectCartToServer } from './features/cart/cart-server.ts'
import { initI18n, loadCatalogue } from './lib/i18n/index.ts'
import { createQueryClient } from './lib/query-client.ts'
import { getLanguage, sweepExpired, writeLanguageCookie } from './lib/storage.ts'
import './fonts.css'
import './styles.css'

async function start() {
  sweepExpired()
  const language = getLanguage()
  // The cookie tells the server which language to render index.html in next time.
  writeLanguageCookie(language)
  // Only the visitor's language travels: its texts are a chunk of their own (decision 087).
  await loadCatalogue(language)
  initI18n(language)
  connectCartToServer()

  const settings = await loadStartSettings(language, readBootData())

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()} settings={settings}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  )
}

void start()
