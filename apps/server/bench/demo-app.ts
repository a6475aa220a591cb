// The app of the scripts that read the demo through it (prebook-statements.ts, prebook-ceiling.ts).
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { seedDemoCentre } from '../src/db/seed/index.ts'

/** The app on the database at `databaseUrl`, with its files in `dataDir`, seeded with the demo centre. */
export async function seededDemoApp(databaseUrl: string, dataDir: string) {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
  })
  const app = await buildApp(config, { logger: false })
  await seedDemoCentre(app.services, dataDir)
  return app
}
