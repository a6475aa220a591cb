// Starts the site: config → database (migrated) → demo seed on an empty database → listen.
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { seedDemoCentre } from './db/seed/index.ts'
import { withStartupLock } from './db/startup-lock.ts'
import { stopOnSignals } from './http/graceful-stop.ts'

const config = loadConfig()
const app = await buildApp(config)

// In production the demo is seeded only when SEED_DEMO=true asks for it (decision 078): said loudly,
// for its accounts' passwords and its free promo are published.
if (config.production && config.seedDemo) {
  app.log.warn(
    'SEED_DEMO=true in production: an empty database gets the demo centre, with its accounts of published passwords and the promo GRATIS100 (everything free). Never on a site open to the public.',
  )
}

// Instances started at once on an empty database: the one that holds the lock first seeds, the
// others then find settings and seed nothing (decision 035).
if (
  config.seedDemo &&
  (await withStartupLock(config.databaseUrl, () => seedDemoCentre(app.services, config.dataDir)))
) {
  app.log.info('empty database: demo centre seeded')
}

stopOnSignals(app)
await app.listen({ port: config.port, host: config.host })
const { port } = app.server.address() as { port: number }
app.log.info(
  `Clubhouse is serving http://localhost:${port} (${app.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
)
