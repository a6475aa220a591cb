// What must hold in the database after a soak (decision 099), read with SQL. The exclusion
// constraint, the unique indexes and the checks already refuse some of it; these read it again, and
// add what only the application keeps: a session's maximum, a booking agreeing with its sale and its
// blocks, stock equal to what was sold, each voucher's balance to its movements, promo limits.
import type pg from 'pg'
import { PaymentMethodId } from '@clubhouse/contract/server'
import { onServer } from '../postgres-template.ts'

export interface Check {
  name: string
  ok: boolean
  /** What was found: counts, or the first offending rows. */
  detail: string
}

/** What the checks compare with: stock before the load, and the last sale and movement made before it. */
export interface Snapshot {
  /** `p<id>` for a product's own stock, `v<id>` for a variant's; counted stock only. */
  stock: Map<string, number>
  lastSaleId: number
  /** Each promo's count of uses. */
  promoUses: Map<number, number>
}

const STOCK_KEYS = `
  select 'p' || id as key, stock from products where stock is not null
    and not exists (select 1 from product_variants v where v.product_id = products.id)
  union all
  select 'v' || id, stock from product_variants where stock is not null`

export async function snapshotDatabase(url: string): Promise<Snapshot> {
  return onServer(url, async (db) => {
    const stock = await db.query<{ key: string; stock: number }>(STOCK_KEYS)
    const sale = await db.query<{ id: number | null }>('select max(id) as id from sales')
    const promos = await db.query<{ id: number; uses_count: number }>('select id, uses_count from promos')
    return {
      stock: new Map(stock.rows.map((r) => [r.key, Number(r.stock)])),
      lastSaleId: Number(sale.rows[0]?.id ?? 0),
      promoUses: new Map(promos.rows.map((r) => [r.id, Number(r.uses_count)])),
    }
  })
}

/** Rows the query finds are violations: none passes, else the first few are the detail. */
async function noRows(db: pg.Client, name: string, query: string, params: unknown[] = []): Promise<Check> {
  const { rows } = await db.query(query, params)
  return {
    name,
    ok: rows.length === 0,
    detail: rows.length ? `${rows.length} found, e.g. ${JSON.stringify(rows.slice(0, 3))}` : 'none',
  }
}

