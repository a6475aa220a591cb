import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Unit, component and API tests. Browser journeys have their own config in e2e/.
export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) is a single worker on a two-core machine,
    // which then idles while its test waits on PostgreSQL: two workers there run the suite about a
    // third faster (decision 084).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // One migrated PostgreSQL template per run, copied for each test database (decision 096).
          globalSetup: ['src/test/global-setup.ts'],
          // Passwords hashed at a test's cost, not the real one (decision 098).
          setupFiles: ['src/test/setup.ts'],
          // Test files share a worker's modules instead of each importing the whole server again:
          // every file builds its own app on its own database, so nothing a file keeps is another's
          // (decision 101).
          isolate: false,
          // Some tests start whole apps on fresh databases (every migration, the seed); on a loaded
          // two-core machine that alone can take tens of seconds.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.own-modules.config.ts',
      { test: { name: 'lint', root: 'scripts/lint', environment: 'node', testTimeout: 30_000 } },
    ],
  },
})
