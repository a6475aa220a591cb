import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PaymentMethodId } from '@clubhouse/contract/server'
import type { App } from '../../app.ts'
import { createTestClub, testClock } from '../../test/booking-fixtures.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'
import {
  checkoutBody,
  createCheckoutShop,
  moneyVoucher,
  type CheckoutShop,
} from '../../test/checkout-fixtures.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'
import { heardAll } from '../../test/two-instances.ts'

/**
 * The desk's customers across two app instances on one PostgreSQL database (the embedded one has
 * one connection and would hide a missing lock): a manager's top-up racing the customer's checkout
 * paying with that voucher leaves its balance equal to the sum of its movements, none lost;
 * and an account disabled on one instance stops its token on the other as soon as it hears of it.
 */

const ROUNDS = 8
const PASSWORD = 'Long-Staff-Pass-26'

describeOnPostgres('the desk customers on two instances on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let shop: CheckoutShop
  let players: LoggedIn[]
  let manager: { authorization: string }

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: clock.now }))
    await createTestClub(apps[0]!.services)
    shop = await createCheckoutShop(apps[0]!.services)
    players = await insertLoggedInCustomers(apps[0]!, ROUNDS + 1, 'racer')
    await insertStaffMember(apps[1]!, 'manager@example.com', 'manager', PASSWORD)
    manager = await staffSession(apps[1]!, 'manager@example.com', PASSWORD)
  })
  afterAll(() => close())

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await apps[0]!.database.db.execute(query)) as unknown as { rows: T[] }).rows

  it('keeps a voucher topped up and spent at once equal to its movements', async () => {
    // 50 € on each wallet and a 50 € class pass to pay: both writes pass whichever is first, so a
    // movement written from a stale balance would show as 60 € or 0 € left instead of 10 €.
    const wallets: number[] = []
    for (let i = 0; i < ROUNDS; i++) wallets.push(await moneyVoucher(apps[0]!.services, players[i]!.id, 5000))
    const answers = await Promise.all(
      wallets.flatMap((voucherId, i) => {
        const who = players[i]!
        const checkout = () =>
          apps[0]!.inject({
            method: 'POST',
            url: '/api/shop/checkout-customer',
            headers: { ...who.headers, 'accept-language': 'en-US' },
            remoteAddress: `198.51.100.${i + 1}`,
            payload: checkoutBody(who.id, {
              paymentMethodId: PaymentMethodId.MoneyVoucher,
              voucherId,
              saleItems: [{ productId: shop.pass, units: 1 }],
            }),
          })
        const topUp = () =>
          apps[1]!.inject({
            method: 'POST',
            url: `/api/staff/vouchers/${voucherId}/top-up`,
            headers: { ...manager, 'accept-language': 'en-US' },
            payload: { amount: 1000, concept: 'Recarga en recepción' },
          })
        if (i % 2 === 0) {
          const c = checkout()
          return [c, topUp()]
        }
        const u = topUp()
        return [checkout(), u]
      }),
    )
    for (let i = 0; i < ROUNDS; i++) {
      const [checkout, topUp] = [answers[2 * i]!, answers[2 * i + 1]!]
      expect(topUp.statusCode, topUp.body).toBe(200)
      expect(checkout.statusCode, checkout.body).toBe(200)
      expect(checkout.json().model, checkout.body).toMatchObject({ completed: true })
      const [voucher] = await rows<{ balance: number; sum: string | number; n: string | number }>(sql`
        select v.balance, coalesce(sum(m.amount), 0) as sum, count(m.id) as n
        from vouchers v left join voucher_movements m on m.voucher_id = v.id
        where v.id = ${wallets[i]!} group by v.id`)
      expect(Number(voucher!.sum), `${i}`).toBe(voucher!.balance)
      expect(voucher!.balance, `${i}`).toBe(1000)
      expect(Number(voucher!.n), `${i}`).toBe(3)
      // Each movement starts from where the one before it ended.
      const chain = await rows<{ previous_amount: number; current: number; amount: number }>(sql`
        select previous_amount, current, amount from voucher_movements where voucher_id = ${wallets[i]!} order by id`)
      let balance = 0
      for (const m of chain) {
        expect(m.previous_amount).toBe(balance)
        expect(m.current).toBe(balance + m.amount)
        balance = m.current
      }
    }
    const audited = await rows<{ n: string | number }>(
      sql`select count(*) as n from staff_audit where action = 'voucher.top-up'`,
    )
    expect(Number(audited[0]!.n)).toBe(ROUNDS)
  })

  it('stops the token of an account disabled on one instance on the other as soon as it hears of it', async () => {
    const who = players[ROUNDS]!
    const profile = (app: App) =>
      app.inject({ method: 'GET', url: `/api/publiccustomers/${who.id}`, headers: who.headers })
    // Both instances keep the session in memory.
    expect((await profile(apps[0]!)).statusCode).toBe(200)
    expect((await profile(apps[1]!)).statusCode).toBe(200)
    expect((await profile(apps[0]!)).statusCode).toBe(200)
    const disabled = await apps[1]!.inject({
      method: 'POST',
      url: `/api/staff/customers/${who.id}/disable`,
      headers: manager,
    })
    expect(disabled.statusCode, disabled.body).toBe(200)
    expect((await profile(apps[1]!)).statusCode).toBe(401)
    await heardAll(apps[0]!, apps[1]!)
    expect((await profile(apps[0]!)).statusCode).toBe(401)
  })
})
