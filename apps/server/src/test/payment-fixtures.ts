import { createServer } from 'node:net'
import Fastify from 'fastify'
import { buildTestApp, type DatabaseKind } from './build-test-app.ts'
import { redsysFake, REDSYS_TEST_MERCHANT, type RedsysFake } from '../features/payments/fakes/redsys-fake.ts'

/** A free port on the loopback interface, for an app that the fakes must reach over HTTP. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port.'))))
    })
  })
}

/**
 * Redsys's fake on its own port, as the real Redsys is to a centre, and the environment that points
 * the app at it with the published test merchant's key (the same adapter code as with real keys).
 */
export async function startRedsys() {
  const fake: RedsysFake = redsysFake()
  const host = Fastify({ logger: false })
  await host.register(fake)
  const url = await host.listen({ port: 0, host: '127.0.0.1' })
  return {
    fake,
    url,
    env: {
      REDSYS_MERCHANT_CODE: REDSYS_TEST_MERCHANT.merchantCode,
      REDSYS_TERMINAL: REDSYS_TEST_MERCHANT.terminal,
      REDSYS_SECRET_KEY: REDSYS_TEST_MERCHANT.secretKeyB64,
      REDSYS_URL: url,
    },
    close: () => host.close(),
  }
}

/**
 * An app listening on a real port with Redsys's fake on another, each able to reach the other as
 * Redsys and a centre do (the notification comes back over HTTP). Close it after the test.
 */
export async function listeningAppWithRedsys(
  kind: DatabaseKind,
  opts: Parameters<typeof buildTestApp>[1] = {},
) {
  const redsys = await startRedsys()
  const port = await freePort()
  const t = await buildTestApp(kind, {
    ...opts,
    env: { ...opts.env, ...redsys.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
  })
  await t.app.listen({ port, host: '127.0.0.1' })
  return {
    app: t.app,
    config: t.config,
    redsys,
    close: async () => {
      await t.close()
      await redsys.close()
    },
  }
}

/** The hidden fields of the first form of an HTML page, as a browser would post them. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[m[1]!] = m[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"')
  }
  return fields
}

/** The customer at Redsys's page: posts the checkout's form, then pays, declines or cancels. */
export async function payAtRedsys(
  redsysData: {
    url: string
    data: { ds_SignatureVersion: string; ds_MerchantParameters: string; ds_Signature: string }
  },
  action: 'pay' | 'decline' | 'cancel',
) {
  const page = await fetch(redsysData.url, {
    method: 'POST',
    body: new URLSearchParams({
      Ds_SignatureVersion: redsysData.data.ds_SignatureVersion,
      Ds_MerchantParameters: redsysData.data.ds_MerchantParameters,
      Ds_Signature: redsysData.data.ds_Signature,
    }),
  })
  const html = await page.text()
  if (page.status !== 200) throw new Error(`Redsys's page answered ${page.status}: ${html.slice(0, 200)}`)
  const action_ = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  if (!action_) throw new Error('No form on the payment page.')
  const target = new URL(action_, redsysData.url)
  const done = await fetch(target, {
    method: 'POST',
    body: new URLSearchParams({ ...formFields(html), action }),
    redirect: 'manual',
  })
  return { status: done.status, location: done.headers.get('location') ?? '' }
}
