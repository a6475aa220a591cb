import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_DATA_DIR, DemoDataError, loadDemoData, readDemoFile } from './demo-data.ts'

/** A copy of the demo data files with one of them changed by `change`. */
async function filesWith(file: string, change: (value: never) => unknown): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-demo-data-'))
  copies.push(dir)
  await fs.cp(DEMO_DATA_DIR, dir, { recursive: true })
  const value = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8'))
  await fs.writeFile(path.join(dir, file), JSON.stringify(change(value as never) ?? value))
  return dir
}
const copies: string[] = []
afterEach(async () => {
  await Promise.all(copies.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })))
})

const failureOf = (read: () => unknown): string => {
  try {
    read()
  } catch (err) {
    expect(err).toBeInstanceOf(DemoDataError)
    return (err as Error).message
  }
  throw new Error('the files were read without complaint')
}

type Item = Record<string, unknown> & { key: string }

describe('the demo data files', () => {
  it('are all read and found right, with HTML lines joined into one text', () => {
    const data = loadDemoData()
    expect(data.products.length).toBeGreaterThan(0)
    expect(data.customers.map((c) => c.email)).toContain('demo@clubmistral.es')
    const detail = data.products[0]!.detail['es-ES']
    expect(detail.startsWith('<p>')).toBe(true)
    expect(detail.split('\n').length).toBeGreaterThan(1)
    expect(data.legal.cookiesPolicy['en-US']).toMatch(/^<p><em>Last updated: 1 March 2025<\/em><\/p>\n<p>/)
  })

  it('name the file, the item and the field of a value of the wrong type', async () => {
    const dir = await filesWith('products.json', (products: Item[]) => {
      products[3]!.grossPriceCents = '12,50'
    })
    const message = failureOf(() => readDemoFile('products.json', dir))
    const key = JSON.parse(await fs.readFile(path.join(dir, 'products.json'), 'utf8'))[3].key
    expect(message).toContain('Demo data file products.json is wrong:')
    expect(message).toContain(
      `[3].grossPriceCents ("${key}"): Invalid input: expected number, received string`,
    )
  })

  it('name a field the schema does not know, so a misspelt one is not silently dropped', async () => {
    const dir = await filesWith('posts.json', (posts: Item[]) => {
      posts[0]!.autor = posts[0]!.author
    })
    expect(failureOf(() => readDemoFile('posts.json', dir))).toMatch(
      /posts\.json is wrong:\n {2}\[0\] \(".+"\): Unrecognized key: "autor"/,
    )
  })

  it('name a missing text of one language in a settings document', async () => {
    const dir = await filesWith('centre.json', (centre: { main: { openHours: Record<string, string> } }) => {
      delete centre.main.openHours['en-US']
    })
    expect(failureOf(() => readDemoFile('centre.json', dir))).toContain('main.openHours.en-US: Invalid input')
  })

  it('refuse an illustration the images cannot draw', async () => {
    const dir = await filesWith('gallery.json', (gallery: Array<Item & { image: { kind: string } }>) => {
      gallery[1]!.image.kind = 'scene-moon'
    })
    expect(failureOf(() => readDemoFile('gallery.json', dir))).toMatch(
      /\[1\]\.image\.kind \(".+"\): Invalid option: expected one of "scene-courts"/,
    )
  })

  it('refuse a key used twice in one file', async () => {
    const dir = await filesWith('gallery.json', (gallery: Item[]) => {
      gallery[2]!.key = gallery[0]!.key
    })
    expect(failureOf(() => readDemoFile('gallery.json', dir))).toMatch(
      /\[2\]\.key \(".+"\): ".+" appears twice\./,
    )
  })

  it('say a file that is not JSON', async () => {
    const dir = await filesWith('sponsors.json', () => undefined)
    await fs.writeFile(path.join(dir, 'sponsors.json'), '[{"key": "x",')
    expect(failureOf(() => readDemoFile('sponsors.json', dir))).toMatch(
      /^Demo data file sponsors\.json is not valid JSON: /,
    )
  })

  it('name a product, a custom field or a sale that is not there, and a sale number used twice', async () => {
    const dir = await filesWith(
      'customers.json',
      (
        customers: Array<{
          customValues: Record<string, string>
          sales: Array<{ number: string; lines: Array<{ product?: string }> }>
          vouchers: Array<{ movements: Array<{ sale?: string }> }>
        }>,
      ) => {
        customers[0]!.sales[0]!.lines[0]!.product = 'racket-made-of-air'
        customers[0]!.customValues.shoe_size = '42'
        customers[1]!.vouchers[0]!.movements[0]!.sale = 'W-1999-00001'
        customers[1]!.sales[0]!.number = customers[0]!.sales[1]!.number
      },
    )
    const message = failureOf(() => loadDemoData(dir))
    expect(message).toContain('Demo data files disagree:')
    expect(message).toContain(
      'customers.json: [0].sales[0].lines[0].product ("laura"): no product "racket-made-of-air" in products.json',
    )
    expect(message).toContain(
      'customers.json: [0].customValues.shoe_size ("laura"): no custom field "shoe_size"',
    )
    expect(message).toContain(
      'customers.json: [1].vouchers[0].movements[0].sale ("carlos"): no sale "W-1999-00001"',
    )
    expect(message).toMatch(
      /customers\.json: \[1\]\.sales\[0\]\.number \("carlos"\): ".+" is also a sale of "laura"/,
    )
  })

  it('refuse an invalid IBAN and a payment method the contract does not have', async () => {
    const dir = await filesWith('customers.json', (customers: Array<Item & { sales: Item[] }>) => {
      customers[0]!.iban = 'ES9121000418450200051333'
      customers[0]!.sales[0]!.paymentMethod = 'Cash'
    })
    const message = failureOf(() => readDemoFile('customers.json', dir))
    expect(message).toContain('[0].iban ("laura"): Not a valid IBAN.')
    expect(message).toMatch(
      /\[0\]\.sales\[0\]\.paymentMethod \("laura"\): Invalid option: expected one of "BankCardRedirect"/,
    )
  })
})
