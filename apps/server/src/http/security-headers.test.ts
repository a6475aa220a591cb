import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { saveTestSettings } from '../test/settings-fixtures.ts'
import { fakeWebBuild } from '../test/web-build.ts'

/** The sources one directive of a Content-Security-Policy header allows. */
function directive(policy: string, name: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
  return found ? found.slice(1) : []
}

// Lighthouse's best practices count any CSP violation the browser reports (decision 088): the pages
// run no script the policy blocks, and the policy is not widened to let one run.
describe('the Content-Security-Policy of the pages', () => {
  let t: TestApp
  let web: Awaited<ReturnType<typeof fakeWebBuild>>
  beforeAll(async () => {
    web = await fakeWebBuild()
    t = await buildTestApp('pglite', { env: { WEB_DIST: web.dir } })
    await saveTestSettings(t.app.services)
  })
  afterAll(async () => {
    await t.close()
    await web.remove()
  })

  it('lets scripts come only from the site itself: no eval, no inline script, no other origin', async () => {
    for (const url of ['/', '/shop', '/api/czconfigs/main-settings']) {
      const res = await t.app.inject({ method: 'GET', url })
      const policy = String(res.headers['content-security-policy'])
      expect(directive(policy, 'script-src'), url).toEqual(["'self'"])
      expect(directive(policy, 'default-src'), url).toEqual(["'self'"])
      expect(directive(policy, 'object-src'), url).toEqual(["'none'"])
    }
  })

  it('serves pages whose every script the policy lets run: files of the site, or data that is not run', async () => {
    for (const url of ['/', '/shop', '/blog']) {
      const page = await t.app.inject({ method: 'GET', url })
      const scripts = page.body.match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length, url).toBeGreaterThan(0)
      for (const tag of scripts) {
        const runsFromSite = /\ssrc="\/[^/]/.test(tag)
        const data = /\stype="application\/(ld\+)?json"/.test(tag)
        expect(runsFromSite || data, `${url}: ${tag}`).toBe(true)
      }
    }
  })
})
