import fs from 'node:fs'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

/**
 * The server in development (`npm run dev` runs it on its default port). 127.0.0.1 rather than
 * localhost: Node may resolve localhost to ::1 while the server listens on IPv4.
 * API_ORIGIN points the proxy elsewhere (a server started with another PORT).
 */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000'

/**
 * The build marker the client sends as CzVersion. The server reads dist/build-version.txt at start
 * and answers `Expired` to any other marker, so open tabs reload once after a deploy.
 */
function buildVersion(command: 'build' | 'serve', ssr: boolean): string {
  if (process.env.BUILD_VERSION) return process.env.BUILD_VERSION
  // The server's renderer is built right after the browser's app and must carry the same marker.
  if (ssr) return fs.readFileSync(new URL('./dist/build-version.txt', import.meta.url), 'utf8').trim()
  // The server answers 'dev' when no build exists, so a dev client matches it and never reloads.
  if (command === 'serve') return 'dev'
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}

/** Writes the marker beside index.html for the server. */
function buildVersionFile(version: string): Plugin {
  return {
    name: 'clubhouse-build-version',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-version.txt', source: `${version}\n` })
    },
  }
}

export default defineConfig(({ command, isSsrBuild = false }) => {
  const version = buildVersion(command, isSsrBuild)
  return {
    plugins: [react(), ...(isSsrBuild ? [] : [buildVersionFile(version)])],
    define: {
      'import.meta.env.VITE_BUILD_VERSION': JSON.stringify(version),
    },
    // The renderer (`vite build --ssr src/entry-server.tsx`, decision 086) bundles the contract's
    // TypeScript and leaves the other packages to Node.
    ssr: { noExternal: ['@clubhouse/contract'] },
    build: {
      manifest: !isSsrBuild,
      target: 'es2022',
      sourcemap: false,
    },
    server: {
      proxy: {
        '/api': API_ORIGIN,
        '/uploads': API_ORIGIN,
        '/sitemap.xml': API_ORIGIN,
        '/robots.txt': API_ORIGIN,
      },
    },
  }
})
