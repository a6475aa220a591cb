import { describe, expect, it } from 'vitest'
import { rankPopular, rankTrending, salesWindows } from './popularity.ts'

const flagged = (id: number, day: number) => ({ id, createdAt: new Date(Date.UTC(2025, 0, day)) })

describe('popular products', () => {
  it('rank by units sold, most first, ties to the lower id', () => {
    const sales = [
      { productId: 7, units: 3 },
      { productId: 2, units: 10 },
      { productId: 9, units: 3 },
      { productId: 4, units: 1 },
    ]
    expect(rankPopular(sales, [], 3)).toEqual([2, 7, 9])
  })

  it('are completed with flagged products, newest first, without repeating one', () => {
    const sales = [{ productId: 5, units: 2 }]
    const flags = [flagged(1, 1), flagged(5, 9), flagged(3, 5), flagged(8, 5)]
    expect(rankPopular(sales, flags, 4)).toEqual([5, 3, 8, 1])
  })

  it('are the flagged products alone when nothing was sold, and fewer than wanted when few are flagged', () => {
    expect(rankPopular([], [flagged(1, 1), flagged(2, 2)], 8)).toEqual([2, 1])
    expect(rankPopular([], [], 8)).toEqual([])
  })

  it('ignore rows without units', () => {
    expect(rankPopular([{ productId: 1, units: 0 }], [], 3)).toEqual([])
  })
})

describe('trending products', () => {
  it('rank by growth of recent units over the window before, ties to more recent units', () => {
    const sales = [
      { productId: 1, recent: 10, previous: 8 }, // +2
      { productId: 2, recent: 5, previous: 0 }, // +5
      { productId: 3, recent: 9, previous: 4 }, // +5, more recent units
      { productId: 4, recent: 1, previous: 6 }, // falling
      { productId: 5, recent: 3, previous: 3 }, // steady
    ]
    expect(rankTrending(sales, [], 4)).toEqual([3, 2, 1])
  })

  it('are completed with products flagged trending and cut at the wanted number', () => {
    const sales = [{ productId: 2, recent: 4, previous: 1 }]
    expect(rankTrending(sales, [flagged(6, 3), flagged(2, 4), flagged(7, 1)], 2)).toEqual([2, 6])
  })
})

describe('sales windows', () => {
  it('run 90 days back for popular and twice 14 days back for trending', () => {
    const now = new Date('2025-06-30T12:00:00Z')
    expect(salesWindows(now)).toEqual({
      popularSince: new Date('2025-04-01T12:00:00Z'),
      trendingSince: new Date('2025-06-02T12:00:00Z'),
      trendingMiddle: new Date('2025-06-16T12:00:00Z'),
    })
  })
})
