import { describe, expect, it } from 'vitest'
import {
  encodeGridStatus,
  ShopListQuery,
  TextBlockListQuery,
  TextBlockPageQuery,
  type ShopGridStatus,
} from './index.ts'

const shop = (gridStatus: unknown, range: Record<string, string> = {}) =>
  ShopListQuery.safeParse({
    ...range,
    gridStatus: typeof gridStatus === 'string' ? gridStatus : JSON.stringify(gridStatus),
  })
const messages = (r: ReturnType<typeof shop>) => (r.success ? [] : r.error.issues.map((i) => i.message))

describe('the shop gridStatus', () => {
  it("reads AG Grid's sortModel and filterModel with the search addition", () => {
    const status: ShopGridStatus = {
      sortModel: [{ colId: 'GrossPrice', sort: 'asc' }],
      filterModel: {
        ProductTypeId: { filterType: 'number', type: 'equals', filter: 3 },
        search: { filterType: 'text', type: 'contains', filter: 'grip', columns: ['Name', 'Detail'] },
      },
    }
    const r = ShopListQuery.safeParse({ startRow: '30', endRow: '60', gridStatus: encodeGridStatus(status) })
    expect(r.success && r.data).toEqual({ startRow: 30, endRow: 60, gridStatus: status })
  })

  it('means no filter and the default order when absent or empty', () => {
    for (const query of [{}, { gridStatus: '' }, { gridStatus: '{}' }]) {
      const r = ShopListQuery.safeParse(query)
      expect(r.success && r.data).toEqual({
        startRow: 0,
        endRow: 30,
        gridStatus: { sortModel: [], filterModel: {} },
      })
    }
  })

  it('accepts each sort the shop offers and nothing else', () => {
    for (const sort of [
      { colId: 'Created', sort: 'desc' },
      { colId: 'GrossPrice', sort: 'asc' },
      { colId: 'GrossPrice', sort: 'desc' },
    ])
      expect(shop({ sortModel: [sort] }).success).toBe(true)
    expect(messages(shop({ sortModel: [{ colId: 'Created', sort: 'asc' }] }))).toEqual([
      'Sorting by Created asc is not offered; the sorts are Created desc, GrossPrice asc/desc.',
    ])
    expect(messages(shop({ sortModel: [{ colId: 'Name', sort: 'asc' }] }))[0]).toMatch(/not offered/)
    expect(messages(shop({ sortModel: [{ colId: 'GrossPrice' }] }))[0]).toMatch(/"asc" or "desc"/)
    expect(
      messages(
        shop({
          sortModel: [
            { colId: 'GrossPrice', sort: 'asc' },
            { colId: 'GrossPrice', sort: 'desc' },
          ],
        }),
      ),
    ).toContain('Sort by each column once.')
    expect(messages(shop({ sortModel: 'GrossPrice' }))[0]).toMatch(/list of \{ colId, sort \}/)
  })

  it('refuses unknown columns, operators, members and wrong types with a message saying what is accepted', () => {
    expect(
      messages(shop({ filterModel: { Stock: { filterType: 'number', type: 'equals', filter: 1 } } })),
    ).toEqual(['Unknown filter column Stock; the filters are ProductTypeId, search.'])
    expect(
      messages(
        shop({ filterModel: { ProductTypeId: { filterType: 'number', type: 'greaterThan', filter: 1 } } }),
      ),
    ).toEqual(['ProductTypeId is filtered with type "equals" only.'])
    expect(
      messages(
        shop({ filterModel: { ProductTypeId: { filterType: 'text', type: 'equals', filter: 1 } } }),
      )[0],
    ).toMatch(/filterType "number"/)
    expect(
      messages(
        shop({ filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: '2' } } }),
      )[0],
    ).toMatch(/product type id/)
    expect(
      messages(
        shop({ filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: -2 } } }),
      )[0],
    ).toMatch(/product type id/)
    expect(
      messages(
        shop({
          filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: 1, filterTo: 9 } },
        }),
      )[0],
    ).toMatch(/Unknown: filterTo/)
    expect(
      messages(shop({ filterModel: { search: { filterType: 'text', type: 'startsWith', filter: 'a' } } })),
    ).toEqual(['The search has type "contains".'])
    expect(
      messages(shop({ filterModel: { search: { filterType: 'text', type: 'contains', filter: 5 } } })),
    ).toEqual(['The search text must be a string.'])
    expect(
      messages(
        shop({
          filterModel: { search: { filterType: 'text', type: 'contains', filter: 'a', columns: ['Price'] } },
        }),
      ),
    ).toEqual(['The search looks in Name, Detail, Description only.'])
    expect(
      messages(
        shop({ filterModel: { search: { filterType: 'text', type: 'contains', filter: 'a', columns: [] } } }),
      ),
    ).toHaveLength(1)
    expect(messages(shop({ rowGroupCols: [] }))).toEqual([
      'The gridStatus takes sortModel and filterModel only. Unknown: rowGroupCols.',
    ])
    expect(messages(shop({ filterModel: [] }))).toEqual(['The filterModel is an object keyed by column.'])
  })

  it('refuses text that is not JSON, or JSON that is not an object', () => {
    for (const text of ['{', "{'sortModel':[]}", 'undefined', '%7B%7D'])
      expect(messages(shop(text)), text).toEqual(['The gridStatus is not valid JSON.'])
    for (const text of ['null', '[]', '"text"', '12', 'true'])
      expect(messages(shop(text)), text).toEqual([
        'The gridStatus is a JSON object with sortModel and filterModel.',
      ])
  })

  it('refuses a search longer than 200 characters and a gridStatus longer than 2000', () => {
    const search = (filter: string) => ({
      filterModel: { search: { filterType: 'text', type: 'contains', filter } },
    })
    expect(shop(search('x'.repeat(200))).success).toBe(true)
    expect(messages(shop(search('x'.repeat(201))))).toEqual([
      'The search text is at most 200 characters long.',
    ])
    expect(messages(shop(search('x'.repeat(10_000))))).toEqual([
      'The gridStatus is at most 2000 characters long.',
    ])
  })

  it('keeps the row range forward and at most 1000 rows', () => {
    const range = (startRow: string, endRow: string) => ShopListQuery.safeParse({ startRow, endRow })
    expect(range('0', '1000').success).toBe(true)
    expect(range('5', '5').success).toBe(true)
    for (const [s, e] of [
      ['10', '9'],
      ['0', '1001'],
      ['-1', '10'],
      ['1.5', '10'],
      ['x', '10'],
      ['0', '2000000'],
    ] as const)
      expect(range(s, e).success, `${s}..${e}`).toBe(false)
  })
})

