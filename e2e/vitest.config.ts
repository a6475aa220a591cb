import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Browser journeys: one built web app, and one fresh server (embedded database) per worker, started
// by support/global-setup.ts. A worker runs its files one after another against its own server, so
// a journey never shares a server with another running at the same time. Two workers by default
// (JOURNEY_WORKERS sets another number): one Chromium leaves a third of a two-core machine idle,
// waiting on its server and on timers, and two fill it (decision 104).
const workers = Math.max(1, Number(process.env.JOURNEY_WORKERS) || Math.min(2, availableParallelism()))

export default defineConfig({
  test: {
    name: 'journeys',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    maxWorkers: workers,
    fileParallelism: workers > 1,
    // A long journey (register, activate, log in, reset) takes half a minute on a quiet machine, and
    // twice that with the other worker and other work on the cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
})
