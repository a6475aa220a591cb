import { createServer, type AddressInfo, type Socket } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A mail as the receiving server parsed it. */
export interface ReceivedMail {
  to: string
  from: string
  subject: string
  html: string
  text: string
  attachments: Array<{ filename: string; contentType: string; content: string }>
}

/**
 * A real SMTP server on a free port that keeps what it receives (parsed by mailparser, as a mail
 * client would read it); it can refuse the next mails with a temporary error.
 */
export async function startSmtp(opts: { port?: number } = {}) {
  const received: ReceivedMail[] = []
  let refuse = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refuse > 0) {
        refuse--
        const err = new Error('Mailbox busy, try again later') as Error & { responseCode: number }
        err.responseCode = 451
        return callback(err)
      }
      callback()
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            text: mail.text ?? '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
          })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n: number) => void (refuse = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * An SMTP server that does not answer: it takes connections and never says a word (a host that
 * hangs, a firewall that lets the connection in and nothing through). `close` ends it.
 */
export async function startSilentSmtp() {
  const sockets = new Set<Socket>()
  let connectionsSeen = 0
  const server = createServer((socket) => {
    connectionsSeen++
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    /** How many connections it took so far. */
    connections: () => connectionsSeen,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
