import { sql } from 'drizzle-orm'
import { PaymentMethodId } from '@clubhouse/contract/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  checkoutBody,
  createCheckoutShop,
  guestCheckoutBody,
  moneyVoucher,
  type CheckoutShop,
} from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import { both } from '../../test/account-fixtures.ts'

/** The cart's way to an order, through the API a browser uses, on the embedded database. */
describe('checkout routes', () => {
  let t: TestApp
  let app: App
  let shop: CheckoutShop
  let ana!: LoggedIn
  let bea!: LoggedIn

  beforeAll(async () => {
    // A centre with no payment provider configured (and no sandbox): only vouchers and totals of 0
    // make orders; a provider's method is refused before anything is written (decision 067).
    t = await buildTestApp('pglite', { env: { PAYMENTS_SANDBOX: 'false' } })
    app = t.app
    shop = await createCheckoutShop(app.services)
    ;[ana, bea] = (await insertLoggedInCustomers(app, 2, 'buyer')) as [LoggedIn, LoggedIn]
  })
  afterAll(() => t.close())
  beforeEach(() => clearRateLimits(app))

  const post = (url: string, payload: unknown, who?: LoggedIn) =>
    app.inject({ method: 'POST', url, payload: payload as object, ...(who ? { headers: who.headers } : {}) })
  const n = async (query: ReturnType<typeof sql>) =>
    Number(((await app.database.db.execute(query)) as unknown as { rows: Array<{ n: string }> }).rows[0]!.n)
  const debt = (customerId: number, cents: number, holdExpiresAt: Date | null = null) =>
    app.services.sales.openSale({
      customerId,
      title: both('Deuda', 'Debt'),
      lines: [{ kind: 0, name: both('Cuota', 'Fee'), unitPriceCents: cents, units: 1 }],
      holdExpiresAt,
    })

  it('shows products with their sizes and whether they are sent', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/shop/get/${shop.shirt}` })
    const product = res.json().data
    expect(product.transportRequired).toBe(true)
    expect(product.variants.map((v: { name: string; stock: number }) => [v.name, v.stock])).toEqual([
      ['M', 3],
      ['L', 0],
    ])
  })

  it('checks stock per product and size', async () => {
    const ok = await post('/api/publicpayments/check-stock', {
      customerId: 0,
      saleItemsDto: [{ productId: shop.racket, units: 2 }],
    })
    expect(ok.statusCode).toBe(200)
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/publicpayments/check-stock',
      headers: { 'accept-language': 'en-US' },
      payload: {
        customerId: 0,
        saleItemsDto: [{ productId: shop.shirt, stockParentId: shop.shirtM, units: 4 }],
      },
    })
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json()).toMatchObject({ ok: false, code: 'out_of_stock' })
    expect(tooMany.json().errorMsg).toBe('Only 3 units are left of Test Shirt (Size M).')
    const noSize = await post('/api/publicpayments/check-stock', {
      customerId: 0,
      saleItemsDto: [{ productId: shop.shirt, units: 1 }],
    })
    expect(noSize.json().code).toBe('variant_required')
    const unknown = await post('/api/publicpayments/check-stock', {
      customerId: 0,
      saleItemsDto: [{ productId: 99999, units: 1 }],
    })
    expect(unknown.statusCode).toBe(422)
    for (const units of [0, 1001, -1, 2.5]) {
      const bad = await post('/api/publicpayments/check-stock', {
        customerId: 0,
        saleItemsDto: [{ productId: shop.racket, units }],
      })
      expect(bad.statusCode, String(units)).toBe(400)
    }
  })

  it('lists the pending sales of the customer only, newest first, without holds that ran out', async () => {
    const first = await debt(ana.id, 1500)
    const second = await debt(ana.id, 2000)
    await debt(ana.id, 900, new Date(Date.now() - 60_000))
    await debt(bea.id, 700)
    const res = await post(`/api/shop/pending-sales/${ana.id}`, {}, ana)
    expect(res.json().data.map((s: { id: number }) => s.id)).toEqual([second.id, first.id])
    expect(res.json().data[0]).toMatchObject({ total: 20, pending: 20, cancelUrl: null })
    expect((await post(`/api/shop/pending-sales/${bea.id}`, {}, ana)).statusCode).toBe(403)
  })

  it('offers payment methods, transports, vouchers and the cart priced from the database', async () => {
    await moneyVoucher(app.services, ana.id, 5000)
    const body = { customerId: ana.id, saleItems: [{ productId: shop.racket, units: 1, subTotal: 0.01 }] }
    const info = (await post('/api/shop/checkout-info-by-customer', body, ana)).json().data
    expect(info.lines[0]).toMatchObject({ unitPrice: 99.95, total: 99.95, taxPercent: 21 })
    expect(info.transports.map((tr: { product: { grossPrice: number } }) => tr.product.grossPrice)).toEqual([
      4.95, 0,
    ])
    expect(
      info.paymentMethods.filter((m: { available: boolean }) => m.available).map((m: { id: number }) => m.id),
    ).toEqual([6])
    expect(info.vouchers[0]).toMatchObject({ paymentMethodId: 6, enough: false })
    const guest = (await post('/api/shop/checkout-info', { customerId: 0, saleItems: body.saleItems })).json()
      .data
    expect(guest.vouchers).toEqual([])
    expect(guest.paymentMethods.some((m: { type: string }) => m.type === 'voucher')).toBe(false)
  })

  it('validates promo codes for this cart', async () => {
    const cart = {
      customerId: ana.id,
      saleItems: [
        { productId: shop.pass, units: 1 },
        { productId: shop.racket, units: 1 },
      ],
    }
    const ask = (code: string) => post('/api/promos/validate', { ...cart, code }, ana)
    expect((await ask('verano10')).json().data).toEqual({ code: 'VERANO10', type: 1, discount: 15 })
    expect((await ask('PASSES20')).json().data.discount).toBe(10)
    expect((await ask('CLUB5')).json().data.discount).toBe(5)
    expect((await ask('NOPE')).json().code).toBe('promo_invalid')
    expect((await ask('INVIERNO25')).json().code).toBe('promo_expired')
    expect((await ask('BIENVENIDA')).json().code).toBe('promo_exhausted')
    const onlyRacket = await post(
      '/api/promos/validate',
      { customerId: ana.id, saleItems: [{ productId: shop.racket, units: 1 }], code: 'PASSES20' },
      ana,
    )
    expect(onlyRacket.json().code).toBe('promo_not_applicable')
  })

  it('makes one paid order with a 100% code, takes the stock and counts the use once', async () => {
    const body = checkoutBody(ana.id, {
      saleItems: [{ productId: shop.shirt, stockParentId: shop.shirtM, units: 2, subTotal: 0 }],
      shopTransportId: shop.pickup,
      promoCode: 'GRATIS100',
    })
    const res = await post('/api/shop/checkout-customer', body, ana)
    expect(res.statusCode).toBe(200)
    const model = res.json().model
    expect(model).toMatchObject({ completed: true, total: 0, customerId: ana.id })
    expect(model.saleNumber).toMatch(/^W-\d{4}-\d{5}$/)
    expect(await n(sql`select stock as n from product_variants where id = ${shop.shirtM}`)).toBe(1)
    const again = await post('/api/shop/checkout-customer', body, ana)
    expect(again.json().model.saleId).toBe(model.saleId)
    expect(await n(sql`select uses_count as n from promos where code = 'GRATIS100'`)).toBe(1)
    const reused = await post('/api/shop/checkout-customer', { ...body, promoCode: 'VERANO10' }, ana)
    expect(reused.json().code).toBe('cart_reused')
    const orders = (
      await app.inject({
        method: 'GET',
        url: `/api/shop/customer-orders/${ana.id}`,
        headers: { ...ana.headers, 'accept-language': 'en-US' },
      })
    ).body
    expect(orders).toContain('Test Shirt (Size M)')
  })

  it('pays a debt and products with a money voucher, within its balance', async () => {
    const voucher = await moneyVoucher(app.services, bea.id, 20000)
    const owed = await debt(bea.id, 3000)
    const body = checkoutBody(bea.id, {
      saleItems: [{ productId: shop.pass, units: 1 }],
      saleIds: [owed.id],
      paymentMethodId: PaymentMethodId.MoneyVoucher,
      voucherId: voucher,
    })
    const res = await post('/api/shop/checkout-customer', body, bea)
    expect(res.json().model, res.body).toMatchObject({ completed: true, total: 80 })
    expect(await n(sql`select balance as n from vouchers where id = ${voucher}`)).toBe(12000)
    expect(await n(sql`select count(*) as n from sales where id = ${owed.id} and status = 'paid'`)).toBe(1)
    const mails = await n(
      sql`select count(*) as n from communications where customer_id = ${bea.id} and subject like 'Tu pedido%'`,
    )
    expect(mails).toBe(1)
  })

  it('refuses bad checkouts with a clear 4xx and changes nothing', async () => {
    const voucher = await moneyVoucher(app.services, ana.id, 100)
    const beaVoucher = await moneyVoucher(app.services, bea.id, 100000)
    const paid = await debt(ana.id, 1000)
    await app.services.sales.paySale(paid.id, { paymentMethodId: null })
    const expired = await debt(ana.id, 1000, new Date(Date.now() - 1000))
    const beaDebt = await debt(bea.id, 1000)
    const racket = [{ productId: shop.racket, units: 1 }]
    const cases: Array<[string, Record<string, unknown>, number, string, LoggedIn | undefined, string?]> = [
      ['empty', {}, 422, 'empty_cart', ana],
      ['unknown product', { saleItems: [{ productId: 424242, units: 1 }] }, 422, 'unknown_product', ana],
      [
        'too many',
        { saleItems: [{ productId: shop.racket, units: 3 }], shopTransportId: shop.courier },
        409,
        'out_of_stock',
        ana,
      ],
      ["another customer's sale", { saleIds: [beaDebt.id] }, 404, 'not_found', ana],
      ['a paid sale', { saleIds: [paid.id] }, 409, 'sale_not_payable', ana],
      ['an expired hold', { saleIds: [expired.id] }, 422, 'hold_expired', ana],
      ['no transport', { saleItems: racket }, 422, 'transport_required', ana],
      [
        'no method',
        { saleItems: racket, shopTransportId: shop.courier },
        422,
        'payment_method_required',
        ana,
      ],
      [
        'a card',
        { saleItems: racket, shopTransportId: shop.courier, paymentMethodId: 14 },
        422,
        'payment_unavailable',
        ana,
      ],
      [
        "another's voucher",
        { saleItems: racket, shopTransportId: shop.courier, paymentMethodId: 6, voucherId: beaVoucher },
        422,
        'voucher_not_usable',
        ana,
      ],
      [
        'a short voucher',
        { saleItems: racket, shopTransportId: shop.courier, paymentMethodId: 6, voucherId: voucher },
        422,
        'voucher_insufficient',
        ana,
      ],
      [
        'an expired promo',
        { saleItems: racket, shopTransportId: shop.courier, promoCode: 'INVIERNO25' },
        422,
        'promo_expired',
        ana,
      ],
      [
        'no address',
        { saleItems: racket, shopTransportId: shop.courier, customer: { city: '' } },
        422,
        'validation',
        ana,
        'city',
      ],
      [
        'conditions',
        { saleItems: [{ productId: shop.pass, units: 1 }], customer: { acceptConditions: false } },
        422,
        'conditions_required',
        undefined,
      ],
      [
        'guest passwords',
        { saleItems: [{ productId: shop.pass, units: 1 }], customer: { password2: 'Other-Horse-42' } },
        422,
        'password_mismatch',
        undefined,
      ],
      [
        'guest email taken',
        { saleItems: [{ productId: shop.pass, units: 1 }], customer: { email: 'buyer1@example.com' } },
        409,
        'login_required',
        undefined,
      ],
      [
        'guest details',
        { saleItems: [{ productId: shop.pass, units: 1 }], customer: { phone: '' } },
        422,
        'validation',
        undefined,
        'phone',
      ],
    ]
    for (const [label, more, status, code, who, field] of cases) {
      const before = await snapshotTables(app)
      const body = checkoutBody(who ? who.id : 0, { grossPrice: 0, total: 0, ...more })
      const res = await post(who ? '/api/shop/checkout-customer' : '/api/shop/checkout', body, who)
      expect([res.statusCode, res.json().code], label).toEqual([status, code])
      expect(res.json().errorMsg, label).toBeTruthy()
      if (field) expect(res.json().errors?.[field], label).toBeTruthy()
      await expectTablesUnchanged(app, before, label)
    }
  })

  it('opens a guest account with the order', async () => {
    const body = guestCheckoutBody('new.guest@example.com', {
      saleItems: [{ productId: shop.racket, units: 1 }],
      shopTransportId: shop.pickup,
      promoCode: 'GRATIS100',
    })
    const res = await post('/api/shop/checkout', body)
    expect(res.json().model, res.body).toMatchObject({ completed: true, total: 0 })
    const id = res.json().model.customerId
    expect(await n(sql`select count(*) as n from sales where customer_id = ${id} and status = 'paid'`)).toBe(
      1,
    )
    expect(await n(sql`select count(*) as n from customers where id = ${id} and activated_at is null`)).toBe(
      1,
    )
  })

  it('asks a guest with the email of an account to log in, saying nothing of that account or its orders', async () => {
    // Ana's order, made with her token.
    const cart = { saleItems: [{ productId: shop.pass, units: 1 }], promoCode: 'GRATIS100' }
    const hers = checkoutBody(ana.id, cart)
    const order = (await post('/api/shop/checkout-customer', hers, ana)).json().model
    expect(order).toMatchObject({ completed: true, customerId: ana.id })

    // A guest with her email, her cart and its guid, then with a cart of their own.
    const before = await snapshotTables(app)
    const replay = await post(
      '/api/shop/checkout',
      guestCheckoutBody('buyer1@example.com', { ...cart, guid: hers.guid }),
    )
    const fresh = await post('/api/shop/checkout', guestCheckoutBody('BUYER1@example.com', cart))
    for (const res of [replay, fresh]) {
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        ok: false,
        code: 'login_required',
        errorMsg: 'This email has an account. Log in to buy with it, or use another email.',
        errors: { email: 'Log in to buy with this email, or use another one.' },
      })
      expect(res.body).not.toContain(order.saleNumber)
    }
    await expectTablesUnchanged(app, before)

    const spanish = await app.inject({
      method: 'POST',
      url: '/api/shop/checkout',
      headers: { 'accept-language': 'es-ES' },
      payload: guestCheckoutBody('buyer1@example.com', cart),
    })
    expect(spanish.json()).toMatchObject({
      code: 'login_required',
      errorMsg: 'Este correo tiene una cuenta. Inicia sesión para comprar con él o usa otro correo.',
    })
  })

  it('answers a cart sent again with its order only to the guest who made it', async () => {
    const body = guestCheckoutBody('replay.guest@example.com', {
      saleItems: [{ productId: shop.pass, units: 1 }],
      promoCode: 'GRATIS100',
    })
    const first = (await post('/api/shop/checkout', body)).json().model
    expect(first).toMatchObject({ completed: true, total: 0 })

    // The same guest again (a lost answer, a second click): the same order.
    const again = await post('/api/shop/checkout', body)
    expect(again.json().model).toEqual(first)

    // Someone else with the guest's email, cart and guid, but not the password the guest chose.
    const other = await post('/api/shop/checkout', {
      ...body,
      customer: { ...body.customer, password: 'Other-Horse-42', password2: 'Other-Horse-42' },
    })
    expect(other.statusCode).toBe(409)
    expect(other.json()).toMatchObject({ ok: false, code: 'login_required' })
    expect(other.json().model).toBeUndefined()
    expect(other.body).not.toContain(first.saleNumber)

    // A customer sending that guid buys for themself: their own order, never the guest's.
    const theirs = checkoutBody(bea.id, {
      saleItems: body.saleItems,
      promoCode: 'GRATIS100',
      guid: body.guid,
    })
    const bea2 = await post('/api/shop/checkout-customer', theirs, bea)
    expect(bea2.json().model).toMatchObject({ customerId: bea.id })
    expect(bea2.json().model.saleId).not.toBe(first.saleId)
    expect(await n(sql`select count(*) as n from sales where checkout_guid = ${body.guid}`)).toBe(2)
  })

  it('takes the shipping off with a code that covers it, as the checkout then does', async () => {
    const [bag, balls] = await app.services.shop.createProducts(
      ['Test Bag', 'Test Balls'].map((name, i) => ({
        name: both(name, name),
        description: both(`Descripción ${i}`, `Description ${i}`),
        detail: both('<p>Detalle</p>', '<p>Detail</p>'),
        productTypeId: 1,
        grossPriceCents: 3000 + i * 500,
        taxPercent: 21,
        transportRequired: true,
      })),
    )
    const saleItems = [
      { productId: bag!, units: 1 },
      { productId: balls!, units: 2 },
    ]
    const ask = (code: string, shopTransportId?: number) =>
      post('/api/promos/validate', { customerId: 0, saleItems, code, shopTransportId })
    // 30 + 2 × 35 = 100 €, the courier 4.95 €.
    expect((await ask('GRATIS100', shop.courier)).json().data).toEqual({
      code: 'GRATIS100',
      type: 1,
      discount: 104.95,
    })
    expect((await ask('GRATIS100')).json().data.discount).toBe(100)
    expect((await ask('GRATIS100', shop.pickup)).json().data.discount).toBe(100)
    expect((await ask('VERANO10', shop.courier)).json().data.discount).toBe(10)
    expect((await ask('GRATIS100', 424242)).json().code).toBe('transport_required')

    const body = guestCheckoutBody('courier.guest@example.com', {
      saleItems,
      shopTransportId: shop.courier,
      promoCode: 'GRATIS100',
    })
    const res = await post('/api/shop/checkout', body)
    expect(res.json().model, res.body).toMatchObject({ completed: true, total: 0 })
    const order = res.json().model.saleId
    const [row] = (
      (await app.database.db.execute(
        sql`select status, total_cents, shipping_cents, discount_cents from sales where id = ${order}`,
      )) as unknown as { rows: Array<Record<string, unknown>> }
    ).rows
    expect(row).toEqual({ status: 'paid', total_cents: 0, shipping_cents: 495, discount_cents: 10495 })

    const verano = await post(
      '/api/shop/checkout',
      guestCheckoutBody('verano.guest@example.com', {
        saleItems,
        shopTransportId: shop.courier,
        promoCode: 'VERANO10',
        paymentMethodId: PaymentMethodId.MoneyVoucher,
      }),
    )
    // 100 - 10 + 4.95 left to pay: a guest has no voucher to pay it with.
    expect(verano.json().code).toBe('voucher_not_usable')
  })
})
