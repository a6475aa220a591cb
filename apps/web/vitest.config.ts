import { defineConfig, type ViteUserConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Test files that replace a module of the app (`vi.mock` of a page's component): they need modules
 * of their own, as a module another file has already imported stays what it was.
 */
export const filesReplacingModules = [
  'src/app/routes/checkout-page.payments.test.tsx',
  'src/features/search/components/site-search-box.test.tsx',
]

/** What every web test file runs with: jsdom, React, the setup (console watch, both languages). */
export const webTestConfig = {
  plugins: [react()],
  define: {
    'import.meta.env.VITE_BUILD_VERSION': JSON.stringify('test-build'),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A file's first test also loads the lazy chunks of its page; on a loaded two-core machine that
    // alone can pass Vitest's default five seconds.
    testTimeout: 20_000,
  },
} satisfies ViteUserConfig

export default defineConfig({
  ...webTestConfig,
  test: {
    ...webTestConfig.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: filesReplacingModules,
    // Test files share a worker's modules instead of each importing React, the router and the app
    // again (decision 104); what a module keeps of a page (its window, a mock) follows the page.
    isolate: false,
  },
})
