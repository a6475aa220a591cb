import { sql } from 'drizzle-orm'
import { PaymentMethodId } from '@clubhouse/contract/server'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import {
  checkoutBody,
  createCheckoutShop,
  moneyVoucher,
  type CheckoutShop,
} from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'

/**
 * Checkouts racing on PostgreSQL through two app instances on one database (the embedded database
 * has one connection and would hide a missing lock): the last units of a product, one voucher's
 * balance, and one cart sent many times.
 */
describeOnPostgres('checkouts racing through two instances on PostgreSQL', () => {
  let apps: App[]
  let close: () => Promise<void>
  let shop: CheckoutShop
  let racers: LoggedIn[]

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2))
    shop = await createCheckoutShop(apps[0]!.services)
    racers = await insertLoggedInCustomers(apps[0]!, 30)
  })
  afterAll(() => close())
  beforeEach(() => clearRateLimits(apps[0]!))

  const n = async (query: ReturnType<typeof sql>) =>
    Number(
      ((await apps[0]!.database.db.execute(query)) as unknown as { rows: Array<{ n: string }> }).rows[0]!.n,
    )
  const send = (i: number, who: LoggedIn, body: unknown) =>
    apps[i % 2]!.inject({
      method: 'POST',
      url: '/api/shop/checkout-customer',
      headers: who.headers,
      remoteAddress: `198.51.100.${(i % 250) + 1}`,
      payload: body as object,
    })

  it('sells the last 2 units to exactly 2 of 30 customers', async () => {
    const answers = await Promise.all(
      racers.map((who, i) =>
        send(
          i,
          who,
          checkoutBody(who.id, {
            saleItems: [{ productId: shop.racket, units: 1 }],
            shopTransportId: shop.pickup,
            promoCode: 'GRATIS100',
          }),
        ),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(2)
    expect(codes.filter((c) => c === 409)).toHaveLength(28)
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('out_of_stock')
    expect(await n(sql`select stock as n from products where id = ${shop.racket}`)).toBe(0)
    expect(await n(sql`select count(*) as n from sale_items where product_id = ${shop.racket}`)).toBe(2)
  })

  it('never spends a voucher beyond its balance, 20 payments at once', async () => {
    const who = racers[0]!
    const voucher = await moneyVoucher(apps[0]!.services, who.id, 50000) // 500 €: 10 passes of 50 €
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(
          i,
          who,
          checkoutBody(who.id, {
            saleItems: [{ productId: shop.pass, units: 1 }],
            paymentMethodId: PaymentMethodId.MoneyVoucher,
            voucherId: voucher,
          }),
        ),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(10)
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(a.json().code).toBe('voucher_insufficient')
    expect(await n(sql`select balance as n from vouchers where id = ${voucher}`)).toBe(0)
    expect(
      await n(sql`select coalesce(sum(amount), 0) as n from voucher_movements where voucher_id = ${voucher}`),
    ).toBe(0)
  })

  it('makes one order of one cart sent 10 times at once', async () => {
    const who = racers[1]!
    const voucher = await moneyVoucher(apps[0]!.services, who.id, 100000)
    const body = checkoutBody(who.id, {
      saleItems: [{ productId: shop.pass, units: 2 }],
      paymentMethodId: PaymentMethodId.MoneyVoucher,
      voucherId: voucher,
    })
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i, who, body)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => a.json().model.saleId)).size).toBe(1)
    expect(await n(sql`select count(*) as n from sales where checkout_guid = ${body.guid}`)).toBe(1)
    expect(await n(sql`select balance as n from vouchers where id = ${voucher}`)).toBe(90000)
  })

  it("gives a code's last use to one of 10 customers racing for it", async () => {
    const who = racers.slice(10, 20)
    const vouchers = await Promise.all(who.map((c) => moneyVoucher(apps[0]!.services, c.id, 10000)))
    const answers = await Promise.all(
      who.map((c, i) =>
        send(
          i,
          c,
          checkoutBody(c.id, {
            saleItems: [{ productId: shop.pass, units: 1 }],
            promoCode: 'ONELEFT',
            paymentMethodId: PaymentMethodId.MoneyVoucher,
            voucherId: vouchers[i],
          }),
        ),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json().code).toBe('promo_exhausted')
    expect(await n(sql`select uses_count as n from promos where code = 'ONELEFT'`)).toBe(1)
    expect(
      await n(
        sql`select count(*) as n from promo_uses u join promos p on p.id = u.promo_id where p.code = 'ONELEFT'`,
      ),
    ).toBe(1)
    // Only the winner paid: 49 € of one voucher.
    expect(
      await n(
        sql`select count(*) as n from voucher_movements where amount < 0 and voucher_id in ${vouchers}`,
      ),
    ).toBe(1)
  })
})
