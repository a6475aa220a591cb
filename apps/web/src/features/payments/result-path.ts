import { paths } from '../../config/paths.ts'

/** /cz/ok with the order's number in the address, so a reload of the page still shows it. */
export function paidPath(orderNumber: string | null | undefined): string {
  return orderNumber
    ? `${paths.paymentOk}?${new URLSearchParams({ order: orderNumber }).toString()}`
    : paths.paymentOk
}