describe('the text blocks gridStatus', () => {
  const blog = (gridStatus: unknown) =>
    TextBlockPageQuery.safeParse({ gridStatus: JSON.stringify(gridStatus) })

  it('reads the kind by value or by name, the search and the sort on Created both ways', () => {
    const r = blog({
      sortModel: [{ colId: 'Created', sort: 'asc' }],
      filterModel: {
        TextBlockType: { filterType: 'text', type: 'equals', filter: 'Testimonials' },
        search: { filterType: 'text', type: 'contains', filter: 'padel' },
      },
    })
    expect(r.success && r.data.gridStatus.filterModel.TextBlockType?.filter).toBe(1)
    expect(
      blog({ filterModel: { TextBlockType: { filterType: 'number', type: 'equals', filter: 2 } } }).success,
    ).toBe(true)
    expect(blog({ sortModel: [{ colId: 'Created', sort: 'desc' }] }).success).toBe(true)
  })

  it('refuses other kinds, columns and sorts', () => {
    expect(
      blog({ filterModel: { TextBlockType: { filterType: 'number', type: 'equals', filter: 3 } } }).success,
    ).toBe(false)
    expect(
      blog({ filterModel: { TextBlockType: { filterType: 'text', type: 'equals', filter: 'News' } } })
        .success,
    ).toBe(false)
    expect(
      blog({
        filterModel: { search: { filterType: 'text', type: 'contains', filter: 'x', columns: ['Name'] } },
      }).success,
    ).toBe(false)
    expect(blog({ sortModel: [{ colId: 'GrossPrice', sort: 'asc' }] }).success).toBe(false)
  })

  it('reads the lower-case gridstatus of the /list call', () => {
    const r = TextBlockListQuery.safeParse({
      startRow: '0',
      endRow: '14',
      lookup: 'true',
      gridstatus: JSON.stringify({
        filterModel: { TextBlockType: { filterType: 'number', type: 'equals', filter: 2 } },
      }),
    })
    expect(r.success && r.data.gridstatus.filterModel.TextBlockType?.filter).toBe(2)
  })
})
