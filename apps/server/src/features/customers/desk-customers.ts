import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { StaffCustomerFound } from '@clubhouse/contract/server'
import { rowsOf, type Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { customers } from './customers.tables.ts'

/**
 * A walk-in the desk takes has no email of its own: it gets an address of the reserved `.invalid`
 * domain (RFC 2606), which no mail is ever sent to and no login can use (no password, never
 * activated). The desk finds it again by its name or phone.
 */
const WALK_IN_DOMAIN = 'walk-in.invalid'
export const isWalkInEmail = (email: string) => email.endsWith(`@${WALK_IN_DOMAIN}`)

/** The LIKE pattern of "contains `text`": the client's `%`, `_` and `\` match themselves. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The customers the desk looks up (issue 23): by any part of the name, surname, email or phone, as
 * the site's search reads text (the migration's `search_text`: accents and capitals aside), and the
 * walk-ins it takes by name and phone.
 */
export function createDeskCustomers(db: Db, units: Units, clock: () => number) {
  async function searchCustomers(text: string, limit = 20): Promise<StaffCustomerFound[]> {
    const pattern = contains(text)
    // A phone is found as typed or without its spaces and signs.
    const digits = text.replace(/\D/g, '')
    const rows = rowsOf<{
      id: number
      name: string
      surname: string
      email: string
      phone: string
    }>(
      await db.execute(sql`select id, name, surname, email, phone from customers
        where public.search_text(name || ' ' || surname || ' ' || email || ' ' || phone) like public.search_text(${pattern})
          ${digits.length >= 3 ? sql`or regexp_replace(phone, '[^0-9]', '', 'g') like ${`%${digits}%`}` : sql``}
        order by name, surname, id
        limit ${limit}`),
    )
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      surname: r.surname,
      email: isWalkInEmail(r.email) ? '' : r.email,
      phone: r.phone,
      walkIn: isWalkInEmail(r.email),
    }))
  }

  /** A customer record for someone at the desk without an account: a name and a phone. */
  function createWalkIn(input: { name: string; phone: string }): Promise<number> {
    return units.run(async () => {
      const email = `walk-in.${randomBytes(8).toString('hex')}@${WALK_IN_DOMAIN}`
      const [row] = await db
        .insert(customers)
        .values({ email, name: input.name, phone: input.phone, createdAt: new Date(clock()) })
        .returning({ id: customers.id })
      return row!.id
    })
  }

  return { searchCustomers, createWalkIn }
}
