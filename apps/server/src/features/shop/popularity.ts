/**
 * Popular and trending products, worked out from units sold (product_sales).
 *
 * - Popular: the products with the most units sold in the last POPULAR_WINDOW_DAYS days, most first.
 *   When fewer than the wanted number have sales, the products the centre flagged popular complete
 *   the list, newest first.
 * - Trending: the products whose units sold in the last TRENDING_WINDOW_DAYS days grew most against
 *   the same number of days before (growth = recent − previous, only growth above 0 counts), most
 *   first; ties go to more recent units. Products flagged trending complete the list, newest first.
 *
 * Remaining ties go to the lower product id, so the lists are stable between calls.
 */

export const POPULAR_WINDOW_DAYS = 90
export const TRENDING_WINDOW_DAYS = 14

const DAY_MS = 24 * 60 * 60 * 1000

/** Units a product sold in the popular window. */
export interface UnitsSold {
  productId: number
  units: number
}

/** Units a product sold in the last trending window and in the one before it. */
export interface UnitsByWindow {
  productId: number
  recent: number
  previous: number
}

/** A product the centre flagged, with when it was created. */
export interface FlaggedProduct {
  id: number
  createdAt: Date
}

/** The instants bounding the windows for `now`. */
export function salesWindows(now: Date) {
  return {
    popularSince: new Date(now.getTime() - POPULAR_WINDOW_DAYS * DAY_MS),
    trendingSince: new Date(now.getTime() - 2 * TRENDING_WINDOW_DAYS * DAY_MS),
    trendingMiddle: new Date(now.getTime() - TRENDING_WINDOW_DAYS * DAY_MS),
  }
}

function completeWithFlagged(ranked: number[], flagged: FlaggedProduct[], count: number): number[] {
  const ids = ranked.slice(0, count)
  const byNewest = [...flagged].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id - b.id)
  for (const f of byNewest) {
    if (ids.length >= count) break
    if (!ids.includes(f.id)) ids.push(f.id)
  }
  return ids
}

/** Ids of the `count` popular products, in order. */
export function rankPopular(sales: UnitsSold[], flagged: FlaggedProduct[], count: number): number[] {
  const ranked = sales
    .filter((s) => s.units > 0)
    .sort((a, b) => b.units - a.units || a.productId - b.productId)
    .map((s) => s.productId)
  return completeWithFlagged(ranked, flagged, count)
}

/** Ids of the `count` trending products, in order. */
export function rankTrending(sales: UnitsByWindow[], flagged: FlaggedProduct[], count: number): number[] {
  const ranked = sales
    .map((s) => ({ ...s, growth: s.recent - s.previous }))
    .filter((s) => s.growth > 0)
    .sort((a, b) => b.growth - a.growth || b.recent - a.recent || a.productId - b.productId)
    .map((s) => s.productId)
  return completeWithFlagged(ranked, flagged, count)
}
