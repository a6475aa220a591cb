import { afterEach, describe, expect, it, vi } from 'vitest'
import { getLanguage, getVersionMarker, setLanguage } from '../lib/storage.ts'
import { fakeServer } from '../test/fake-server.ts'
import { jsonResponse, testSettings } from '../test/render.tsx'
import { loadStartSettings, readBootData, startLanguage } from './boot.ts'

function pageWithBoot(json: string) {
  const doc = document.implementation.createHTMLDocument('page')
  const script = doc.createElement('script')
  script.type = 'application/json'
  script.id = 'clubhouse-boot'
  script.textContent = json
  doc.head.append(script)
  return doc
}

afterEach(() => {
  document.head.querySelector('#clubhouse-boot')?.remove()
})

describe('boot', () => {
  const boot = { version: 'v7', language: 'es-ES', settings: testSettings } as const

  it("reads the settings the server put in the page's head", () => {
    expect(readBootData(pageWithBoot(JSON.stringify(boot)))).toEqual(boot)
    expect(readBootData(pageWithBoot('{"version":'))).toBeUndefined()
    expect(readBootData(document.implementation.createHTMLDocument('dev'))).toBeUndefined()
  })

  it("starts with the page's settings without asking the server, remembering its build", async () => {
    const fetchMock = fakeServer()

    expect(await loadStartSettings('es-ES', boot)).toEqual(testSettings)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(getVersionMarker()).toBe('v7')
  })

  it('asks the server when the page carries none or in another language', async () => {
    const fetchMock = fakeServer({
      '/api/czconfigs/main-settings': () =>
        jsonResponse({ ok: true, data: { ...testSettings, name: 'Club Mistral EN' } }),
    })

    expect((await loadStartSettings('en-US', boot)).name).toBe('Club Mistral EN')
    expect((await loadStartSettings('en-US', undefined)).name).toBe('Club Mistral EN')
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('opens unbranded and logs when no settings can be had', async () => {
    fakeServer()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})

    const settings = await loadStartSettings('es-ES', undefined)

    expect(settings.name).toBe('')
    expect(error).toHaveBeenCalledWith('Not settings defined!', expect.anything())
  })

  describe('the language it starts in', () => {
    const cookieLanguage = () => /(?:^|; )cz-lang=([^;]*)/.exec(document.cookie)?.[1]

    it('is the one the server rendered the page in, kept for the next visit and in the cookie', () => {
      setLanguage('es-ES')
      expect(startLanguage({ ...boot, language: 'en-US' })).toBe('en-US')
      expect(getLanguage()).toBe('en-US')
      expect(decodeURIComponent(cookieLanguage() ?? '')).toBe('en-US')
    })

    it('is the stored one when the page carries none (development server), the cookie following it', () => {
      setLanguage('en-US')
      document.cookie = 'cz-lang=es-ES; path=/'
      expect(startLanguage(undefined)).toBe('en-US')
      expect(decodeURIComponent(cookieLanguage() ?? '')).toBe('en-US')
    })
  })
})
