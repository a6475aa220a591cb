// The servers `npm run bench` loads: the app on a fresh seeded database and a bare Fastify route.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { seedDemoCentre } from '../src/db/seed/index.ts'

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-bench-'))
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
})
const app = await buildApp(config, { logger: false })
await seedDemoCentre(app.services, dataDir)
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })

const bare = Fastify()
bare.get('/bare', async () => ({ ok: true, data: { hello: 'world' } }))
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

process.send?.({ appUrl, bareUrl, database: app.database.kind })
process.on('SIGTERM', async () => {
  await app.close()
  await bare.close()
  await fs.rm(dataDir, { recursive: true, force: true })
  process.exit(0)
})
