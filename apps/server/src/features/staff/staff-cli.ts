// `npm run staff -- add|list …`: staff accounts from the command line, against the database the
// server uses (the embedded one in DATA_DIR, or DATABASE_URL), migrated first as `npm start` does.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/client.ts'
import { createStaffService } from './staff.service.ts'
import { EXIT, runStaffCommand } from './staff-command.ts'

const config = loadConfig()
// The embedded database takes one process at a time: two on its folder would damage it. While a
// server holds it, its folder has a postmaster.pid.
const pid = path.join(config.dataDir, 'db', 'postmaster.pid')
if (!config.databaseUrl && existsSync(pid)) {
  console.error(
    `The embedded database in ${config.dataDir} is open in another process (is the server running?). Stop it, then run this again. If no server is running, a server that stopped without closing left ${pid}: remove it.`,
  )
  process.exit(EXIT.refused)
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  const staff = createStaffService(database.db, {
    units: database.units,
    clock: Date.now,
    publicUrl: config.publicUrl,
    production: config.production,
    // The command line enrols no second factor; were it to, the site's address names the centre.
    issuer: async () => new URL(config.publicUrl).hostname,
  })
  process.exitCode = await runStaffCommand(process.argv.slice(2), {
    staff,
    print: (line) => console.log(line),
    fail: (line) => console.error(line),
  })
} finally {
  await database.close()
}
