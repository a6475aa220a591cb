import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm'
import { POPULAR_PRODUCTS_COUNT, TRENDING_PRODUCTS_COUNT } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import type { AnswerCache } from '../../http/cached-answer.ts'
import { rankPopular, rankTrending, salesWindows } from './popularity.ts'
import { productSales, products } from './shop.tables.ts'

/**
 * Which products are popular and trending now: the units sold in the windows of popularity.ts,
 * ranked with the products the centre flags, read once per the shop's cache period.
 */
export function createShopPopularity(db: Db, cache: AnswerCache, now: () => Date) {
  /** The products the centre flags (popular or trending), newest first, at most `count`. */
  const flaggedBy = (flag: typeof products.isPopular | typeof products.isTrending, count: number) =>
    db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .where(eq(flag, true))
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(count)

  /** The popular products' ids, best first. */
  async function popularIds(): Promise<number[]> {
    return cache.get('popular-ids', async () => {
      const { popularSince } = salesWindows(now())
      const [sales, flagged] = await Promise.all([
        db
          .select({ productId: productSales.productId, units: sql<number>`sum(${productSales.units})::int` })
          .from(productSales)
          .where(and(gte(productSales.soldAt, popularSince), lte(productSales.soldAt, now())))
          .groupBy(productSales.productId)
          .orderBy(desc(sql`sum(${productSales.units})`), asc(productSales.productId))
          .limit(POPULAR_PRODUCTS_COUNT),
        flaggedBy(products.isPopular, POPULAR_PRODUCTS_COUNT),
      ])
      return rankPopular(
        sales.map((s) => ({ productId: s.productId, units: Number(s.units) })),
        flagged,
        POPULAR_PRODUCTS_COUNT,
      )
    })
  }

  /** The trending products' ids, best first. */
  async function trendingIds(): Promise<number[]> {
    return cache.get('trending-ids', async () => {
      const { trendingSince, trendingMiddle } = salesWindows(now())
      const [sales, flagged] = await Promise.all([
        db
          .select({
            productId: productSales.productId,
            recent: sql<number>`coalesce(sum(${productSales.units}) filter (where ${productSales.soldAt} >= ${trendingMiddle}), 0)::int`,
            previous: sql<number>`coalesce(sum(${productSales.units}) filter (where ${productSales.soldAt} < ${trendingMiddle}), 0)::int`,
          })
          .from(productSales)
          .where(and(gte(productSales.soldAt, trendingSince), lte(productSales.soldAt, now())))
          .groupBy(productSales.productId),
        flaggedBy(products.isTrending, TRENDING_PRODUCTS_COUNT),
      ])
      return rankTrending(
        sales.map((s) => ({
          productId: s.productId,
          recent: Number(s.recent),
          previous: Number(s.previous),
        })),
        flagged,
        TRENDING_PRODUCTS_COUNT,
      )
    })
  }

  return { popularIds, trendingIds }
}
