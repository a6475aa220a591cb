import { defineConfig } from 'vitest/config'
import { filesReplacingModules, webTestConfig } from './vitest.config.ts'

// The web test files that replace a module of the app, each with modules of its own (decision 104).
export default defineConfig({
  ...webTestConfig,
  test: { ...webTestConfig.test, name: 'web-own-modules', include: filesReplacingModules },
})
