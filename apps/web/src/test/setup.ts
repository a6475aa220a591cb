import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { initI18n, loadCatalogue } from '../lib/i18n/index.ts'
import { closeLogin } from '../lib/login-prompt.ts'
import { reloadPage } from '../lib/reload.ts'
import { checkConsole, recordConsole } from './console-watch.ts'

// jsdom cannot reload; every test sees reloads as calls of this mock. Test files share the app's
// modules (apps/web/vitest.config.ts), which keep the mock they first imported: every file gets
// that same one.
const reloadMock = vi.hoisted(() => {
  const shared = globalThis as { czReloadPage?: () => void }
  shared.czReloadPage ??= vi.fn()
  return shared.czReloadPage
})
vi.mock('../lib/reload.ts', () => ({ reloadPage: reloadMock }))

// Both languages, so a test can switch to Spanish synchronously (language.ts).
await Promise.all([loadCatalogue('en-US'), loadCatalogue('es-ES')])
initI18n('en-US')

// Pages and the login popup load their code lazily; on a busy two-core machine the first import of
// a chunk can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 })

beforeEach(() => {
  // A warning or error nobody expected fails the test (decision 083).
  recordConsole()
  vi.mocked(reloadPage).mockClear()
  // jsdom does not scroll; pages ask it to.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
})

afterEach(() => {
  cleanup()
  closeLogin()
  window.localStorage.clear()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  checkConsole()
})
