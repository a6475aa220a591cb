import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentMethodId } from '@clubhouse/contract/server'
import type { App } from '../../app.ts'
import { T0, testClock } from '../../test/booking-fixtures.ts'
import { testDatabaseKinds } from '../../test/build-test-app.ts'
import {
  checkoutBody,
  createCheckoutShop,
  moneyVoucher,
  type CheckoutShop,
} from '../../test/checkout-fixtures.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { listeningAppWithRedsys, payAtRedsys } from '../../test/payment-fixtures.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'

const PASSWORD = 'Long-Staff-Pass-26'

describe.each(testDatabaseKinds())("the desk's orders on %s", (kind) => {
  let t: Awaited<ReturnType<typeof listeningAppWithRedsys>>
  let app: App
  const clock = testClock()
  let shop: CheckoutShop
  let desk: Record<string, string>
  let manager: Record<string, string>
  let ana: LoggedIn
  let paidId: number
  let pendingId: number
  let voucherPaidId: number
  let wallet: number

  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: R[] }).rows
  const get = (url: string, who = manager, language = 'en-US') =>
    app.inject({ method: 'GET', url, headers: { 'accept-language': language, ...who } })
  const post = (url: string, payload?: object, who = manager, language = 'en-US') =>
    app.inject({ method: 'POST', url, payload, headers: { 'accept-language': language, ...who } })
  const checkout = (body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/shop/checkout-customer',
      headers: ana.headers,
      payload: checkoutBody(ana.id, body),
    })
  /** An order of one Class Pass (5000) at Redsys; paid at its fake unless told. */
  const redsysOrder = async (pay = true): Promise<number> => {
    const res = await checkout({
      paymentMethodId: PaymentMethodId.BankCardRedirect,
      saleItems: [{ productId: shop.pass, units: 1 }],
      customer: { email: 'orders1@example.com' },
    })
    expect(res.statusCode, res.body).toBe(200)
    if (pay) expect((await payAtRedsys(res.json().model.redsysData, 'pay')).location).toContain('/cz/ok')
    return res.json().model.saleId
  }
  const refundsOf = (saleId: number) =>
    rows<{ status: string; amount_cents: number }>(
      sql`select status, amount_cents from payment_refunds where sale_id = ${saleId} order by id`,
    )

  beforeAll(async () => {
    t = await listeningAppWithRedsys(kind, { now: clock.now })
    app = t.app
    shop = await createCheckoutShop(app.services)
    await insertStaffMember(app, 'desk@example.com', 'desk', PASSWORD)
    await insertStaffMember(app, 'manager@example.com', 'manager', PASSWORD)
    desk = await staffSession(app, 'desk@example.com', PASSWORD)
    manager = await staffSession(app, 'manager@example.com', PASSWORD)
    ana = (await insertLoggedInCustomers(app, 1, 'orders'))[0]!
    // Her mails are in English, whatever language the desk reads in.
    await app.database.db.execute(sql`update customers set language = 'en-US' where id = ${ana.id}`)

    paidId = await redsysOrder()
    pendingId = await redsysOrder(false)
    // A racket sent by courier, paid from her money voucher.
    wallet = await moneyVoucher(app.services, ana.id, 20_000)
    const byVoucher = await checkout({
      paymentMethodId: PaymentMethodId.MoneyVoucher,
      voucherId: wallet,
      saleItems: [{ productId: shop.racket, units: 1 }],
      shopTransportId: shop.courier,
    })
    expect(byVoucher.statusCode, byVoucher.body).toBe(200)
    voucherPaidId = byVoucher.json().model.saleId
  })
  afterAll(() => t.close())

  it('lists the shop orders newest first, by state and by day, with the customer named', async () => {
    const all = await get('/api/staff/orders')
    expect(all.statusCode, all.body).toBe(200)
    expect(all.json().totalCount).toBe(3)
    expect(all.json().data.map((o: { id: number }) => o.id)).toEqual([voucherPaidId, pendingId, paidId])
    const paid = (await get('/api/staff/orders?state=paid')).json()
    expect(paid.data.map((o: { id: number }) => o.id)).toEqual([voucherPaidId, paidId])
    expect(paid.data[1]).toMatchObject({
      customer: { id: ana.id },
      totalCents: 5000,
      paidCents: 5000,
      refundedCents: 0,
      state: 'paid',
      shippedAt: null,
    })
    expect(paid.data[1].customer.name).not.toBe('')
    expect(paid.data[1].paidAt).not.toBeNull()
    const awaiting = (await get('/api/staff/orders?state=awaiting_payment')).json()
    expect(awaiting.data.map((o: { id: number }) => o.id)).toEqual([pendingId])
    expect((await get('/api/staff/orders?from=2000-01-01&to=2099-12-31')).json().totalCount).toBe(3)
    expect((await get('/api/staff/orders?from=2099-01-01')).json().totalCount).toBe(0)
    expect((await get('/api/staff/orders?page=2')).json()).toMatchObject({ data: [], totalCount: 3 })
    const wrong = await get('/api/staff/orders?state=lost', manager, 'es-ES')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors.state).toBe(
      'El estado es awaiting_payment, paid, shipped, refunded o cancelled.',
    )
  })

  it('answers one order with its lines, delivery and its payment', async () => {
    const res = await get(`/api/staff/orders/${paidId}`)
    expect(res.statusCode, res.body).toBe(200)
    const o = res.json().model
    expect(o).toMatchObject({
      id: paidId,
      state: 'paid',
      paymentMethod: 'Card (Redsys)',
      refundableCents: 5000,
      lines: [{ name: 'Class Pass', units: 1, unitPriceCents: 5000, totalCents: 5000 }],
      // A pass travels by no transport: no address to deliver to.
      delivery: { name: '', city: '' },
      payments: [{ provider: 'redsys', status: 'confirmed', amountCents: 5000, refundedCents: 0 }],
      refunds: [],
    })
    const sent = (await get(`/api/staff/orders/${voucherPaidId}`)).json().model
    expect(sent).toMatchObject({
      totalCents: 9995 + 495,
      shippingCents: 495,
      paymentMethod: 'Money voucher',
      lines: [{ name: 'Test Racket', units: 1 }],
      delivery: { addressLine1: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid', country: 'España' },
      payments: [],
    })
    const none = await get('/api/staff/orders/999999', manager, 'es-ES')
    expect(none.statusCode).toBe(404)
    expect(none.json()).toEqual({
      ok: false,
      code: 'not_found',
      errorMsg: 'No se ha encontrado este pedido.',
    })
  })

  it('ships a paid order once, mailing the customer in her language, audited', async () => {
    const res = await post(`/api/staff/orders/${paidId}/ship`, undefined, manager, 'es-ES')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model).toMatchObject({ state: 'shipped', shippedAt: new Date(T0).toISOString() })
    const mails = await rows<{ subject: string }>(
      sql`select subject from communications where customer_id = ${ana.id} and subject like '%on its way%'`,
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toMatch(/^Your order W-\d{4}-\d+ is on its way$/)

    const again = await post(`/api/staff/orders/${paidId}/ship`, undefined, manager, 'es-ES')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      code: 'already_shipped',
      errorMsg: 'Este pedido ya se marcó como enviado.',
    })
    const unpaid = await post(`/api/staff/orders/${pendingId}/ship`)
    expect(unpaid.statusCode).toBe(422)
    expect(unpaid.json().code).toBe('order_not_paid')
    expect(
      await rows(sql`select subject from communications where subject like '%on its way%'`),
    ).toHaveLength(1)
    const audit = await rows<{ action: string; subject: string }>(
      sql`select action, subject from staff_audit where action = 'order.ship'`,
    )
    expect(audit).toEqual([{ action: 'order.ship', subject: `sale:${paidId}` }])
    expect(
      (await get('/api/staff/orders?state=shipped')).json().data.map((o: { id: number }) => o.id),
    ).toEqual([paidId])
  })

  it('refunds part, then the rest, through Redsys (confirmed); a third is refused', async () => {
    const part = await post(`/api/staff/orders/${paidId}/refund`, { amountCents: 1250, reason: 'Damaged' })
    expect(part.statusCode, part.body).toBe(200)
    expect(part.json().model).toMatchObject({ state: 'refunded', refundedCents: 1250, refundableCents: 3750 })

    const tooMuch = await post(
      `/api/staff/orders/${paidId}/refund`,
      { amountCents: 3751, reason: 'Too much' },
      manager,
      'es-ES',
    )
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json()).toEqual({
      ok: false,
      code: 'refund_too_large',
      errorMsg: 'Quedan como máximo 3750 céntimos por devolver de este pedido.',
    })

    const rest = await post(`/api/staff/orders/${paidId}/refund`, { reason: 'Returned whole' })
    expect(rest.statusCode, rest.body).toBe(200)
    expect(rest.json().model).toMatchObject({ refundedCents: 5000, refundableCents: 0 })
    await expect
      .poll(async () => (await refundsOf(paidId)).map((r) => [r.status, r.amount_cents]), { timeout: 15_000 })
      .toEqual([
        ['confirmed', 1250],
        ['confirmed', 3750],
      ])
    const detail = (await get(`/api/staff/orders/${paidId}`)).json().model
    expect(detail.payments[0]).toMatchObject({ refundedCents: 5000, status: 'refunded' })
    expect(detail.refunds.map((r: { reason: string }) => r.reason)).toEqual(['Damaged', 'Returned whole'])

    const third = await post(`/api/staff/orders/${paidId}/refund`, { reason: 'Once more' }, manager, 'es-ES')
    expect(third.statusCode).toBe(422)
    expect(third.json()).toMatchObject({
      code: 'refund_too_large',
      errorMsg: 'No queda nada por devolver de este pedido.',
    })
    expect(await refundsOf(paidId)).toHaveLength(2)
    expect(
      await rows(
        sql`select 1 from staff_audit where action = 'order.refund' and subject = ${`sale:${paidId}`}`,
      ),
    ).toHaveLength(2)
  })

  it('gives an order paid by voucher back to that voucher, and its racket back into stock with the whole refund', async () => {
    const balance = async () =>
      Number(
        (await rows<{ balance: number }>(sql`select balance from vouchers where id = ${wallet}`))[0]!.balance,
      )
    const stock = async () =>
      Number(
        (await rows<{ stock: number }>(sql`select stock from products where id = ${shop.racket}`))[0]!.stock,
      )
    const [paid] = await rows<{ paid_cents: number }>(
      sql`select paid_cents from sales where id = ${voucherPaidId}`,
    )
    const paidCents = Number(paid!.paid_cents)
    const [walletBefore, stockBefore] = [await balance(), await stock()]

    const part = await post(`/api/staff/orders/${voucherPaidId}/refund`, {
      amountCents: 500,
      reason: 'Scratched',
    })
    expect(part.statusCode, part.body).toBe(200)
    expect(part.json().model).toMatchObject({ refundedCents: 500, refundableCents: paidCents - 500 })
    expect(await balance()).toBe(walletBefore + 500)

    // The stock comes back only with the refund that gives back the whole order.
    const notWhole = await post(
      `/api/staff/orders/${voucherPaidId}/refund`,
      { amountCents: 100, reason: 'Returned', restock: true },
      manager,
      'es-ES',
    )
    expect(notWhole.statusCode).toBe(422)
    expect(notWhole.json()).toMatchObject({
      code: 'restock_not_whole',
      errorMsg: 'Los artículos vuelven al stock solo con la devolución del pedido entero.',
    })
    expect([await balance(), await stock()]).toEqual([walletBefore + 500, stockBefore])

    const rest = await post(`/api/staff/orders/${voucherPaidId}/refund`, {
      reason: 'Returned',
      restock: true,
    })
    expect(rest.statusCode, rest.body).toBe(200)
    expect(rest.json().model).toMatchObject({
      refundedCents: paidCents,
      refundableCents: 0,
      state: 'refunded',
    })
    expect(await balance()).toBe(walletBefore + paidCents)
    expect(await stock()).toBe(stockBefore + 1)
    const movements = await rows<{ amount: number }>(
      sql`select amount from voucher_movements where voucher_id = ${wallet} and sale_id = ${voucherPaidId} order by id`,
    )
    expect(movements.map((m) => Number(m.amount))).toEqual([-paidCents, 500, paidCents - 500])

    const again = await post(`/api/staff/orders/${voucherPaidId}/refund`, { reason: 'Again', restock: true })
    expect(again.json()).toMatchObject({ code: 'refund_too_large' })
    expect(await stock()).toBe(stockBefore + 1)
  })

  it('refuses an order not paid, and a refund without a reason', async () => {
    expect((await post(`/api/staff/orders/${pendingId}/refund`, { reason: 'Returned' })).json().code).toBe(
      'order_not_paid',
    )
    expect((await post(`/api/staff/orders/${paidId}/refund`, { reason: '' })).statusCode).toBe(400)
    expect(
      (await post(`/api/staff/orders/${paidId}/refund`, { reason: 'Returned', restock: 'yes' })).statusCode,
    ).toBe(400)
  })

  it('refunds once when the rest is pressed twice at once', async () => {
    const saleId = await redsysOrder()
    const presses = await Promise.all([
      post(`/api/staff/orders/${saleId}/refund`, { reason: 'Pressed twice' }),
      post(`/api/staff/orders/${saleId}/refund`, { reason: 'Pressed twice' }),
    ])
    expect(presses.map((r) => r.statusCode).sort()).toEqual([200, 422])
    expect(presses.find((r) => r.statusCode === 422)!.json().code).toBe('refund_too_large')
    await expect
      .poll(async () => (await refundsOf(saleId)).map((r) => [r.status, r.amount_cents]), { timeout: 15_000 })
      .toEqual([['confirmed', 5000]])
    const [sale] = await rows<{ refunded_cents: number }>(
      sql`select refunded_cents from sales where id = ${saleId}`,
    )
    expect(Number(sale!.refunded_cents)).toBe(5000)
  })

  it("is the manager's: the desk is refused", async () => {
    desk = await staffSession(app, 'desk@example.com', PASSWORD)
    expect((await get('/api/staff/orders', desk)).statusCode).toBe(403)
    expect((await post(`/api/staff/orders/${voucherPaidId}/ship`, undefined, desk)).statusCode).toBe(403)
  })
})
