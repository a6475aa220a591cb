import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Services } from '../../app.ts'
import { demoHomeTemplate, demoLegalSettings, demoMainSettings } from './demo-centre.ts'

const assetsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets')

/**
 * Puts the demo centre into an empty database: settings, home template, legal texts and their
 * images under DATA_DIR/uploads. Deterministic; does nothing when settings already exist.
 */
export async function seedDemoCentre(services: Services, dataDir: string): Promise<boolean> {
  if (await services.content.hasSettings()) return false
  await fs.cp(assetsDir, path.join(dataDir, 'uploads'), {
    recursive: true,
    force: false,
    errorOnExist: false,
  })
  await services.content.saveSettings('main', demoMainSettings)
  await services.content.saveSettings('template', demoHomeTemplate)
  await services.content.saveSettings('legal', demoLegalSettings)
  return true
}
