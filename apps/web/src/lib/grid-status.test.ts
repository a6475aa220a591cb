import { describe, expect, it } from 'vitest'
import {
  BlogGridStatus,
  MAX_SEARCH_LENGTH as CONTRACT_MAX_SEARCH_LENGTH,
  SEARCH_FILTER_KEY as CONTRACT_SEARCH_KEY,
  ShopGridStatus,
  ShopListQuery,
  TextBlockListQuery,
  TextBlockPageQuery,
} from '@clubhouse/contract'
import { buildPostsGridStatus, buildTextBlocksGridStatus } from '../features/blog/api/blog-grid-status.ts'
import { buildShopGridStatus } from '../features/shop/api/shop-grid-status.ts'
import { isSearchReady, MAX_SEARCH_LENGTH, pageQuery, SEARCH_FILTER_KEY } from './grid-status.ts'

describe('the shop gridStatus', () => {
  it('sorts the newest first and filters nothing by default', () => {
    const status = buildShopGridStatus({ sort: 1, search: '', productTypeId: null })
    expect(ShopGridStatus.parse(status)).toEqual({
      sortModel: [{ colId: 'Created', sort: 'desc' }],
      filterModel: {},
    })
  })

  it.each([
    [2, 'asc'],
    [3, 'desc'],
  ] as const)('sorts by gross price for sort %i', (sort, direction) => {
    const status = buildShopGridStatus({ sort, search: '', productTypeId: null })
    expect(ShopGridStatus.parse(status).sortModel).toEqual([{ colId: 'GrossPrice', sort: direction }])
  })

  it('filters by product type and searches name, detail and description', () => {
    const status = buildShopGridStatus({ sort: 2, search: '  grip ', productTypeId: 3 })
    expect(ShopGridStatus.parse(status).filterModel).toEqual({
      ProductTypeId: { filterType: 'number', type: 'equals', filter: 3 },
      search: { filterType: 'text', type: 'contains', filter: 'grip' },
    })
  })

  it('travels as the query the shop list route accepts', () => {
    const query = pageQuery(2, 30, buildShopGridStatus({ sort: 3, search: 'padel', productTypeId: 1 }))
    expect(query.startRow).toBe(30)
    expect(query.endRow).toBe(60)
    const parsed = ShopListQuery.parse({
      ...query,
      startRow: String(query.startRow),
      endRow: String(query.endRow),
    })
    expect(parsed.gridStatus.filterModel.search?.filter).toBe('padel')
  })

  it('cuts a very long search to what the server accepts', () => {
    const status = buildShopGridStatus({ sort: 1, search: 'x'.repeat(10_000), productTypeId: null })
    expect(ShopGridStatus.parse(status).filterModel.search?.filter).toHaveLength(MAX_SEARCH_LENGTH)
  })
})

describe('the blog gridStatus', () => {
  it('lists posts only, newest or oldest first', () => {
    expect(BlogGridStatus.parse(buildPostsGridStatus({ sort: 1, search: '' }))).toEqual({
      sortModel: [{ colId: 'Created', sort: 'desc' }],
      filterModel: { TextBlockType: { filterType: 'number', type: 'equals', filter: 0 } },
    })
    expect(BlogGridStatus.parse(buildPostsGridStatus({ sort: 2, search: '' })).sortModel).toEqual([
      { colId: 'Created', sort: 'asc' },
    ])
  })

  it('searches title, text and small text through the page route', () => {
    const query = pageQuery(1, 30, buildPostsGridStatus({ sort: 1, search: 'torneo' }))
    expect(TextBlockPageQuery.parse(query).gridStatus.filterModel.search).toEqual({
      filterType: 'text',
      type: 'contains',
      filter: 'torneo',
    })
  })

  it('asks for testimonials and team members through the rows route', () => {
    for (const type of [1, 2] as const) {
      const parsed = TextBlockListQuery.parse({
        startRow: 0,
        endRow: 15,
        gridstatus: JSON.stringify(buildTextBlocksGridStatus(type)),
      })
      expect(parsed.gridstatus.filterModel.TextBlockType?.filter).toBe(type)
    }
  })
})

describe('the search rule', () => {
  it('agrees with the contract on the search key and its longest text', () => {
    expect(SEARCH_FILTER_KEY).toBe(CONTRACT_SEARCH_KEY)
    expect(MAX_SEARCH_LENGTH).toBe(CONTRACT_MAX_SEARCH_LENGTH)
  })

  it('fires when empty or longer than 3 characters', () => {
    expect(isSearchReady('')).toBe(true)
    expect(isSearchReady('   ')).toBe(true)
    expect(isSearchReady('pad')).toBe(false)
    expect(isSearchReady('pade')).toBe(true)
  })
})
