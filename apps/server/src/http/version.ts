import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { EXPIRED_HEADER, VERSION_HEADER } from '@clubhouse/contract/server'

/** The running build's marker: written by the web build beside index.html; 'dev' without a build. */
export function readBuildVersion(webDist: string): string {
  try {
    return fs.readFileSync(path.join(webDist, 'build-version.txt'), 'utf8').trim() || 'dev'
  } catch {
    return 'dev'
  }
}

/**
 * A client that sends a CzVersion other than the running build's is told the new marker in the
 * Expired header; the spec's client stores it and reloads once, so open tabs pick up a deploy.
 */
export function registerVersionCheck(app: FastifyInstance, version: string) {
  const requestHeader = VERSION_HEADER.toLowerCase()
  app.addHook('onRequest', (req, reply, done) => {
    const sent = req.headers[requestHeader]
    if (typeof sent === 'string' && sent !== '' && sent !== version) reply.header(EXPIRED_HEADER, version)
    done()
  })
}
