import { sql } from 'drizzle-orm'
import { PaymentMethodId } from '@clubhouse/contract/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { testDatabaseKinds } from '../../test/build-test-app.ts'
import { checkoutBody, createCheckoutShop, type CheckoutShop } from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { listeningAppWithRedsys, payAtRedsys } from '../../test/payment-fixtures.ts'

/**
 * Paying a shop order by bank card through Redsys (method 1), end to end: the checkout places the
 * order and answers the signed form; the customer pays on Redsys's page (the local fake, as the real
 * one is reached); Redsys's signed notification settles the order once. The app listens on a real
 * port, as Redsys must reach it.
 */
describe.each(testDatabaseKinds())('paying by Redsys on %s', (kind) => {
  let t: Awaited<ReturnType<typeof listeningAppWithRedsys>>
  let app: App
  let shop: CheckoutShop
  let redsys: typeof t.redsys
  let ana!: LoggedIn
  let bea!: LoggedIn

  beforeAll(async () => {
    t = await listeningAppWithRedsys(kind)
    ;({ app, redsys } = t)
    shop = await createCheckoutShop(app.services)
    ;[ana, bea] = (await insertLoggedInCustomers(app, 2, 'card')) as [LoggedIn, LoggedIn]
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    redsys.fake.control.decline = false
    redsys.fake.control.duplicate = false
    redsys.fake.control.tamper = false
    redsys.fake.control.notify = true
    await clearRateLimits(app)
  })

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows
  const stockOf = async (id: number) =>
    Number((await rows<{ stock: number }>(sql`select stock from products where id = ${id}`))[0]!.stock)
  const orderMails = async (customerId: number) =>
    Number(
      (
        await rows<{ n: string }>(
          sql`select count(*) as n from communications where customer_id = ${customerId} and subject ~* '(order|pedido)'`,
        )
      )[0]!.n,
    )
  const checkout = (who: LoggedIn, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/shop/checkout-customer',
      headers: who.headers,
      payload: checkoutBody(who.id, { paymentMethodId: PaymentMethodId.BankCardRedirect, ...body }),
    })

  it('places the order, pays it at Redsys and settles it once from the signed notification', async () => {
    const before = await stockOf(shop.pass)
    const res = await checkout(ana, {
      saleItems: [{ productId: shop.pass, units: 1 }],
      customer: { email: 'card1@example.com' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const model = res.json().model
    expect(model.completed).toBe(false)
    expect(model.redsysData.url).toBe(`${redsys.url}/sis/realizarPago`)
    expect(model.redsysData.data.ds_SignatureVersion).toBe('HMAC_SHA256_V1')

    // Placed, not paid: the order waits for its payment.
    const [order] = await rows<{ status: string }>(sql`select status from sales where id = ${model.saleId}`)
    expect(order!.status).toBe('pending')
    const status = await app.inject({ url: `/api/payments/status/${model.paymentReference}` })
    expect(status.json()).toMatchObject({ ok: false, retry: true })

    const back = await payAtRedsys(model.redsysData, 'pay')
    expect(back.location).toContain('/cz/ok')
    const [paid] = await rows<{ status: string; payment_method_id: number }>(
      sql`select status, payment_method_id from sales where id = ${model.saleId}`,
    )
    expect(paid).toMatchObject({ status: 'paid', payment_method_id: PaymentMethodId.BankCardRedirect })
    // Pass counts no stock; the order mail went once.
    expect(await stockOf(shop.pass)).toBe(before)
    expect(await orderMails(ana.id)).toBe(1)
    const after = await app.inject({ url: `/api/payments/status/${model.paymentReference}` })
    expect(after.json()).toMatchObject({ ok: true, retry: false, orderNumber: model.saleNumber })

    // The same notification again changes nothing.
    const sent = redsys.fake.notifications.at(-1)!
    const again = await app.inject({
      method: 'POST',
      url: '/api/redsys/notification',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(sent.form).toString(),
    })
    expect(sent.status).toBe(200)
    expect(again.statusCode).toBe(200)
    expect(await orderMails(ana.id)).toBe(1)
  })

  it('settles once when Redsys sends the notification twice', async () => {
    redsys.fake.control.duplicate = true
    const res = await checkout(bea, {
      saleItems: [{ productId: shop.racket, units: 1 }],
      shopTransportId: shop.pickup,
      customer: { email: 'card2@example.com' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const stock = await stockOf(shop.racket)
    await payAtRedsys(res.json().model.redsysData, 'pay')
    expect(await stockOf(shop.racket)).toBe(stock)
    expect(await orderMails(bea.id)).toBe(1)
    const events = await rows<{ kind: string }>(
      sql`select e.kind from payment_events e join payments p on p.id = e.payment_id
          where p.reference = ${res.json().model.paymentReference} and e.kind = 'settled'`,
    )
    expect(events).toHaveLength(1)
  })

  it('refuses a tampered notification and settles nothing; a decline keeps the cart to pay again', async () => {
    redsys.fake.control.tamper = true
    const body = { saleItems: [{ productId: shop.pass, units: 2 }], customer: { email: 'card1@example.com' } }
    const first = await checkout(ana, body)
    const model = first.json().model
    await payAtRedsys(model.redsysData, 'pay')
    expect(redsys.fake.notifications.at(-1)!.status).toBe(400)
    const [still] = await rows<{ status: string }>(sql`select status from sales where id = ${model.saleId}`)
    expect(still!.status).toBe('pending')

    // Declined: the same cart (same guid), paid again, is the same order and is paid once.
    redsys.fake.control.tamper = false
    redsys.fake.control.decline = true
    const guid = `cart-retry-${kind}`
    const declined = await checkout(ana, { ...body, guid })
    const back = await payAtRedsys(declined.json().model.redsysData, 'pay')
    expect(back.location).toContain('/cz/ko')
    const failed = await app.inject({ url: `/api/payments/status/${declined.json().model.paymentReference}` })
    expect(failed.json()).toMatchObject({ ok: false, retry: false })

    redsys.fake.control.decline = false
    const retry = await checkout(ana, { ...body, guid })
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json().model.saleId).toBe(declined.json().model.saleId)
    expect(retry.json().model.paymentReference).not.toBe(declined.json().model.paymentReference)
    await payAtRedsys(retry.json().model.redsysData, 'pay')
    const [paid] = await rows<{ status: string }>(
      sql`select status from sales where id = ${declined.json().model.saleId}`,
    )
    expect(paid!.status).toBe('paid')
    const orders = await rows<{ n: string }>(
      sql`select count(*) as n from sales where customer_id = ${ana.id} and checkout_guid = ${guid}`,
    )
    expect(Number(orders[0]!.n)).toBe(1)
  })

  it('keeps the card typed on Redsys’s page for card on file, captures it, and pays the next order with it', async () => {
    const [carla] = (await insertLoggedInCustomers(app, 1, 'cof')) as [LoggedIn]
    const first = await checkout(carla, {
      paymentMethodId: PaymentMethodId.CardAuthorize,
      saveCreditCard: true,
      saleItems: [{ productId: shop.pass, units: 1 }],
      customer: { email: 'card3@example.com' },
    })
    expect(first.statusCode, first.body).toBe(200)
    const model = first.json().model
    expect(model.redsysData.url).toBe(`${redsys.url}/sis/realizarPago`)
    const back = await payAtRedsys(model.redsysData, 'pay')
    expect(back.location).toContain('/cz/ok')

    // Pre-authorised on the page, confirmed by the server (type 2), and the card kept by Redsys.
    const [paid] = await rows<{ status: string }>(sql`select status from sales where id = ${model.saleId}`)
    expect(paid!.status).toBe('paid')
    const types = redsys.fake.requests
      .filter((r) => r.parameters.DS_MERCHANT_ORDER === model.paymentReference)
      .map((r) => r.parameters.DS_MERCHANT_TRANSACTIONTYPE)
    expect(types).toContain('2')
    const saved = await app.inject({
      url: `/api/publicpaymentmethods/token-list/${carla.id}`,
      headers: carla.headers,
    })
    const cards = saved.json().data as { id: number; cardNumber: string }[]
    expect(cards).toHaveLength(1)
    expect(cards[0]!.cardNumber).toMatch(/\d{4}$/)

    // The next order is charged to the kept card at once, with no page.
    const second = await checkout(carla, {
      paymentMethodId: PaymentMethodId.CardAuthorize,
      tokenId: cards[0]!.id,
      saleItems: [{ productId: shop.pass, units: 1 }],
      customer: { email: 'card3@example.com' },
    })
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json().model).toMatchObject({ completed: true, redsysData: null })
    // Another customer cannot pay with it.
    const stolen = await checkout(bea, {
      paymentMethodId: PaymentMethodId.CardAuthorize,
      tokenId: cards[0]!.id,
      saleItems: [{ productId: shop.pass, units: 1 }],
      customer: { email: 'card2@example.com' },
    })
    expect(stolen.statusCode).toBe(404)
    expect(stolen.json()).toMatchObject({ ok: false, code: 'card_not_found' })
  })

  it('places a cart changed after a decline as its new order; the declined one gives back what it held', async () => {
    const variantStock = async () =>
      Number(
        (await rows<{ stock: number }>(sql`select stock from product_variants where id = ${shop.shirtM}`))[0]!
          .stock,
      )
    const before = await variantStock()
    const guid = `cart-changed-${kind}`
    const shirts = (units: number) => ({
      saleItems: [{ productId: shop.shirt, units, stockParentId: shop.shirtM }],
      shopTransportId: shop.pickup,
      customer: { email: 'card2@example.com' },
      guid,
    })
    redsys.fake.control.decline = true
    const declined = await checkout(bea, shirts(1))
    expect(declined.statusCode, declined.body).toBe(200)
    expect((await payAtRedsys(declined.json().model.redsysData, 'pay')).location).toContain('/cz/ko')
    expect(await variantStock()).toBe(before - 1)

    // Back in the cart, one more shirt: the same guid, other contents.
    redsys.fake.control.decline = false
    const changed = await checkout(bea, shirts(2))
    expect(changed.statusCode, changed.body).toBe(200)
    const model = changed.json().model
    expect(model.saleId).not.toBe(declined.json().model.saleId)
    const [released] = await rows<{ status: string; checkout_guid: string | null }>(
      sql`select status, checkout_guid from sales where id = ${declined.json().model.saleId}`,
    )
    expect(released).toEqual({ status: 'cancelled', checkout_guid: null })
    expect(await variantStock()).toBe(before - 2)

    await payAtRedsys(model.redsysData, 'pay')
    const [paid] = await rows<{ status: string; total_cents: number }>(
      sql`select status, total_cents from sales where id = ${model.saleId}`,
    )
    expect(paid).toEqual({ status: 'paid', total_cents: 5000 })
    const orders = await rows<{ n: string }>(
      sql`select count(*) as n from sales where customer_id = ${bea.id} and checkout_guid = ${guid}`,
    )
    expect(Number(orders[0]!.n)).toBe(1)
    // Paid, that cart is spent: other contents again are another cart's business.
    const again = await checkout(bea, shirts(1))
    expect(again.json().code).toBe('cart_reused')
    expect(await variantStock()).toBe(before - 2)
  })

  it('answers a status poll only with what the reference says, and refuses a made-up reference', async () => {
    const res = await app.inject({ url: '/api/payments/status/1234abcdEFGH' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ ok: false, code: 'payment_not_found' })
    const bad = await app.inject({ url: '/api/payments/status/abc' })
    expect(bad.statusCode).toBe(400)
  })
})
