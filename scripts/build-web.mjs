// Builds the web app when it is missing or older than its sources (`npm start`, `npm run lighthouse`).
// Run as a script, it builds if needed and exits with the build's status.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// The browser's build and the server's renderer (decision 086), built together.
const builtFiles = [path.join(root, 'apps/web/dist/index.html'), path.join(root, 'apps/web/dist-ssr/entry-server.js')]
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
]

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0
  const stat = fs.statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

/** Builds the web app if needed; returns the build's exit status (0 when nothing had to be built). */
export function buildWebIfStale() {
  const builtAt = Math.min(...builtFiles.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)))
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))))
  if (builtAt >= changedAt) return 0
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'First run: building the web app…')
  const build = spawnSync('npm', ['run', 'build', '-w', '@clubhouse/web'], { cwd: root, stdio: 'inherit' })
  return build.status ?? 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildWebIfStale())
}
