// A local stand-in for Redsys (decision 068): the payment page, REST operations, the operations
// query and a card tokeniser, signed with the merchants' keys as Redsys signs. The sandbox mounts it
// under /sandbox/redsys; tests register it on a Fastify of their own and listen on 127.0.0.1.
// It never keeps a card: a card is its last four digits, its expiry and its brand.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify'
import {
  SIGNATURE_VERSION,
  decodeParameters,
  parameterOf,
  signNotification,
  verifySignature,
  type RedsysParameters,
} from '../providers/redsys-signature.ts'
import {
  ORDER_NUMBER,
  cardOf,
  handleQuery,
  handleRest,
  outcome,
  type Card,
  type FakeLedger,
  type RedsysFakeControl,
  type RedsysFakeMerchant,
} from './redsys-fake-operations.ts'
import {
  TEST_CIP,
  challengePage,
  errorPage,
  paymentPage,
  tokeniserScript,
  type PaymentPage,
} from './redsys-fake-pages.ts'

export type { RedsysFakeControl, RedsysFakeMerchant } from './redsys-fake-operations.ts'

export interface RedsysFakeOptions {
  /** The merchants it knows; Redsys's published test merchant when left out. */
  merchants?: RedsysFakeMerchant[]
  control?: RedsysFakeControl
  /** How it notifies merchants (tests may pass their own). */
  fetch?: typeof fetch
}

/** One request the fake received, without card data. */
export interface RedsysFakeRequest {
  route: 'realizarPago' | 'decide' | 'rest' | 'query' | 'token' | 'script'
  /** The decoded DS_MERCHANT_* parameters, or the form's fields without the card. */
  parameters: Record<string, string>
}

export interface RedsysFakeNotification {
  url: string
  parameters: RedsysParameters
  /** The three fields as posted (signed), for a test to send again. */
  form: Record<string, string>
  /** The merchant's HTTP status, or the error that kept the notification from arriving. */
  status?: number
  error?: string
}

export interface RedsysFake extends FastifyPluginAsync {
  control: RedsysFakeControl
  requests: RedsysFakeRequest[]
  notifications: RedsysFakeNotification[]
}

/** Redsys's published test merchant (docs/research: payments §1). */
export const REDSYS_TEST_MERCHANT: RedsysFakeMerchant = {
  merchantCode: '999008881',
  terminal: '1',
  secretKeyB64: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
  name: 'Comercio de pruebas',
}

interface Session {
  merchant: RedsysFakeMerchant
  parameters: RedsysParameters
  open: boolean
  /** The card entered, between Pay and the 3-D Secure step. */
  card?: Card
}

const CURRENCY_NAMES: Record<string, string> = { '978': 'EUR', '840': 'USD', '826': 'GBP' }

