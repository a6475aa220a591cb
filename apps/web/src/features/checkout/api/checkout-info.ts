import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { CheckoutErrorCode, checkoutRoutes, type CheckoutInfo, type SaleItemInput } from '@clubhouse/contract'
import { ApiError } from '../../../lib/api-error.ts'
import { callApi } from '../../../lib/api-client.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** What the checkout sends of the cart: products (with their variant) and units, and the sales it pays. */
export interface CartContent {
  saleItems: SaleItemInput[]
  saleIds: number[]
}

/**
 * A sale of the cart whose hold the server has released (it ran out by the server's clock, or it
 * was cancelled) though this browser still counts it as held: it can no longer be paid.
 * `message` is the server's, in the customer's language.
 */
export interface ReleasedSale {
  saleId: number
  message: string
}

/** The checkout's offer for the sales still payable, and the sales the server has released. */
export type CheckoutInfoAnswer = CheckoutInfo & { released: ReleasedSale[] }

const isHoldExpired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === CheckoutErrorCode.holdExpired

/** Whether `text` names `saleNumber` as a whole word (W-2026-00041, not W-2026-000412). */
const names = (text: string, saleNumber: string) =>
  new RegExp(`(^|[^\\w-])${saleNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(text)

/**
 * What this checkout offers, with the cart priced now by the server (spec 2 §7 checkout-info): a
 * guest's from `/checkout-info`, a customer's (vouchers, details) from `/checkout-info-by-customer`.
 * Keyed by the cart's content, so a changed line asks again; the last answer stays on screen meanwhile.
 *
 * checkout-info refuses the whole cart (422 `hold_expired`) when one of its sales has been released
 * on the server. That sale is set apart and the rest asked for again, so the other lines can still be
 * paid: it is the one whose number (`saleNumbers`, as the cart keeps them) the refusal names, or,
 * for a sale the cart knows no number of, the one refused when asked for alone.
 */
export const checkoutInfoQuery = (
  customerId: number,
  content: CartContent,
  saleNumbers: ReadonlyMap<number, string> = new Map(),
) =>
  queryOptions({
    queryKey: ['checkout', 'info', customerId, content],
    queryFn: ({ signal }) => {
      const route = customerId ? checkoutRoutes.checkoutInfoByCustomer : checkoutRoutes.checkoutInfo
      const ask = (saleIds: number[]) =>
        callApi(route, { body: { customerId, ...content, saleIds }, signal }).then((answer) => answer.data)

      async function releasedAmong(saleIds: number[], refusal: ApiError): Promise<ReleasedSale[]> {
        const named = saleIds.filter((id) => {
          const saleNumber = saleNumbers.get(id)
          return saleNumber !== undefined && names(refusal.errorMsg, saleNumber)
        })
        if (named.length > 0) return named.map((saleId) => ({ saleId, message: refusal.errorMsg }))
        const alone = await Promise.all(
          saleIds.map((saleId) =>
            callApi(route, { body: { customerId, saleItems: [], saleIds: [saleId] }, signal }).then(
              () => null,
              (error: unknown) => (isHoldExpired(error) ? { saleId, message: error.errorMsg } : null),
            ),
          ),
        )
        return alone.filter((sale) => sale !== null)
      }

      async function run(): Promise<CheckoutInfoAnswer> {
        const released: ReleasedSale[] = []
        let saleIds = content.saleIds
        // Each refusal sets at least one sale apart, so this asks at most once per sale more.
        for (;;) {
          try {
            return { ...(await ask(saleIds)), released }
          } catch (error) {
            if (!isHoldExpired(error)) throw error
            const gone = await releasedAmong(saleIds, error)
            if (gone.length === 0) throw error
            released.push(...gone)
            saleIds = saleIds.filter((id) => !gone.some((sale) => sale.saleId === id))
          }
        }
      }

      return logCrash('checkout info', signal, run())
    },
  })

export function useCheckoutInfo(
  customerId: number,
  content: CartContent,
  enabled: boolean,
  saleNumbers?: ReadonlyMap<number, string>,
) {
  return useQuery({
    ...checkoutInfoQuery(customerId, content, saleNumbers),
    enabled,
    placeholderData: keepPreviousData,
  })
}
