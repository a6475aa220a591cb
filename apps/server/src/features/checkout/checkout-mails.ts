import type { Locale } from '@clubhouse/contract/server'
import { formatMoney } from '../bookings/booking-mails.ts'
import type { CartTotals } from './totals.ts'

export interface OrderMailContext {
  locale: Locale
  centreName: string
  customerName: string
  orderNumber: string
  money: { decimalSeparator: string; currencySymbol: string }
  lines: Array<{ name: string; units: number; totalCents: number }>
  transport: string | null
  totals: CartTotals
  /** The customer's orders on the site. */
  link: string
}

const words = {
  'en-US': {
    subject: (n: string) => `Your order ${n} is confirmed`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (centre: string, n: string) => `Thank you for your order at ${centre}. Its number is ${n}.`,
    subtotal: 'Subtotal',
    paid: 'Already paid',
    shipping: 'Shipping',
    free: 'Free',
    discount: 'Discount',
    total: 'Total',
    tax: (rate: number) => `Of which VAT ${rate}%`,
    calendar: 'The attached calendar files add your bookings to your calendar.',
    button: 'See my orders',
  },
  'es-ES': {
    subject: (n: string) => `Tu pedido ${n} está confirmado`,
    greeting: (name: string) => `Hola ${name}:`,
    intro: (centre: string, n: string) => `Gracias por tu pedido en ${centre}. Su número es ${n}.`,
    subtotal: 'Subtotal',
    paid: 'Ya pagado',
    shipping: 'Envío',
    free: 'Gratis',
    discount: 'Descuento',
    total: 'Total',
    tax: (rate: number) => `IVA incluido ${rate}%`,
    calendar: 'Con los archivos de calendario adjuntos añades tus reservas a tu calendario.',
    button: 'Ver mis pedidos',
  },
} as const

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** An order mail's HTML and text: the greeting, its paragraphs, its rows, the link to the orders. */
function orderMailBody(
  c: { centreName: string; customerName: string; link: string },
  w: { greeting: (name: string) => string; button: string },
  lines: string[],
  rows: Array<[string, string]>,
): { html: string; text: string } {
  const html = [
    `<h1>${escapeHtml(c.centreName)}</h1>`,
    `<p>${escapeHtml(w.greeting(c.customerName))}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...(rows.length
      ? [
          '<table>',
          ...rows.map(
            ([k, v]) => `<tr><td>${escapeHtml(k)}</td><td align="right">${escapeHtml(v)}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    `<p><a href="${escapeHtml(c.link)}"><strong>${escapeHtml(w.button)}</strong></a></p>`,
  ].join('\n')
  const text = [
    w.greeting(c.customerName),
    '',
    ...lines,
    '',
    ...(rows.length ? [...rows.map(([k, v]) => `${k}: ${v}`), ''] : []),
    `${w.button}: ${c.link}`,
    '',
    c.centreName,
  ].join('\n')
  return { html, text }
}

/**
 * The order confirmation, in the customer's language: its number, its lines, the totals (subtotal,
 * already paid, shipping, discount, total) and the tax included per rate.
 */
export function orderMail(
  c: OrderMailContext,
  opts: { withCalendar?: boolean } = {},
): { subject: string; html: string; text: string } {
  const w = words[c.locale]
  const money = (cents: number) => formatMoney(cents, c.money)
  const t = c.totals
  const rows: Array<[string, string]> = [
    ...c.lines.map((l): [string, string] => [`${l.units} × ${l.name}`, money(l.totalCents)]),
    [w.subtotal, money(t.subtotalCents)],
    ...(t.paidCents > 0 ? [[w.paid, `-${money(t.paidCents)}`] as [string, string]] : []),
    ...(c.transport !== null
      ? [
          [`${w.shipping} (${c.transport})`, t.shippingCents > 0 ? money(t.shippingCents) : w.free] as [
            string,
            string,
          ],
        ]
      : []),
    ...(t.discountCents > 0 ? [[w.discount, `-${money(t.discountCents)}`] as [string, string]] : []),
    [w.total, money(t.totalCents)],
    ...t.taxes.map((x): [string, string] => [w.tax(x.taxPercent), money(x.taxCents)]),
  ]
  const lines = [w.intro(c.centreName, c.orderNumber), ...(opts.withCalendar ? [w.calendar] : [])]
  return { subject: w.subject(c.orderNumber), ...orderMailBody(c, w, lines, rows) }
}

const shippedWords = {
  'en-US': {
    subject: (n: string) => `Your order ${n} is on its way`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (centre: string, n: string) => `${centre} has sent your order ${n}: it is on its way to you.`,
    button: 'See my orders',
  },
  'es-ES': {
    subject: (n: string) => `Tu pedido ${n} está en camino`,
    greeting: (name: string) => `Hola ${name}:`,
    intro: (centre: string, n: string) => `${centre} ha enviado tu pedido ${n}: ya está en camino.`,
    button: 'Ver mis pedidos',
  },
} as const

/** "Your order is on its way" (decision 123), in the customer's language, when the desk ships it. */
export function shippedMail(c: {
  locale: Locale
  centreName: string
  customerName: string
  orderNumber: string
  link: string
}): { subject: string; html: string; text: string } {
  const w = shippedWords[c.locale]
  return {
    subject: w.subject(c.orderNumber),
    ...orderMailBody(c, w, [w.intro(c.centreName, c.orderNumber)], []),
  }
}
