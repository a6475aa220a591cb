import { eq } from 'drizzle-orm'
import { PaymentMethodId, SaleItemKind, VoucherKind } from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { both, createTestCustomers, type TestCustomerInput } from '../../test/account-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { createTestProducts } from '../../test/catalogue-fixtures.ts'
import { loginAs, type LoggedIn } from '../../test/customers.ts'
import { saveTestSettings, TEST_MAIN_SETTINGS } from '../../test/settings-fixtures.ts'
import { communications } from '../comms/comms.tables.ts'
import { sales } from '../sales/sales.tables.ts'

interface OrderSummary {
  id: number
  date: string
  total: number
  online: boolean
  paymentMethod: string
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

const MAIN_LOGO = TEST_MAIN_SETTINGS.mainlogo
const at = (iso: string) => new Date(`${iso}:00.000Z`)
const SHOP_ORDER = both('Pedido de la tienda', 'Shop order')
const BOOKING = both('Reserva de pista', 'Court booking')

/**
 * Ana, with a history on every account page (orders of articles and services, a desk sale, a
 * discount, a pending and a cancelled sale; vouchers of each kind, active and not; mails and SMS),
 * and Bruno, with a little of everything, so that reading his with Ana's token has something to find.
 */
function customers(p: { racket: number; balls: number; towel: number }): TestCustomerInput[] {
  const article = (productId: number, units: number) => ({ kind: SaleItemKind.Article, productId, units })
  const service = (name: [string, string], cents: number) => ({
    kind: SaleItemKind.Service,
    name: both(...name),
    unitPriceCents: cents,
    units: 1,
  })
  return [
    {
      email: 'ana@example.com',
      name: 'Ana',
      sales: [
        {
          saleNumber: 'T-2026-00001',
          title: SHOP_ORDER,
          status: 'paid',
          online: true,
          paymentMethodId: PaymentMethodId.CardAuthorize,
          createdAt: at('2026-06-05T17:45'),
          shippingCents: 395,
          items: [article(p.towel, 1)],
        },
        {
          saleNumber: 'T-2026-00002',
          title: BOOKING,
          status: 'paid',
          online: true,
          paymentMethodId: PaymentMethodId.MoneyVoucher,
          createdAt: at('2026-07-18T17:00'),
          items: [service(['Pádel 60 min — Pista 1', 'Padel 60 min — Court 1'], 1800)],
        },
        {
          saleNumber: 'T-2026-00003',
          title: SHOP_ORDER,
          status: 'paid',
          online: true,
          paymentMethodId: PaymentMethodId.CardTokenizer,
          createdAt: at('2026-08-30T12:15'),
          discountCents: 1999,
          items: [article(p.racket, 2)],
        },
        {
          saleNumber: 'T-2026-00004',
          title: both('Bono de clases', 'Class pack'),
          status: 'paid',
          online: true,
          paymentMethodId: PaymentMethodId.Wallet,
          createdAt: at('2026-09-22T09:30'),
          items: [
            {
              kind: SaleItemKind.VoucherCampaign,
              name: both('Bono 10 clases', '10-Class Pass'),
              unitPriceCents: 15000,
              units: 1,
              image: 'test/products/pass.svg',
            },
          ],
        },
        {
          saleNumber: 'D-2026-00005',
          title: both('Venta en recepción', 'Sale at the desk'),
          status: 'paid',
          online: false,
          paymentMethodId: null,
          createdAt: at('2026-10-10T19:40'),
          items: [article(p.towel, 1), article(p.balls, 1)],
        },
        {
          saleNumber: 'T-2026-00006',
          title: SHOP_ORDER,
          status: 'paid',
          online: true,
          paymentMethodId: PaymentMethodId.BankCardRedirect,
          createdAt: at('2026-10-28T10:05'),
          shippingCents: 495,
          items: [article(p.balls, 3), article(p.towel, 2), article(p.racket, 1)],
        },
        {
          saleNumber: 'T-2026-00007',
          title: SHOP_ORDER,
          status: 'cancelled',
          online: true,
          paymentMethodId: null,
          createdAt: at('2026-11-01T21:10'),
          items: [article(p.racket, 1)],
        },
        {
          saleNumber: 'T-2026-00008',
          title: BOOKING,
          status: 'paid',
          online: true,
          paymentMethodId: PaymentMethodId.CardPaymentIntent,
          createdAt: at('2026-11-14T18:20'),
          items: [service(['Pádel 90 min — Pista 2', 'Padel 90 min — Court 2'], 2700)],
        },
        {
          saleNumber: 'T-2026-00009',
          title: BOOKING,
          status: 'pending',
          online: true,
          paymentMethodId: null,
          createdAt: at('2026-11-20T08:00'),
          items: [service(['Pádel 90 min — Pista 4', 'Padel 90 min — Court 4'], 2700)],
        },
      ],
      vouchers: [
        {
          kind: VoucherKind.Money,
          description: both('Monedero', 'Wallet'),
          active: true,
          expiresAt: null,
          createdAt: at('2026-05-20T10:00'),
          movements: [
            {
              amount: 10000,
              concept: both('Recarga en recepción', 'Top-up at the desk'),
              createdAt: at('2026-05-20T10:00'),
            },
            {
              amount: -1800,
              concept: both('Pádel 60 min — Pista 1', 'Padel 60 min — Court 1'),
              createdAt: at('2026-07-18T17:00'),
              saleNumber: 'T-2026-00002',
            },
            {
              amount: 5000,
              concept: both('Recarga online', 'Online top-up'),
              createdAt: at('2026-09-01T12:00'),
            },
            {
              amount: -900,
              concept: both('Clase suelta', 'Drop-in class'),
              createdAt: at('2026-10-01T18:00'),
            },
          ],
        },
        {
          kind: VoucherKind.Sessions,
          description: both('Bono 10 clases', '10-class pass'),
          active: true,
          expiresAt: new Date('2028-09-22T21:59:00.000Z'),
          createdAt: at('2026-09-22T09:30'),
          movements: [
            {
              amount: 10,
              concept: both('Compra del bono', 'Pass bought'),
              createdAt: at('2026-09-22T09:30'),
            },
            {
              amount: -1,
              concept: both('Clase del martes', 'Tuesday class'),
              createdAt: at('2026-10-06T19:00'),
            },
            {
              amount: -1,
              concept: both('Clase del jueves', 'Thursday class'),
              createdAt: at('2026-10-08T19:00'),
            },
          ],
        },
        {
          kind: VoucherKind.Hours,
          description: both('Bono 10 horas de gimnasio', 'Gym 10-hour pass'),
          // Switched off by the centre: listed as inactive whatever its balance.
          active: false,
          expiresAt: null,
          createdAt: at('2025-01-10T10:00'),
          movements: [
            {
              amount: 600,
              concept: both('Compra del bono', 'Pass bought'),
              createdAt: at('2025-01-10T10:00'),
            },
            { amount: -150, concept: both('Gimnasio', 'Gym'), createdAt: at('2025-02-01T10:00') },
          ],
        },
        {
          kind: VoucherKind.Sessions,
          description: both('Bono 5 pistas', 'Court pack, 5 bookings'),
          active: true,
          expiresAt: new Date('2026-03-31T21:59:00.000Z'),
          createdAt: at('2026-02-01T10:00'),
          movements: [
            { amount: 5, concept: both('Compra del bono', 'Pack bought'), createdAt: at('2026-02-01T10:00') },
            { amount: -3, concept: both('Reservas', 'Bookings'), createdAt: at('2026-03-01T10:00') },
          ],
        },
      ],
      communications: [
        {
          channel: 'email',
          subject: 'Bienvenida a Centro Prueba',
          body: '<h2>¡Hola, Ana!</h2>\n<p>Tu cuenta está activa.</p>',
          createdAt: at('2026-05-20T10:05'),
        },
        {
          channel: 'email',
          subject: 'Recibo de tu pedido T-2026-00006',
          body: [
            '<h2>Gracias por tu pedido</h2>',
            '<table>',
            '<tbody><tr><td>Bote de pelotas</td><td>3</td><td>17,85 €</td></tr></tbody>',
            '<tfoot><tr><td colspan="2"><strong>Total</strong></td><td><strong>147,75 €</strong></td></tr></tfoot>',
            '</table>',
          ].join('\n'),
          createdAt: at('2026-10-28T10:06'),
        },
        {
          channel: 'email',
          subject: 'Reserva confirmada: Pádel 90 min — Pista 2',
          body: '<p>Te esperamos en la Pista 2.</p>',
          createdAt: at('2026-11-14T18:21'),
        },
        {
          channel: 'sms',
          body: 'Centro Prueba: tu clase empieza a las 19:00.',
          createdAt: at('2026-10-06T17:00'),
        },
        {
          channel: 'sms',
          body: 'Centro Prueba: tu reserva en la Pista 2 empieza hoy a las 19:30.',
          createdAt: at('2026-11-15T16:30'),
        },
      ],
    },
    {
      email: 'bruno@example.com',
      name: 'Bruno',
      sales: [
        {
          saleNumber: 'T-2026-00010',
          title: SHOP_ORDER,
          status: 'paid',
          online: true,
          paymentMethodId: PaymentMethodId.BankCardRedirect,
          createdAt: at('2026-11-09T12:00'),
          items: [article(p.balls, 1)],
        },
      ],
      vouchers: [
        {
          kind: VoucherKind.Money,
          description: both('Monedero', 'Wallet'),
          active: true,
          expiresAt: null,
          createdAt: at('2026-09-15T08:00'),
          movements: [{ amount: 3200, concept: both('Regalo', 'Gift'), createdAt: at('2026-09-15T08:00') }],
        },
      ],
      communications: [
        {
          channel: 'email',
          subject: 'Bienvenido, Bruno',
          body: '<p>Hola.</p>',
          createdAt: at('2026-09-15T08:05'),
        },
        { channel: 'sms', body: 'Centro Prueba: tu reserva empieza hoy.', createdAt: at('2026-11-09T16:00') },
      ],
    },
  ]
}

describe.each(testDatabaseKinds())('account pages of a logged-in customer on %s', (kind) => {
  let t: TestApp
  let ana: LoggedIn
  let bruno: LoggedIn
  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    const products = await createTestProducts(t.app.services)
    const [a, b] = await createTestCustomers(t.app.services, customers(products))
    ana = await loginAs(t.app, a!.email, a!.password)
    bruno = await loginAs(t.app, b!.email, b!.password)
  })
  afterAll(() => t.close())

