import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/** The smallest page the server serves the web app with: its head marker and one module script. */
export const WEB_BUILD_INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>'

/** A web build of one index.html in a folder of its own, for a test app's WEB_DIST. */
export async function fakeWebBuild(index = WEB_BUILD_INDEX) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-web-'))
  await fs.writeFile(path.join(dir, 'index.html'), index)
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) }
}
