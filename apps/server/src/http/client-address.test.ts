import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { testDatabaseKinds, type DatabaseKind } from '../test/build-test-app.ts'
import { buildTwoInstances } from '../test/two-instances.ts'

/**
 * Two app instances listening on real ports on one database, as behind a load balancer: the
 * rate-limit counters they share must count the client a request really comes from.
 */
const startTwoInstances = (kind: DatabaseKind, env: Record<string, string>) =>
  buildTwoInstances(kind, { env, listen: true })

describe.each(testDatabaseKinds())('the client address behind a load balancer on %s', (kind) => {
  let attempt = 0
  /** One wrong login at instance `n % 2`, as the client `forwardedFor` claims; a new email each time. */
  async function login(urls: string[], n: number, forwardedFor: string) {
    attempt += 1
    const res = await fetch(`${urls[n % 2]}/api/publiccustomers/cauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email: `nobody${attempt}@example.com`, password: 'Wrong-Pass-2026' }),
    })
    return res.status
  }
  const statuses = async (urls: string[], count: number, forwardedFor: (n: number) => string) => {
    const answers: number[] = []
    for (let n = 0; n < count; n += 1) answers.push(await login(urls, n, forwardedFor(n)))
    return answers
  }
  const TEN_REFUSED = Array.from({ length: 10 }, () => 401)

  describe('without TRUST_PROXY', () => {
    let instances: Awaited<ReturnType<typeof startTwoInstances>>
    beforeAll(async () => {
      instances = await startTwoInstances(kind, {})
    })
    afterAll(() => instances.close())

    it('counts the 11th login attempt of a minute as too many, whatever X-Forwarded-For says', async () => {
      expect(await statuses(instances.urls, 11, (n) => `198.51.100.${n + 1}`)).toEqual([...TEN_REFUSED, 429])
    })
  })

  describe('with TRUST_PROXY naming a proxy other than the caller', () => {
    let instances: Awaited<ReturnType<typeof startTwoInstances>>
    beforeAll(async () => {
      instances = await startTwoInstances(kind, { TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' })
    })
    afterAll(() => instances.close())

    it('ignores the X-Forwarded-For of a client that reaches the server directly', async () => {
      expect(await statuses(instances.urls, 11, (n) => `198.51.100.${n + 1}`)).toEqual([...TEN_REFUSED, 429])
    })
  })

  describe('with TRUST_PROXY naming the proxy in front (loopback here)', () => {
    let instances: Awaited<ReturnType<typeof startTwoInstances>>
    beforeAll(async () => {
      instances = await startTwoInstances(kind, { TRUST_PROXY: '127.0.0.1' })
    })
    afterAll(() => instances.close())

    it('counts each forwarded client on its own address across both instances', async () => {
      // Twelve clients, one attempt each: none of them is over the limit.
      expect(await statuses(instances.urls, 12, (n) => `198.51.100.${n + 1}`)).toEqual(
        Array.from({ length: 12 }, () => 401),
      )
      // One client trying eleven times through both instances is.
      expect(await statuses(instances.urls, 11, () => '203.0.113.9')).toEqual([...TEN_REFUSED, 429])
      // The address the proxy saw is the client, not what that client wrote before it.
      expect(await login(instances.urls, 0, '203.0.113.9, 203.0.113.50')).toBe(401)
      expect(await login(instances.urls, 1, '198.51.100.200, 203.0.113.9')).toBe(429)
    })
  })
})

describe('the TRUST_PROXY setting', () => {
  it('is off by default and takes addresses, CIDRs and loopback', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ])
  })

  it('refuses true, a hop count and what is not an address, naming the variable', () => {
    for (const value of ['true', '1', '2', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/)
    }
  })
})
