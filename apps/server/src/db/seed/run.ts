// `npm run db:seed`: migrates the configured database and seeds the demo centre if it is empty.
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { withStartupLock } from '../startup-lock.ts'
import { seedDemoCentre } from './index.ts'

const config = loadConfig()
const app = await buildApp(config)
const seeded = await withStartupLock(config.databaseUrl, () => seedDemoCentre(app.services, config.dataDir))
app.log.info(seeded ? 'demo centre seeded' : 'database already has a centre; nothing seeded')
await app.close()
