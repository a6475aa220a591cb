// The demo centre's limits per customer (decision 074) set for a script whose customers hold more
// than a customer would (`npm run bench`, the prebook's statements).
import { eq } from 'drizzle-orm'
import type { App } from '../src/app.ts'
import { settings } from '../src/features/content/content.tables.ts'

export async function setDemoLimits(
  app: App,
  limits: { holdsPerCustomer?: number; freeBookingsPerDay?: number },
) {
  const [main] = await app.database.db.select().from(settings).where(eq(settings.kind, 'main'))
  await app.services.content.saveSettings('main', { ...(main!.value as object), ...limits } as never)
}
