import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CUSTOMER, SECOND_CUSTOMER } from '../../db/seed/demo-customers.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { loginAs, type LoggedIn } from '../../test/customers.ts'
import { communications } from '../comms/comms.tables.ts'
import { sales } from '../sales/sales.tables.ts'

interface OrderSummary {
  id: number
  date: string
  total: number
  online: boolean
  number: string
  items: { name: string; logo: string; productId: number | null; category: number }[]
}
interface Movement {
  id: number
  created: string
  amount: number
  previousAmount: number
  current: number
  concept: string
}
interface Voucher {
  id: number
  description: string
  kind: number
  balance: number
  expires: string | null
  movements: Movement[]
}

const MAIN_LOGO = '/uploads/demo/logo.svg'

describe.each(testDatabaseKinds())('account pages of a logged-in customer on %s', (kind) => {
  let t: TestApp
  let laura: LoggedIn
  let carlos: LoggedIn
  beforeAll(async () => {
    t = await buildTestApp(kind)
    laura = await loginAs(t.app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
    carlos = await loginAs(t.app, SECOND_CUSTOMER.email, SECOND_CUSTOMER.password)
  })
  afterAll(() => t.close())

  const get = (url: string, who: LoggedIn | undefined, language = 'en-US') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': language, ...(who ? who.headers : {}) },
    })
  const ok = async (url: string, who: LoggedIn = laura, language = 'en-US') => {
    const res = await get(url, who, language)
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    return res.json()
  }
  const ordersOf = async (who: LoggedIn): Promise<OrderSummary[]> =>
    (await ok(`/api/shop/customer-orders/${who.id}`, who)).model
  const byNumber = async (who: LoggedIn, number: string) => {
    const order = (await ordersOf(who)).find((o) => o.number === number)
    expect(order, number).toBeDefined()
    return order!
  }
  async function saleIdOf(number: string) {
    const [row] = await t.app.database.db
      .select({ id: sales.id })
      .from(sales)
      .where(eq(sales.saleNumber, number))
    return row!.id
  }

  describe('your orders', () => {
    it("lists the customer's paid orders newest first, without pending or cancelled sales", async () => {
      const orders = await ordersOf(laura)
      expect(orders.map((o) => o.number)).toEqual([
        'W-2026-00118',
        'W-2026-00102',
        'R-2026-00087',
        'W-2026-00076',
        'W-2026-00061',
        'W-2026-00044',
        'W-2026-00031',
      ])
      const dates = orders.map((o) => Date.parse(o.date))
      expect(dates).toEqual([...dates].sort((a, b) => b - a))
      expect(orders[0]!.date).toBe('2026-11-14T18:20:00.000Z')
    })

    it('gives each order its total, whether it was paid online, and its lines', async () => {
      const shopOrder = await byNumber(laura, 'W-2026-00102')
      expect(shopOrder).toMatchObject({ total: 53.65, online: true })
      expect(shopOrder.items.map((i) => i.name)).toEqual([
        'Xaloc Pro Ball Tube',
        'Cierzo Dry Overgrip, 3-Pack',
        'Garbí Performance Socks, 3-Pack',
      ])
      for (const item of shopOrder.items) {
        expect(item.category).toBe(1)
        expect(item.productId).toEqual(expect.any(Number))
        expect(item.logo).toMatch(/^\/uploads\/demo\/products\/.+\.svg$/)
      }
      const desk = await byNumber(laura, 'R-2026-00087')
      expect(desk).toMatchObject({ online: false, total: 31.7 })
    })

    it('links articles to their product page and gives services no product, with the main logo', async () => {
      const [booking] = (await byNumber(laura, 'W-2026-00118')).items
      expect(booking).toEqual({
        name: 'Padel 90 min — Court 2 (15/11/2026 19:30)',
        logo: MAIN_LOGO,
        productId: null,
        category: 0,
      })
      const [pack] = (await byNumber(laura, 'W-2026-00076')).items
      expect(pack).toMatchObject({ productId: null, category: 3 })
      const product = await ok(`/api/shop/get/${(await byNumber(laura, 'W-2026-00102')).items[0]!.productId}`)
      expect(product.data.name).toBe('Xaloc Pro Ball Tube')
    })

    it("answers the lines' names in the request's language", async () => {
      const orders = (await ok(`/api/shop/customer-orders/${laura.id}`, laura, 'es-ES'))
        .model as OrderSummary[]
      expect(orders[0]!.items[0]!.name).toBe('Pádel 90 min — Pista 2 (15/11/2026 19:30)')
      expect(orders.find((o) => o.number === 'W-2026-00102')!.items[0]!.name).toBe(
        'Bote de pelotas Xaloc Pro',
      )
    })

    it('shows another customer only their own orders', async () => {
      expect((await ordersOf(carlos)).map((o) => o.number)).toEqual(['W-2026-00110'])
    })

    it('is kept out of shared caches', async () => {
      const res = await get(`/api/shop/customer-orders/${laura.id}`, laura)
      expect(res.headers['cache-control']).toBe('private, no-store')
    })
  })

  describe('order detail', () => {
    it('answers the lines with price, units and total, and the totals of the order', async () => {
      const { id } = await byNumber(laura, 'W-2026-00102')
      const { ok: isOk, model } = await ok(`/api/shop/customer-orders/${laura.id}/${id}`)
      expect(isOk).toBe(true)
      expect(model).toMatchObject({
        id,
        number: 'W-2026-00102',
        paymentMethod: 'Card (Redsys)',
        date: '2026-10-28T10:05:00.000Z',
        subTotal: 48.7,
        shipping: 4.95,
        discount: 0,
        total: 53.65,
      })
      expect(
        model.items.map((i: { price: number; units: number; total: number }) => [i.price, i.units, i.total]),
      ).toEqual([
        [5.95, 3, 17.85],
        [7.95, 2, 15.9],
        [14.95, 1, 14.95],
      ])
      expect(model.items[0].productId).toEqual(expect.any(Number))
    })

    it('answers a discount and free shipping as they were charged', async () => {
      const { id } = await byNumber(laura, 'W-2026-00061')
      const { model } = await ok(`/api/shop/customer-orders/${laura.id}/${id}`)
      expect(model).toMatchObject({ subTotal: 179.8, shipping: 0, discount: 17.98, total: 161.82 })
      expect(model.paymentMethod).toBe('Card (NetPay)')
    })

    it("names the payment method in the request's language, and the desk when paid there", async () => {
      const desk = await byNumber(laura, 'R-2026-00087')
      expect((await ok(`/api/shop/customer-orders/${laura.id}/${desk.id}`)).model.paymentMethod).toBe(
        "At the centre's desk",
      )
      expect(
        (await ok(`/api/shop/customer-orders/${laura.id}/${desk.id}`, laura, 'es-ES')).model.paymentMethod,
      ).toBe('En recepción')
      const voucherPaid = await byNumber(laura, 'W-2026-00044')
      const detail = (await ok(`/api/shop/customer-orders/${laura.id}/${voucherPaid.id}`, laura, 'es-ES'))
        .model
      expect(detail.paymentMethod).toBe('Bono monedero')
      expect(detail.items[0]).toMatchObject({
        productId: null,
        logo: MAIN_LOGO,
        price: 18,
        units: 1,
        total: 18,
      })
    })

    it.each([
      ["another customer's order", 'W-2026-00110'],
      ['a pending sale', 'W-2026-00125'],
      ['a cancelled sale', 'W-2026-00109'],
    ])('answers 404 "Order not found" for %s', async (_name, number) => {
      const res = await get(`/api/shop/customer-orders/${laura.id}/${await saleIdOf(number)}`, laura)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ ok: false, code: 'not_found', errorMsg: 'Order not found' })
    })

    it('answers 404 for an id no sale has, the same as for a sale of someone else', async () => {
      const res = await get(`/api/shop/customer-orders/${laura.id}/987654`, laura)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ ok: false, code: 'not_found', errorMsg: 'Order not found' })
    })
  })

  describe('vouchers', () => {
    const vouchersOf = async (who: LoggedIn, language = 'en-US') =>
      (await ok(`/api/publicvouchers/customer-vouchers/${who.id}`, who, language)).model as {
        active: Voucher[]
        inactive: Voucher[]
      }

    it('splits the vouchers into active and inactive: switched off or expired ones are inactive', async () => {
      const { active, inactive } = await vouchersOf(laura)
      expect(active.map((v) => v.description)).toEqual([
        'Group padel classes, 10-class pass',
        'Club Mistral wallet',
      ])
      expect(inactive.map((v) => v.description)).toEqual([
        'Court pack, 5 bookings',
        'Fitness room, 10-hour pass',
      ])
      const expired = inactive[0]!
      expect(Date.parse(expired.expires!)).toBeLessThan(Date.now())
      expect(expired.balance).toBe(2)
    })

    it('answers balances in euros, sessions and hours', async () => {
      const { active, inactive } = await vouchersOf(laura)
      const [classes, wallet] = active
      expect(wallet).toMatchObject({ kind: 0, balance: 105, expires: null })
      expect(classes).toMatchObject({ kind: 1, balance: 4, expires: '2028-09-22T21:59:00.000Z' })
      expect(inactive[1]).toMatchObject({ kind: 2, balance: 7.5 })
    })

    it('lists the movements newest first, spends negative, each from the previous amount', async () => {
      const { active } = await vouchersOf(laura)
      const wallet = active[1]!
      expect(wallet.movements.map((m) => [m.amount, m.previousAmount, m.current])).toEqual([
        [-4.5, 109.5, 105],
        [-13.5, 123, 109.5],
        [50, 73, 123],
        [-9, 82, 73],
        [-18, 100, 82],
        [100, 0, 100],
      ])
      expect(wallet.movements[4]!.concept).toBe('Padel 60 min — Court 1')
      const created = wallet.movements.map((m) => Date.parse(m.created))
      expect(created).toEqual([...created].sort((a, b) => b - a))
    })

    it('keeps every balance equal to the sum of its movements', async () => {
      const { active, inactive } = await vouchersOf(laura)
      for (const v of [...active, ...inactive]) {
        const sum = v.movements.reduce((s, m) => s + Math.round(m.amount * 100), 0) / 100
        expect(sum, v.description).toBe(v.balance)
        expect(v.movements[0]!.current, v.description).toBe(v.balance)
      }
    })

    it("answers descriptions and concepts in the request's language", async () => {
      const { active } = await vouchersOf(laura, 'es-ES')
      expect(active[1]!.description).toBe('Monedero Club Mistral')
      expect(active[1]!.movements.at(-1)!.concept).toBe('Recarga en recepción')
    })

    it('shows another customer only their own vouchers', async () => {
      const { active, inactive } = await vouchersOf(carlos)
      expect(active.map((v) => v.balance)).toEqual([32])
      expect(inactive).toEqual([])
    })
  })

  describe('communications', () => {
    it('lists the emails (subjects) and SMS (texts) sent to the customer, newest first', async () => {
      const { model } = await ok(`/api/publiccomms/customer-comms/${laura.id}`)
      expect(model.emails.map((e: { subject: string }) => e.subject)).toEqual([
        'Reserva confirmada: Pádel 90 min — Pista 2',
        'Recibo de tu pedido W-2026-00102',
        'Tu bono de 10 clases colectivas ya está activo',
        'Reserva confirmada: Pádel 60 min — Pista 1',
        '¡Bienvenida a Club Mistral Pádel & Fitness!',
      ])
      expect(model.emails[0]).toEqual({
        id: expect.any(Number),
        subject: 'Reserva confirmada: Pádel 90 min — Pista 2',
        created: '2026-11-14T18:21:00.000Z',
      })
      expect(model.smss).toHaveLength(3)
      expect(model.smss[0]).toEqual({
        id: expect.any(Number),
        body: 'Club Mistral: tu reserva de Pádel 90 min en la Pista 2 empieza hoy a las 19:30. ¡Nos vemos!',
        created: '2026-11-15T16:30:00.000Z',
      })
    })

    it('answers one email itself, with its HTML', async () => {
      const { model } = await ok(`/api/publiccomms/customer-comms/${laura.id}`)
      const receipt = model.emails.find((e: { subject: string }) => e.subject.startsWith('Recibo'))
      const email = await ok(`/api/publiccomms/customer-comms/emails/${receipt.id}/${laura.id}`)
      expect(email).toMatchObject({ id: receipt.id, subject: 'Recibo de tu pedido W-2026-00102' })
      expect(email.created).toBe(receipt.created)
      expect(email.body).toContain('<table>')
      expect(email.body).toContain('<strong>53,65 €</strong>')
    })

    it('sanitises an email body before serving it', async () => {
      const [row] = await t.app.database.db
        .insert(communications)
        .values({
          customerId: laura.id,
          channel: 'email',
          toAddress: DEMO_CUSTOMER.email,
          subject: 'Oferta',
          body: '<p onclick="steal()">Hola</p><script>steal()</script><a href="javascript:steal()">x</a>',
          status: 'sent',
          createdAt: new Date('2026-01-01T00:00:00Z'),
        })
        .returning({ id: communications.id })
      try {
        const email = await ok(`/api/publiccomms/customer-comms/emails/${row!.id}/${laura.id}`)
        expect(email.body).toBe('<p>Hola</p><a>x</a>')
      } finally {
        await t.app.database.db.delete(communications).where(eq(communications.id, row!.id))
      }
    })

    it("answers 404 for another customer's email, an SMS, or an unknown id", async () => {
      const carlosComms = (await ok(`/api/publiccomms/customer-comms/${carlos.id}`, carlos)).model
      const lauraComms = (await ok(`/api/publiccomms/customer-comms/${laura.id}`)).model
      for (const id of [carlosComms.emails[0].id, lauraComms.smss[0].id, 987654]) {
        const res = await get(`/api/publiccomms/customer-comms/emails/${id}/${laura.id}`, laura)
        expect(res.statusCode, String(id)).toBe(404)
        expect(res.json()).toEqual({ ok: false, code: 'not_found', errorMsg: 'Email not found' })
      }
    })
  })

  describe('who may read it', () => {
    const routes = (customerId: number | string, ownId: number | string = 1) => [
      `/api/shop/customer-orders/${customerId}`,
      `/api/shop/customer-orders/${customerId}/${ownId}`,
      `/api/publicvouchers/customer-vouchers/${customerId}`,
      `/api/publiccomms/customer-comms/${customerId}`,
      `/api/publiccomms/customer-comms/emails/${ownId}/${customerId}`,
    ]

    it('answers 401 without a token, with a token nobody has, and for customer id 0', async () => {
      const stranger = {
        id: 0,
        token: 'f'.repeat(64),
        headers: { authorization: `Bearer ${'f'.repeat(64)}` },
      }
      for (const url of [...routes(laura.id), ...routes(0)]) {
        for (const who of [undefined, stranger]) {
          const res = await get(url, who)
          expect(res.statusCode, url).toBe(401)
          expect(res.json()).toMatchObject({ ok: false, code: 'unauthorized', errorMsg: expect.any(String) })
        }
      }
      for (const url of routes(0)) expect((await get(url, laura)).statusCode, url).toBe(401)
    })

    it("answers 403 with another customer's token, whatever the other id", async () => {
      const lauraSale = (await ordersOf(laura))[0]!.id
      const lauraEmail = (await ok(`/api/publiccomms/customer-comms/${laura.id}`)).model.emails[0].id
      for (const url of [...routes(laura.id, lauraSale), ...routes(laura.id, lauraEmail)]) {
        const res = await get(url, carlos)
        expect(res.statusCode, url).toBe(403)
        expect(res.json()).toMatchObject({ ok: false, code: 'forbidden', errorMsg: expect.any(String) })
        expect(res.body).not.toContain('W-2026')
      }
    })

    it('answers 401 once the customer has logged out', async () => {
      const session = await loginAs(t.app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
      expect((await get(`/api/shop/customer-orders/${session.id}`, session)).statusCode).toBe(200)
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/logout',
        headers: session.headers,
      })
      expect(out.statusCode).toBe(200)
      expect((await get(`/api/shop/customer-orders/${session.id}`, session)).statusCode).toBe(401)
      expect((await get(`/api/shop/customer-orders/${laura.id}`, laura)).statusCode).toBe(200)
    })

    it.each(['-1', 'abc', '1.5', '99999999999'])(
      'answers 400 for the id %s of an order or an email',
      async (bad) => {
        for (const url of [
          `/api/shop/customer-orders/${laura.id}/${bad}`,
          `/api/publiccomms/customer-comms/emails/${bad}/${laura.id}`,
        ]) {
          const res = await get(url, laura)
          expect(res.statusCode, url).toBe(400)
          expect(res.json()).toMatchObject({ ok: false, code: 'validation', errorMsg: expect.any(String) })
        }
      },
    )

    it.each(['-1', 'abc', '1.5'])('answers 400 for the customer id %s with a valid token', async (bad) => {
      for (const url of routes(bad)) {
        const res = await get(url, laura)
        expect(res.statusCode, url).toBe(400)
        expect(res.json()).toMatchObject({ ok: false, code: 'validation' })
      }
    })

    it('refuses a customer id too large to exist without reading anything', async () => {
      for (const url of routes('99999999999')) {
        const res = await get(url, laura)
        expect([400, 403], url).toContain(res.statusCode)
        expect(res.json()).toMatchObject({ ok: false })
      }
    })
  })
})
