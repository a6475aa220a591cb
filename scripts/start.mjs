// `npm start`: builds the web app when it is missing or older than its sources, then runs the
// server, which migrates the database, seeds the demo centre into an empty one and listens.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildWebIfStale } from './build-web.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const status = buildWebIfStale()
if (status !== 0) process.exit(status)

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