export async function checkDatabase(
  url: string,
  before: Snapshot,
  opts: { sweepGraceMs: number },
): Promise<Check[]> {
  return onServer(url, async (db) => {
    const checks: Check[] = []
    const add = async (name: string, query: string, params: unknown[] = []) =>
      checks.push(await noRows(db, name, query, params))
    const live = `status in ('held', 'confirmed')`

    // Courts by time.
    await add(
      'no two live blocks of one resource overlap',
      `select a.id as a, b.id as b, a.resource_id from booking_blocks a
         join booking_blocks b on b.resource_id = a.resource_id and b.id > a.id and b.during && a.during
        where a.released_at is null and b.released_at is null`,
    )
    await add(
      'a live booking by time keeps a live block; an ended one keeps none',
      `select bk.id, bk.status from bookings bk
        where bk.session_id is null and (
          (bk.${live} and not exists (select 1 from booking_blocks bb where bb.booking_id = bk.id and bb.released_at is null))
          or (bk.status in ('cancelled', 'expired')
              and exists (select 1 from booking_blocks bb where bb.booking_id = bk.id and bb.released_at is null)))`,
    )
    // Places in classes.
    await add(
      'no session has more live participants than its maximum',
      `select s.id, s.max_participants, count(*)::int as live from place_sessions s
         join bookings bk on bk.session_id = s.id and bk.${live}
        group by s.id having count(*) > s.max_participants`,
    )
    await add(
      'no session has more live participants than places on its map',
      `select s.id, count(*)::int as live from place_sessions s
         join bookings bk on bk.session_id = s.id and bk.${live}
        where s.template_id is not null
        group by s.id, s.template_id
       having count(*) > (select count(*) from booking_template_places p where p.template_id = s.template_id)`,
    )
    await add(
      'no place of a session is taken twice',
      `select session_id, place_id, count(*)::int from bookings where ${live} and place_id is not null
        group by session_id, place_id having count(*) > 1`,
    )
    await add(
      'no customer has two live places in one session',
      `select session_id, customer_id, count(*)::int from bookings where ${live} and session_id is not null
        group by session_id, customer_id having count(*) > 1`,
    )
    // Bookings and their sales.
    await add(
      'a booking agrees with its sale (held: pending, confirmed: paid, expired: not paid)',
      `select bk.id, bk.status, s.status as sale from bookings bk join sales s on s.id = bk.sale_id
        where (bk.status = 'held' and s.status <> 'pending')
           or (bk.status = 'confirmed' and s.status <> 'paid')
           or (bk.status = 'expired' and s.status = 'paid')`,
    )
    await add(
      'a paid sale of the run was paid in full',
      `select id, total_cents, paid_cents from sales where id > $1 and status = 'paid' and paid_cents <> total_cents`,
      [before.lastSaleId],
    )
    if (opts.sweepGraceMs > 0) {
      await add(
        'holds past their end were released by the sweep',
        `select id, hold_expires_at from bookings
          where status = 'held' and hold_expires_at < now() - make_interval(secs => $1)`,
        [opts.sweepGraceMs / 1000],
      )
    }

    // Stock: never negative, and what was there less the units of the run's orders still standing.
    await add(
      'stock is never negative',
      `select 'p' || id as key, stock from products where stock < 0
        union all select 'v' || id, stock from product_variants where stock < 0`,
    )
    const now = await db.query<{ key: string; stock: number }>(STOCK_KEYS)
    const sold = await db.query<{ key: string; units: string }>(
      `select case when i.stock_parent_id is null then 'p' || i.product_id else 'v' || i.stock_parent_id end as key,
              sum(i.units) as units
         from sale_items i join sales s on s.id = i.sale_id
        where s.id > $1 and s.status in ('pending', 'paid') and i.product_id is not null
        group by 1`,
      [before.lastSaleId],
    )
    const soldUnits = new Map(sold.rows.map((r) => [r.key, Number(r.units)]))
    const wrong = now.rows
      .map((r) => ({
        key: r.key,
        was: before.stock.get(r.key),
        sold: soldUnits.get(r.key) ?? 0,
        now: Number(r.stock),
      }))
      .filter((r) => r.was !== undefined && r.was - r.sold !== r.now)
    const unitsSold = [...soldUnits.entries()]
      .filter(([k]) => before.stock.has(k))
      .reduce((n, [, u]) => n + u, 0)
    checks.push({
      name: 'stock equals the stock before less the units of the orders kept',
      ok: wrong.length === 0,
      detail: wrong.length
        ? `${wrong.length} wrong, e.g. ${JSON.stringify(wrong.slice(0, 3))}`
        : `${before.stock.size} stocks, ${unitsSold} counted units sold`,
    })

    // Vouchers: the balance is the sum of the movements, each movement starts where the last ended.
    await add(
      "each voucher's balance equals the sum of its movements",
      `select v.id, v.balance, coalesce(sum(m.amount), 0)::int as movements from vouchers v
         left join voucher_movements m on m.voucher_id = v.id
        group by v.id having v.balance <> coalesce(sum(m.amount), 0)`,
    )
    await add(
      'each movement of a voucher starts from the balance the one before left',
      `select id, voucher_id, previous_amount, before from (
          select id, voucher_id, previous_amount, lag(current) over (partition by voucher_id order by id) as before
            from voucher_movements) m
        where before is not null and previous_amount <> before`,
    )
    await add(
      'a sale is never paid by voucher beyond its total, nor refunded beyond what was paid',
      `select s.id, s.total_cents, -sum(m.amount)::int as spent from voucher_movements m
         join sales s on s.id = m.sale_id
        where s.id > $1
        group by s.id having -sum(m.amount) > s.total_cents or -sum(m.amount) < 0`,
      [before.lastSaleId],
    )
    await add(
      'a sale of the run paid by a money voucher took from it exactly what it was paid',
      `select s.id, s.paid_cents, -coalesce(sum(m.amount), 0)::int as spent from sales s
         left join voucher_movements m on m.sale_id = s.id
        where s.id > $1 and s.status = 'paid' and s.payment_method_id = $2
          and not exists (select 1 from bookings bk where bk.sale_id = s.id and bk.status = 'cancelled')
        group by s.id having -coalesce(sum(m.amount), 0) <> s.paid_cents`,
      [before.lastSaleId, PaymentMethodId.MoneyVoucher],
    )

    // Promo codes: uses counted once per order kept, within the limits.
    const promos = await db.query<{
      id: number
      code: string
      uses_count: number
      max_uses: number | null
      run: string
    }>(
      `select p.id, p.code, p.uses_count, p.max_uses,
              (select count(*) from promo_uses u where u.promo_id = p.id and u.sale_id > $1) as run
         from promos p`,
      [before.lastSaleId],
    )
    const miscounted = promos.rows.filter(
      (p) =>
        Number(p.uses_count) - (before.promoUses.get(p.id) ?? 0) !== Number(p.run) ||
        (p.max_uses !== null && Number(p.uses_count) > Number(p.max_uses)),
    )
    checks.push({
      name: "each promo's count of uses grew by its uses in the run, within its limit",
      ok: miscounted.length === 0,
      detail: miscounted.length
        ? `${miscounted.length} wrong, e.g. ${JSON.stringify(miscounted.slice(0, 3))}`
        : promos.rows
            .filter((p) => Number(p.run) > 0)
            .map((p) => `${p.code} ${p.run}`)
            .join(', ') || 'no use',
    })
    await add(
      'no customer used a promo more times than it allows',
      `select p.code, u.customer_id, count(*)::int from promo_uses u join promos p on p.id = u.promo_id
        where p.max_uses_per_customer is not null
        group by p.id, u.customer_id having count(*) > p.max_uses_per_customer`,
    )
    await add(
      'no cancelled order keeps a promo use',
      `select u.id, u.sale_id from promo_uses u join sales s on s.id = u.sale_id where s.status = 'cancelled'`,
    )
    return checks
  })
}
