import { eq } from 'drizzle-orm'
import { isValidIban } from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { communications } from '../../features/comms/comms.tables.ts'
import {
  cardTokens,
  customerCustomValues,
  customers,
  customFields,
} from '../../features/customers/customers.tables.ts'
import { verifyPassword } from '../../features/customers/passwords.ts'
import { saleItems, sales } from '../../features/sales/sales.tables.ts'
import { products } from '../../features/shop/shop.tables.ts'
import { voucherMovements, vouchers } from '../../features/vouchers/vouchers.tables.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { loadDemoData } from './demo-data.ts'

const { customers: demoCustomers } = loadDemoData()
const DEMO_CUSTOMER = demoCustomers.find((c) => c.key === 'laura')!
const SECOND_CUSTOMER = demoCustomers.find((c) => c.key === 'carlos')!

describe('the demo customers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp('pglite', { demo: true })
  })
  afterAll(() => t.close())
  const db = () => t.app.database.db

  async function customerByEmail(email: string) {
    const [row] = await db().select().from(customers).where(eq(customers.email, email))
    expect(row, email).toBeDefined()
    return row!
  }

  it('has Laura and Carlos activated, with the README passwords', async () => {
    const laura = await customerByEmail(DEMO_CUSTOMER.email)
    expect(laura).toMatchObject({ name: 'Laura', surname: 'Martín García', language: 'es-ES' })
    expect(laura.activatedAt).not.toBeNull()
    expect(await verifyPassword(DEMO_CUSTOMER.password, laura.passwordHash)).toBe(true)
    expect(isValidIban(laura.iban)).toBe(true)

    const carlos = await customerByEmail(SECOND_CUSTOMER.email)
    expect(carlos).toMatchObject({ name: 'Carlos', surname: 'Ruiz' })
    expect(carlos.activatedAt).not.toBeNull()
    expect(await verifyPassword(SECOND_CUSTOMER.password, carlos.passwordHash)).toBe(true)
  })

  it('defines the custom fields and gives Laura a value for each', async () => {
    const fields = await db().select().from(customFields).orderBy(customFields.position)
    expect(fields.map((f) => [f.name, f.fieldType])).toEqual([
      ['padel_level', 2],
      ['left_handed', 1],
      ['emergency_contact', 0],
    ])
    expect(fields[0]!.pickListValues).toEqual({
      'es-ES': 'Iniciación,Intermedio,Avanzado',
      'en-US': 'Beginner,Intermediate,Advanced',
    })
    const laura = await customerByEmail(DEMO_CUSTOMER.email)
    const values = await db()
      .select()
      .from(customerCustomValues)
      .where(eq(customerCustomValues.customerId, laura.id))
    expect(values).toHaveLength(3)
  })

  it('gives Laura paid orders of articles and services, a desk sale and a pending one', async () => {
    const laura = await customerByEmail(DEMO_CUSTOMER.email)
    const rows = await db().select().from(sales).where(eq(sales.customerId, laura.id))
    const paid = rows.filter((s) => s.status === 'paid')
    expect(paid.length).toBeGreaterThanOrEqual(6)
    expect(rows.some((s) => s.status === 'pending')).toBe(true)
    expect(paid.some((s) => !s.online && s.paymentMethodId === null)).toBe(true)
    expect(paid.some((s) => s.shippingCents > 0)).toBe(true)
    expect(paid.some((s) => s.discountCents > 0)).toBe(true)
    expect(new Set(paid.map((s) => s.paymentMethodId)).size).toBeGreaterThanOrEqual(5)
    const items = await db()
      .select({ kind: saleItems.kind, units: saleItems.units, saleId: saleItems.saleId })
      .from(saleItems)
    const mine = items.filter((i) => paid.some((s) => s.id === i.saleId))
    expect(mine.some((i) => i.kind === 1 && i.units > 1)).toBe(true)
    expect(mine.some((i) => i.kind === 0)).toBe(true)
  })

  it('keeps every sale total equal to subtotal + shipping − discount, and the lines adding up', async () => {
    const rows = await db()
      .select({
        id: sales.id,
        subtotal: sales.subtotalCents,
        shipping: sales.shippingCents,
        discount: sales.discountCents,
        total: sales.totalCents,
      })
      .from(sales)
    const items = await db().select().from(saleItems)
    expect(rows.length).toBeGreaterThan(0)
    for (const s of rows) {
      expect(s.total, `sale ${s.id}`).toBe(s.subtotal + s.shipping - s.discount)
      const lines = items.filter((i) => i.saleId === s.id)
      expect(lines.length, `sale ${s.id}`).toBeGreaterThan(0)
      expect(
        lines.reduce((sum, i) => sum + i.totalCents, 0),
        `sale ${s.id}`,
      ).toBe(s.subtotal)
    }
  })

  it('sells articles that exist in the shop, at their price and with their image', async () => {
    const rows = await db()
      .select({ item: saleItems, product: products })
      .from(saleItems)
      .leftJoin(products, eq(products.id, saleItems.productId))
      .where(eq(saleItems.kind, 1))
    expect(rows.length).toBeGreaterThan(0)
    for (const { item, product } of rows) {
      expect(product, `line ${item.id}`).not.toBeNull()
      expect(item.unitPriceCents).toBe(product!.grossPriceCents)
      expect(item.image).toBe(product!.image)
      expect(item.name).toEqual(product!.name)
    }
  })

  it('keeps every voucher balance equal to the sum of its movements, each movement chained', async () => {
    const all = await db().select().from(vouchers)
    expect(all).toHaveLength(demoCustomers.reduce((n, c) => n + c.vouchers.length, 0))
    for (const v of all) {
      const movements = await db()
        .select()
        .from(voucherMovements)
        .where(eq(voucherMovements.voucherId, v.id))
        .orderBy(voucherMovements.createdAt, voucherMovements.id)
      expect(
        movements.reduce((sum, m) => sum + m.amount, 0),
        `voucher ${v.id}`,
      ).toBe(v.balance)
      let previous = 0
      for (const m of movements) {
        expect(m.previousAmount).toBe(previous)
        expect(m.current).toBe(m.previousAmount + m.amount)
        previous = m.current
      }
    }
  })

  it('gives Laura two saved cards and a deleted one, five emails and three SMS', async () => {
    const laura = await customerByEmail(DEMO_CUSTOMER.email)
    const cards = await db().select().from(cardTokens).where(eq(cardTokens.customerId, laura.id))
    expect(cards.filter((c) => c.deletedAt === null).map((c) => [c.brand, c.last4])).toEqual([
      ['Visa', '4242'],
      ['Mastercard', '4444'],
    ])
    expect(cards.filter((c) => c.deletedAt !== null)).toHaveLength(1)
    const comms = await db().select().from(communications).where(eq(communications.customerId, laura.id))
    expect(comms.filter((c) => c.channel === 'email')).toHaveLength(5)
    expect(comms.filter((c) => c.channel === 'sms')).toHaveLength(3)
    expect(comms.every((c) => c.status === 'sent' && c.sentAt !== null)).toBe(true)
    expect(comms.filter((c) => c.channel === 'email').every((c) => c.toAddress === laura.email)).toBe(true)
  })

  it('gives Carlos one order and his court bookings, one voucher, one card, one email and one SMS of his own', async () => {
    const carlos = await customerByEmail(SECOND_CUSTOMER.email)
    const count = async (table: typeof sales | typeof vouchers | typeof cardTokens) =>
      (await db().select().from(table).where(eq(table.customerId, carlos.id))).length
    const bookingSales = loadDemoData().bookings.bookings.filter(
      (b) => b.customer === 'carlos' && b.paidWith !== null,
    ).length
    expect(await count(sales)).toBe(1 + bookingSales)
    expect(await count(vouchers)).toBe(1)
    expect(await count(cardTokens)).toBe(1)
    const comms = await db().select().from(communications).where(eq(communications.customerId, carlos.id))
    expect(comms.map((c) => c.channel).sort()).toEqual(['email', 'sms'])
  })
})