  const get = (url: string, who: LoggedIn | undefined, language = 'en-US') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': language, ...(who ? who.headers : {}) },
    })
  const ok = async (url: string, who: LoggedIn = ana, language = 'en-US') => {
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
      const orders = await ordersOf(ana)
      expect(orders.map((o) => o.number)).toEqual([
        'T-2026-00008',
        'T-2026-00006',
        'D-2026-00005',
        'T-2026-00004',
        'T-2026-00003',
        'T-2026-00002',
        'T-2026-00001',
      ])
      const dates = orders.map((o) => Date.parse(o.date))
      expect(dates).toEqual([...dates].sort((a, b) => b - a))
      expect(orders[0]!.date).toBe('2026-11-14T18:20:00.000Z')
    })

    it('gives each order its total, whether it was paid online, and its lines', async () => {
      const shopOrder = await byNumber(ana, 'T-2026-00006')
      expect(shopOrder).toMatchObject({ total: 147.75, online: true })
      expect(shopOrder.items.map((i) => i.name)).toEqual(['Ball Tube', 'Towel', 'Test Racket'])
      for (const item of shopOrder.items) {
        expect(item.category).toBe(1)
        expect(item.productId).toEqual(expect.any(Number))
        expect(item.logo).toMatch(/^\/uploads\/test\/products\/.+\.svg$/)
      }
      const desk = await byNumber(ana, 'D-2026-00005')
      expect(desk).toMatchObject({ online: false, total: 18.45 })
    })

    it("says how each order was paid, in the request's language", async () => {
      expect((await byNumber(ana, 'T-2026-00006')).paymentMethod).toBe('Card (Redsys)')
      expect((await byNumber(ana, 'T-2026-00002')).paymentMethod).toBe('Money voucher')
      expect((await byNumber(ana, 'D-2026-00005')).paymentMethod).toBe("At the centre's desk")
      const spanish = (await ok(`/api/shop/customer-orders/${ana.id}`, ana, 'es-ES')).model as OrderSummary[]
      expect(spanish.find((o) => o.number === 'D-2026-00005')!.paymentMethod).toBe('En recepción')
    })

    it('links articles to their product page and gives services no product, with the main logo', async () => {
      const [booking] = (await byNumber(ana, 'T-2026-00008')).items
      expect(booking).toEqual({
        name: 'Padel 90 min — Court 2',
        logo: MAIN_LOGO,
        productId: null,
        category: 0,
      })
      const [pack] = (await byNumber(ana, 'T-2026-00004')).items
      expect(pack).toMatchObject({ productId: null, category: 3 })
      const product = await ok(`/api/shop/get/${(await byNumber(ana, 'T-2026-00006')).items[0]!.productId}`)
      expect(product.data.name).toBe('Ball Tube')
    })

    it("answers the lines' names in the request's language", async () => {
      const orders = (await ok(`/api/shop/customer-orders/${ana.id}`, ana, 'es-ES')).model as OrderSummary[]
      expect(orders[0]!.items[0]!.name).toBe('Pádel 90 min — Pista 2')
      expect(orders.find((o) => o.number === 'T-2026-00006')!.items[0]!.name).toBe('Bote de pelotas')
    })

    it('shows another customer only their own orders', async () => {
      expect((await ordersOf(bruno)).map((o) => o.number)).toEqual(['T-2026-00010'])
    })

    it('is kept out of shared caches', async () => {
      const res = await get(`/api/shop/customer-orders/${ana.id}`, ana)
      expect(res.headers['cache-control']).toBe('private, no-store')
    })
  })

  describe('order detail', () => {
    it('answers the lines with price, units and total, and the totals of the order', async () => {
      const { id } = await byNumber(ana, 'T-2026-00006')
      const { ok: isOk, model } = await ok(`/api/shop/customer-orders/${ana.id}/${id}`)
      expect(isOk).toBe(true)
      expect(model).toMatchObject({
        id,
        number: 'T-2026-00006',
        paymentMethod: 'Card (Redsys)',
        date: '2026-10-28T10:05:00.000Z',
        subTotal: 142.8,
        shipping: 4.95,
        discount: 0,
        total: 147.75,
      })
      expect(
        model.items.map((i: { price: number; units: number; total: number }) => [i.price, i.units, i.total]),
      ).toEqual([
        [5.95, 3, 17.85],
        [12.5, 2, 25],
        [99.95, 1, 99.95],
      ])
      expect(model.items[0].productId).toEqual(expect.any(Number))
    })

    it('says whether anything was shipped: articles are, a booking or a class pack is not', async () => {
      const detailOf = async (number: string) =>
        (await ok(`/api/shop/customer-orders/${ana.id}/${(await byNumber(ana, number)).id}`)).model
      expect(await detailOf('T-2026-00006')).toMatchObject({ shipped: true, shipping: 4.95 })
      expect(await detailOf('T-2026-00003')).toMatchObject({ shipped: true, shipping: 0 })
      expect(await detailOf('T-2026-00008')).toMatchObject({ shipped: false, shipping: 0 })
      expect(await detailOf('T-2026-00004')).toMatchObject({ shipped: false, shipping: 0 })
    })

    it('answers a discount and free shipping as they were charged', async () => {
      const { id } = await byNumber(ana, 'T-2026-00003')
      const { model } = await ok(`/api/shop/customer-orders/${ana.id}/${id}`)
      expect(model).toMatchObject({ subTotal: 199.9, shipping: 0, discount: 19.99, total: 179.91 })
      expect(model.paymentMethod).toBe('Card (NetPay)')
    })

    it("names the payment method in the request's language, and the desk when paid there", async () => {
      const desk = await byNumber(ana, 'D-2026-00005')
      expect((await ok(`/api/shop/customer-orders/${ana.id}/${desk.id}`)).model.paymentMethod).toBe(
        "At the centre's desk",
      )
      expect(
        (await ok(`/api/shop/customer-orders/${ana.id}/${desk.id}`, ana, 'es-ES')).model.paymentMethod,
      ).toBe('En recepción')
      const voucherPaid = await byNumber(ana, 'T-2026-00002')
      const detail = (await ok(`/api/shop/customer-orders/${ana.id}/${voucherPaid.id}`, ana, 'es-ES')).model
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
      ["another customer's order", 'T-2026-00010'],
      ['a pending sale', 'T-2026-00009'],
      ['a cancelled sale', 'T-2026-00007'],
    ])('answers 404 "Order not found" for %s', async (_name, number) => {
      const res = await get(`/api/shop/customer-orders/${ana.id}/${await saleIdOf(number)}`, ana)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ ok: false, code: 'not_found', errorMsg: 'Order not found' })
    })

    it('answers 404 for an id no sale has, the same as for a sale of someone else', async () => {
      const res = await get(`/api/shop/customer-orders/${ana.id}/987654`, ana)
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
      const { active, inactive } = await vouchersOf(ana)
      expect(active.map((v) => v.description)).toEqual(['10-class pass', 'Wallet'])
      expect(inactive.map((v) => v.description)).toEqual(['Court pack, 5 bookings', 'Gym 10-hour pass'])
      const expired = inactive[0]!
      expect(Date.parse(expired.expires!)).toBeLessThan(Date.now())
      expect(expired.balance).toBe(2)
    })

    it('answers balances in euros, sessions and hours', async () => {
      const { active, inactive } = await vouchersOf(ana)
      const [classes, wallet] = active
      expect(wallet).toMatchObject({ kind: 0, balance: 123, expires: null })
      expect(classes).toMatchObject({ kind: 1, balance: 8, expires: '2028-09-22T21:59:00.000Z' })
      expect(inactive[1]).toMatchObject({ kind: 2, balance: 7.5 })
    })

    it('lists the movements newest first, spends negative, each from the previous amount', async () => {
      const { active } = await vouchersOf(ana)
      const wallet = active[1]!
      expect(wallet.movements.map((m) => [m.amount, m.previousAmount, m.current])).toEqual([
        [-9, 132, 123],
        [50, 82, 132],
        [-18, 100, 82],
        [100, 0, 100],
      ])
      expect(wallet.movements[2]!.concept).toBe('Padel 60 min — Court 1')
      const created = wallet.movements.map((m) => Date.parse(m.created))
      expect(created).toEqual([...created].sort((a, b) => b - a))
    })

    it('keeps every balance equal to the sum of its movements', async () => {
      const { active, inactive } = await vouchersOf(ana)
      for (const v of [...active, ...inactive]) {
        const sum = v.movements.reduce((s, m) => s + Math.round(m.amount * 100), 0) / 100
        expect(sum, v.description).toBe(v.balance)
        expect(v.movements[0]!.current, v.description).toBe(v.balance)
      }
    })

    it("answers descriptions and concepts in the request's language", async () => {
      const { active } = await vouchersOf(ana, 'es-ES')
      expect(active[1]!.description).toBe('Monedero')
      expect(active[1]!.movements.at(-1)!.concept).toBe('Recarga en recepción')
    })

    it('shows another customer only their own vouchers', async () => {
      const { active, inactive } = await vouchersOf(bruno)
      expect(active.map((v) => v.balance)).toEqual([32])
      expect(inactive).toEqual([])
    })
  })

  describe('communications', () => {
    it('lists the emails (subjects) and SMS (texts) sent to the customer, newest first', async () => {
      const { model } = await ok(`/api/publiccomms/customer-comms/${ana.id}`)
      expect(model.emails.map((e: { subject: string }) => e.subject)).toEqual([
        'Reserva confirmada: Pádel 90 min — Pista 2',
        'Recibo de tu pedido T-2026-00006',
        'Bienvenida a Centro Prueba',
      ])
      expect(model.emails[0]).toEqual({
        id: expect.any(Number),
        subject: 'Reserva confirmada: Pádel 90 min — Pista 2',
        created: '2026-11-14T18:21:00.000Z',
      })
      expect(model.smss).toHaveLength(2)
      expect(model.smss[0]).toEqual({
        id: expect.any(Number),
        body: 'Centro Prueba: tu reserva en la Pista 2 empieza hoy a las 19:30.',
        created: '2026-11-15T16:30:00.000Z',
      })
    })

    it('answers one email itself, with its HTML', async () => {
      const { model } = await ok(`/api/publiccomms/customer-comms/${ana.id}`)
      const receipt = model.emails.find((e: { subject: string }) => e.subject.startsWith('Recibo'))
      const email = await ok(`/api/publiccomms/customer-comms/emails/${receipt.id}/${ana.id}`)
      expect(email).toMatchObject({ id: receipt.id, subject: 'Recibo de tu pedido T-2026-00006' })
      expect(email.created).toBe(receipt.created)
      expect(email.body).toContain('<table>')
      expect(email.body).toContain('<strong>147,75 €</strong>')
    })

    it('sanitises an email body before serving it', async () => {
      const [row] = await t.app.database.db
        .insert(communications)
        .values({
          customerId: ana.id,
          channel: 'email',
          toAddress: 'ana@example.com',
          subject: 'Oferta',
          body: '<p onclick="steal()">Hola</p><script>steal()</script><a href="javascript:steal()">x</a>',
          status: 'sent',
          createdAt: new Date('2026-01-01T00:00:00Z'),
        })
        .returning({ id: communications.id })
      try {
        const email = await ok(`/api/publiccomms/customer-comms/emails/${row!.id}/${ana.id}`)
        expect(email.body).toBe('<p>Hola</p><a>x</a>')
      } finally {
        await t.app.database.db.delete(communications).where(eq(communications.id, row!.id))
      }
    })

    it("answers 404 for another customer's email, an SMS, or an unknown id", async () => {
      const brunoComms = (await ok(`/api/publiccomms/customer-comms/${bruno.id}`, bruno)).model
      const anaComms = (await ok(`/api/publiccomms/customer-comms/${ana.id}`)).model
      for (const id of [brunoComms.emails[0].id, anaComms.smss[0].id, 987654]) {
        const res = await get(`/api/publiccomms/customer-comms/emails/${id}/${ana.id}`, ana)
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
      for (const url of [...routes(ana.id), ...routes(0)]) {
        for (const who of [undefined, stranger]) {
          const res = await get(url, who)
          expect(res.statusCode, url).toBe(401)
          expect(res.json()).toMatchObject({ ok: false, code: 'unauthorized', errorMsg: expect.any(String) })
        }
      }
      for (const url of routes(0)) expect((await get(url, ana)).statusCode, url).toBe(401)
    })

    it("answers 403 with another customer's token, whatever the other id", async () => {
      const anaSale = (await ordersOf(ana))[0]!.id
      const anaEmail = (await ok(`/api/publiccomms/customer-comms/${ana.id}`)).model.emails[0].id
      for (const url of [...routes(ana.id, anaSale), ...routes(ana.id, anaEmail)]) {
        const res = await get(url, bruno)
        expect(res.statusCode, url).toBe(403)
        expect(res.json()).toMatchObject({ ok: false, code: 'forbidden', errorMsg: expect.any(String) })
        expect(res.body).not.toContain('T-2026')
      }
    })

    it('answers 401 once the customer has logged out', async () => {
      const session = await loginAs(t.app, 'ana@example.com', 'Test-Pass-2026')
      expect((await get(`/api/shop/customer-orders/${session.id}`, session)).statusCode).toBe(200)
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/logout',
        headers: session.headers,
      })
      expect(out.statusCode).toBe(200)
      expect((await get(`/api/shop/customer-orders/${session.id}`, session)).statusCode).toBe(401)
      expect((await get(`/api/shop/customer-orders/${ana.id}`, ana)).statusCode).toBe(200)
    })

    it.each(['-1', 'abc', '1.5', '99999999999'])(
      'answers 400 for the id %s of an order or an email',
      async (bad) => {
        for (const url of [
          `/api/shop/customer-orders/${ana.id}/${bad}`,
          `/api/publiccomms/customer-comms/emails/${bad}/${ana.id}`,
        ]) {
          const res = await get(url, ana)
          expect(res.statusCode, url).toBe(400)
          expect(res.json()).toMatchObject({ ok: false, code: 'validation', errorMsg: expect.any(String) })
        }
      },
    )

    it.each(['-1', 'abc', '1.5'])('answers 400 for the customer id %s with a valid token', async (bad) => {
      for (const url of routes(bad)) {
        const res = await get(url, ana)
        expect(res.statusCode, url).toBe(400)
        expect(res.json()).toMatchObject({ ok: false, code: 'validation' })
      }
    })

    it('refuses a customer id too large to exist', async () => {
      for (const url of routes('99999999999')) {
        const res = await get(url, ana)
        expect([400, 403], url).toContain(res.statusCode)
        expect(res.json()).toMatchObject({ ok: false })
      }
    })
  })
})
