import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { getPostsPage } from '../../blog/api/get-posts-page.ts'
import { DATE_SORTS } from '../../blog/api/blog-grid-status.ts'
import { getShopList, shopCustomerId } from '../../shop/api/get-shop-list.ts'
import { PRODUCT_SORTS } from '../../shop/api/shop-grid-status.ts'
import { paths } from '../../../config/paths.ts'

/** Live search (spec 1 §2): more than 2 characters, 200 ms after the last key, 4 results. */
export const LIVE_SEARCH_MIN_LENGTH = 3
export const LIVE_SEARCH_DELAY_MS = 200
export const LIVE_SEARCH_RESULTS = 4

export interface SiteSearchResult {
  kind: 'product' | 'post'
  id: number
  title: string
  image: string
  href: string
  /** Products: gross price. */
  price?: number
  /** Posts: ISO instant. */
  created?: string
}

/**
 * Up to `max` results taking turns between products and posts, so neither hides the other; when
 * one kind runs out the other fills the rest.
 */
export function interleave<T>(first: T[], second: T[], max: number): T[] {
  const out: T[] = []
  for (let i = 0; out.length < max && (i < first.length || i < second.length); i++) {
    if (i < first.length) out.push(first[i] as T)
    if (out.length < max && i < second.length) out.push(second[i] as T)
  }
  return out
}

/**
 * Searches the shop (name, detail, description) and the blog (title, text, small text) through
 * their list routes with the `search` filter, four rows each, newest first. Without a shop only
 * posts are searched. A part that fails is logged and left out; the other still answers.
 */
export async function searchSite(
  text: string,
  { hasShop, customerId }: { hasShop: boolean; customerId: number },
  signal?: AbortSignal,
): Promise<SiteSearchResult[]> {
  const search = text.trim()
  const [products, posts] = await Promise.all([
    hasShop
      ? getShopList(
          { page: 1, pageSize: LIVE_SEARCH_RESULTS, sort: PRODUCT_SORTS.ByNew, search, productTypeId: null },
          customerId,
          signal,
        ).then(
          (answer) =>
            answer.data.map((p): SiteSearchResult => ({
              kind: 'product',
              id: p.id,
              title: p.name,
              image: p.logo,
              href: paths.product.to(p.id),
              price: p.grossPrice,
            })),
          () => [],
        )
      : Promise.resolve([]),
    getPostsPage({ page: 1, pageSize: LIVE_SEARCH_RESULTS, sort: DATE_SORTS.ByNew, search }, signal).then(
      (answer) =>
        answer.data.map((p): SiteSearchResult => ({
          kind: 'post',
          id: p.id,
          title: p.title,
          image: p.image,
          href: paths.post.to(p.id),
          created: p.created,
        })),
      () => [],
    ),
  ])
  return interleave(products, posts, LIVE_SEARCH_RESULTS)
}

export const siteSearchQuery = (text: string, hasShop: boolean, customerId = shopCustomerId()) =>
  queryOptions({
    queryKey: ['search', text.trim().toLowerCase(), hasShop, customerId],
    queryFn: ({ signal }) => searchSite(text, { hasShop, customerId }, signal),
    enabled: text.trim().length >= LIVE_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

export function useSiteSearch(text: string, hasShop: boolean) {
  return useQuery(siteSearchQuery(text, hasShop))
}
