import net from 'node:net'
import { ErrorBody } from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { answerClientError } from './errors.ts'

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Reads one HTTP/1.1 answer as a client's socket receives it, up to the server closing it. */
function readAnswer(socket: net.Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      )
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    })
  })
}

/**
 * Sends bytes as they are to a listening server: what `inject` cannot show, since Node's own HTTP
 * parser refuses these requests before Fastify sees them.
 */
function sendRaw(port: number, request: string): Promise<RawAnswer> {
  const socket = net.connect(port, '127.0.0.1')
  const answer = readAnswer(socket)
  socket.write(request)
  return answer
}

const expectErrorShape = (answer: { headers: Record<string, unknown>; body: string }, code: string) => {
  expect(answer.headers['content-type']).toMatch(/^application\/json/)
  const parsed = JSON.parse(answer.body) as unknown
  expect(ErrorBody.parse(parsed)).toMatchObject({ ok: false, code })
  return parsed as ErrorBody
}

// None of these reach the database: the embedded one is enough.
describe('failures before any route runs, on a listening server', () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await buildTestApp('pglite')
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = Number(new URL(address).port)
  })
  afterAll(() => t.close())

  it('answers an address over 16 KB with 431 in the error shape and closes the connection', async () => {
    const answer = await sendRaw(
      port,
      `GET /api/shop/list?gridStatus=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: test\r\n\r\n`,
    )
    expect(answer.status).toBe(431)
    expect(answer.headers.connection).toBe('close')
    expect(expectErrorShape(answer, 'headers_too_large').errorMsg).toBe(
      'The address or the headers of this request are too long.',
    )
  })

  it('answers a method the HTTP parser does not know with 400 in the error shape', async () => {
    const answer = await sendRaw(port, 'FOO /api/shop/list HTTP/1.1\r\nHost: test\r\n\r\n')
    expect(answer.status).toBe(400)
    expectErrorShape(answer, 'bad_request')
  })

  it('answers broken framing (a length and chunks at once) with 400 in the error shape', async () => {
    const answer = await sendRaw(
      port,
      'POST /api/publiccomms/info-request HTTP/1.1\r\nHost: test\r\nContent-Length: 3\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    )
    expect(answer.status).toBe(400)
    expectErrorShape(answer, 'bad_request')
  })

  it('answers an address that does not decode with 400 in the error shape', async () => {
    const answer = await sendRaw(
      port,
      'GET /api/shop/get/%E0%A4%A HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n',
    )
    expect(answer.status).toBe(400)
    expect(expectErrorShape(answer, 'bad_url').errorMsg).toBe('The address of this request is not valid.')
  })
})

describe('failures of the router', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp('pglite')
  })
  afterAll(() => t.close())

  it('answers an address that does not decode with 400, in the language of the request', async () => {
    for (const url of ['/api/shop/get/%E0%A4%A', '/api/publiccustomers/%ED%A0%80', '/api/%']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'es-ES' } })
      expect(res.statusCode, url).toBe(400)
      expect(expectErrorShape(res, 'bad_url').errorMsg).toBe('La dirección de esta petición no es válida.')
    }
  })

  it('answers a path part over the length limit with 414 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/get/${'1'.repeat(101)}` })
    expect(res.statusCode).toBe(414)
    expectErrorShape(res, 'uri_too_long')
  })

  it('answers OPTIONS and PATCH on an API path with 405 and the methods it takes', async () => {
    const cases = [
      ['OPTIONS', '/api/shop/list', 'GET, HEAD'],
      ['PATCH', '/api/shop/list', 'GET, HEAD'],
      ['PATCH', '/api/publiccomms/info-request', 'POST'],
      ['GET', '/api/publiccomms/info-request', 'POST'],
      ['DELETE', '/api/shop/get/12', 'GET, HEAD'],
      ['OPTIONS', '/api/publiccustomers/7', 'GET, HEAD, PUT'],
    ] as const
    for (const [method, url, allow] of cases) {
      const res = await t.app.inject({ method, url })
      expect(res.statusCode, `${method} ${url}`).toBe(405)
      expect(res.headers.allow, `${method} ${url}`).toBe(allow)
      expect(expectErrorShape(res, 'method_not_allowed').errorMsg).toBe(
        `${method} is not accepted at ${url}; use ${allow}.`,
      )
    }
  })

  it('answers a body in an encoding it does not take with 415 unsupported_media_type, and one that does not decompress with 400', async () => {
    const post = (encoding: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/publicbookings/list',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload: '{}',
      })
    const unknown = await post('x-unknown')
    expect(unknown.statusCode).toBe(415)
    expect(expectErrorShape(unknown, 'unsupported_media_type').errorMsg).toBe(
      'Unsupported Content-Encoding: x-unknown',
    )
    const broken = await post('gzip')
    expect(broken.statusCode).toBe(400)
    expectErrorShape(broken, 'bad_request')
  })

  it('answers a method on a path no route has with 404 in the error shape', async () => {
    for (const method of ['OPTIONS', 'PATCH', 'GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-list' })
      expect(res.statusCode, method).toBe(404)
      expectErrorShape(res, 'not_found')
    }
  })
})

describe('the answer to a request that did not arrive in time', () => {
  it('is 408 in the error shape, and the connection closes', async () => {
    // Node raises ERR_HTTP_REQUEST_TIMEOUT after its request timeout (minutes): the handler is
    // given that error on a real connection here rather than waiting for it.
    const server = net.createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve))
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1')
    const answer = readAnswer(client)
    const timeout = Object.assign(new Error('Request timeout'), {
      code: 'ERR_HTTP_REQUEST_TIMEOUT',
      bytesParsed: 0,
      rawPacket: { type: 'Buffer', data: [] },
    })
    const socket = await accepted
    socket.on('error', () => {})
    answerClientError(timeout, socket)
    const res = await answer
    server.close()
    expect(res.status).toBe(408)
    expect(expectErrorShape(res, 'request_timeout').errorMsg).toBe('The request took too long to arrive.')
  })
})