export function redsysFake(options: RedsysFakeOptions = {}): RedsysFake {
  const merchants = options.merchants ?? [REDSYS_TEST_MERCHANT]
  const control: RedsysFakeControl = options.control ?? {}
  const doFetch = options.fetch ?? fetch
  const requests: RedsysFakeRequest[] = []
  const notifications: RedsysFakeNotification[] = []
  const sessions = new Map<string, Session>()
  const ledger: FakeLedger = {
    orders: new Set(),
    operations: new Map(),
    idOpers: new Map(),
    references: new Map(),
    refunded: new Map(),
  }
  const pause = () =>
    control.delayMs ? new Promise((resolve) => setTimeout(resolve, control.delayMs)) : Promise.resolve()

  const merchantOf = (code: string | undefined, terminal: string | undefined) =>
    merchants.find((m) => m.merchantCode === code && Number(m.terminal) === Number(terminal))

  function signed(merchant: RedsysFakeMerchant, parameters: RedsysParameters) {
    const merchantParameters = Buffer.from(JSON.stringify(parameters)).toString('base64url')
    let signature = signNotification(merchant.secretKeyB64, parameters.Ds_Order ?? '', merchantParameters)
    if (control.tamper) signature = (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1)
    return {
      Ds_SignatureVersion: SIGNATURE_VERSION,
      Ds_MerchantParameters: merchantParameters,
      Ds_Signature: signature,
    }
  }

  async function notify(url: string, merchant: RedsysFakeMerchant, parameters: RedsysParameters) {
    if (control.notify === false || !url) return
    await pause()
    const send = async (sent: RedsysParameters) => {
      const form = signed(merchant, sent)
      const record: RedsysFakeNotification = { url, parameters: sent, form }
      notifications.push(record)
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
          signal: AbortSignal.timeout(10_000),
        })
        record.status = response.status
        await response.arrayBuffer()
      } catch (error) {
        record.error = (error as Error).message
      }
    }
    await send(parameters)
    if (control.duplicate) await send(parameters)
    if (control.reorder && parameters.Ds_Response === '0000') {
      await send({ ...parameters, Ds_Response: '0190', Ds_AuthorisationCode: '' })
    }
  }

  function refuse(reply: FastifyReply, code: string, message: string) {
    return reply.code(400).type('text/html; charset=utf-8').send(errorPage(code, message))
  }

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    for (const type of ['application/x-www-form-urlencoded', 'text/xml']) {
      if (app.hasContentTypeParser(type)) continue
      app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => {
        done(null, type === 'text/xml' ? body : Object.fromEntries(new URLSearchParams(String(body))))
      })
    }
    const decideUrl = `${app.prefix}/sis/sandbox/decide`

    app.post('/sis/realizarPago', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>
      let parameters: RedsysParameters
      try {
        parameters = decodeParameters(form.Ds_MerchantParameters ?? '')
      } catch {
        return refuse(reply, 'SIS0007', 'El mensaje no es correcto · The message is malformed')
      }
      requests.push({ route: 'realizarPago', parameters })
      const p = (name: string) => parameterOf(parameters, name) ?? ''
      const merchant = merchantOf(p('DS_MERCHANT_MERCHANTCODE'), p('DS_MERCHANT_TERMINAL'))
      const order = p('DS_MERCHANT_ORDER')
      if (!merchant)
        return refuse(reply, 'SIS0026', 'Comercio o terminal desconocido · Unknown merchant or terminal')
      if (
        form.Ds_SignatureVersion !== SIGNATURE_VERSION ||
        !verifySignature(
          merchant.secretKeyB64,
          order,
          form.Ds_MerchantParameters ?? '',
          form.Ds_Signature ?? '',
        )
      ) {
        return refuse(reply, 'SIS0042', 'Error en la firma · Wrong signature')
      }
      if (!ORDER_NUMBER.test(order)) {
        return refuse(reply, 'SIS0075', 'Número de pedido no válido · Invalid order number')
      }
      if (!['0', '1'].includes(p('DS_MERCHANT_TRANSACTIONTYPE'))) {
        return refuse(reply, 'SIS0030', 'Tipo de operación no permitido · Transaction type not allowed here')
      }
      const key = `${merchant.merchantCode}|${order}`
      if (ledger.orders.has(key))
        return refuse(reply, 'SIS0051', 'Número de pedido repetido · Repeated order number')
      ledger.orders.add(key)
      const session = randomBytes(16).toString('hex')
      sessions.set(session, { merchant, parameters, open: true })
      return reply.type('text/html; charset=utf-8').send(paymentPage(pageOf(session, sessions.get(session)!)))
    })

    function pageOf(session: string, s: Session, error?: string): PaymentPage {
      const p = (name: string) => parameterOf(s.parameters, name) ?? ''
      return {
        session,
        merchantName: p('DS_MERCHANT_MERCHANTNAME') || s.merchant.name || s.merchant.merchantCode,
        merchantCode: s.merchant.merchantCode,
        order: p('DS_MERCHANT_ORDER'),
        amountCents: Number(p('DS_MERCHANT_AMOUNT')),
        currency: CURRENCY_NAMES[p('DS_MERCHANT_CURRENCY')] ?? p('DS_MERCHANT_CURRENCY'),
        action: decideUrl,
        ...(error ? { error } : {}),
      }
    }

    app.post('/sis/sandbox/decide', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>
      const { session: id = '', action = '' } = form
      requests.push({ route: 'decide', parameters: { session: id, action } })
      const session = sessions.get(id)
      if (!session?.open)
        return refuse(reply, 'SIS0142', 'La sesión de pago ya no existe · The payment session is over')
      const p = (name: string) => parameterOf(session.parameters, name) ?? ''
      let card: Card | undefined
      let dsResponse: string
      let secure = false
      if (action === 'cancel') dsResponse = '9915'
      else if (action === 'decline') dsResponse = '0190'
      else if (session.card) {
        // The 3-D Secure step: the card was taken on the page before.
        card = session.card
        secure = true
        dsResponse = form.cip !== TEST_CIP ? '0184' : control.decline ? '0190' : '0000'
      } else {
        card = cardOf(form.cardNumber ?? '', form.expiry ?? '')
        if (!card) {
          const page = pageOf(id, session, 'Tarjeta no válida o caducada · Invalid or expired card')
          return reply.type('text/html; charset=utf-8').send(paymentPage(page))
        }
        if (control.require3ds) {
          session.card = card
          return reply.type('text/html; charset=utf-8').send(challengePage(pageOf(id, session)))
        }
        dsResponse = control.decline ? '0190' : '0000'
      }
      session.open = false
      const answer = outcome(session.merchant, session.parameters, dsResponse, ledger, { secure, card })
      await notify(p('DS_MERCHANT_MERCHANTURL'), session.merchant, answer)
      const back = dsResponse === '0000' ? p('DS_MERCHANT_URLOK') : p('DS_MERCHANT_URLKO')
      if (!back)
        return reply
          .type('text/html; charset=utf-8')
          .send(errorPage(dsResponse, 'Operación terminada · Done'))
      return reply.redirect(back, 303)
    })

    app.post('/sis/rest/trataPeticionREST', async (request, reply) => {
      await pause()
      const body = (request.body ?? {}) as Record<string, string>
      const answer = handleRest(body, {
        merchantOf,
        ledger,
        control,
        record: (parameters) => requests.push({ route: 'rest', parameters }),
      })
      if ('errorCode' in answer) return reply.send(answer)
      return reply.send(signed(answer.merchant, answer.parameters))
    })

    app.post('/apl02/services/SerClsWSConsulta', async (request, reply) => {
      await pause()
      const xml = handleQuery(String(request.body ?? ''), {
        merchantOf,
        ledger,
        record: (parameters) => requests.push({ route: 'query', parameters }),
      })
      return reply.type('text/xml; charset=utf-8').send(xml)
    })

    // The tokeniser is called by the browser from the centre's site: another origin.
    app.options('/sis/rest/insite/token', async (_request, reply) =>
      reply
        .headers({
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
        })
        .code(204)
        .send(),
    )
    app.post('/sis/rest/insite/token', async (request, reply) => {
      reply.header('access-control-allow-origin', '*')
      const body = (request.body ?? {}) as Record<string, unknown>
      const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '')
      const card = cardOf(text('cardNumber'), text('expiry'))
      requests.push({
        route: 'token',
        parameters: {
          merchantCode: text('merchantCode'),
          order: text('order'),
          lastDigits: card?.lastDigits ?? '',
        },
      })
      if (!card) return reply.code(400).send({ error: 'card_number' })
      if (!/^\d{3,4}$/.test(text('cvv'))) return reply.code(400).send({ error: 'cvv' })
      const idOper = randomBytes(24).toString('base64url')
      ledger.idOpers.set(idOper, { ...card, merchantCode: text('merchantCode'), order: text('order') })
      return reply.send({ idOper })
    })

    app.get('/sis/NC/sandbox/redsysV3.js', async (request, reply) => {
      requests.push({ route: 'script', parameters: {} })
      const tokenUrl = `${request.protocol}://${request.host}${app.prefix}/sis/rest/insite/token`
      return reply.type('text/javascript; charset=utf-8').send(tokeniserScript(tokenUrl))
    })
  }

  return Object.assign(plugin, { control, requests, notifications })
}
