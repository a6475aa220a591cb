import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Browser journeys: one built web app and one fresh server (embedded database) for the whole run,
// started by support/global-setup.ts. Files run one after another: they share that server, and two
// Chromiums at once would crowd a two-core machine.
export default defineConfig({
  test: {
    name: 'journeys',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
})
