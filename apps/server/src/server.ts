// Starts the site: config → database (migrated) → demo seed on an empty database → listen.
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { seedDemoCentre } from './db/seed/index.ts'

const config = loadConfig()
const app = await buildApp(config)

if (config.seedDemo && (await seedDemoCentre(app.services, config.dataDir))) {
  app.log.info('empty database: demo centre seeded')
}

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
}

await app.listen({ port: config.port, host: config.host })
app.log.info(
  `Clubhouse is serving http://localhost:${config.port} (${app.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
)
if (config.demoMailbox) {
  app.log.warn(
    `No SMTP_URL: mail is not sent. Read it at ${config.publicUrl}/demo-mailbox (open to anyone who reaches the site; DEMO_MAILBOX=false hides it).`,
  )
}
