import type { Locale } from '@clubhouse/contract/server'
import { formatMoney } from '../bookings/booking-mails.ts'
import type { Mailer } from '../comms/mailer.ts'
import type { ContentService } from '../content/content.service.ts'

export interface LateRefundMailContext {
  locale: Locale
  centreName: string
  customerName: string
  orderNumber: string
  /** The amount given back, as the centre writes money ("99,95 €"). */
  amount: string
}

const words = {
  'en-US': {
    subject: (n: string) => `Your payment for order ${n} has been refunded`,
    greeting: (name: string) => `Hello ${name},`,
    body: (n: string, amount: string) =>
      `Your payment of ${amount} for order ${n} reached us after the time to pay had ended, and what you ordered was no longer available. We have refunded the whole amount to the card or account you paid with; your bank may take a few days to show it.`,
    sorry: 'We are sorry for the inconvenience.',
  },
  'es-ES': {
    subject: (n: string) => `Te hemos devuelto el pago del pedido ${n}`,
    greeting: (name: string) => `Hola ${name}:`,
    body: (n: string, amount: string) =>
      `Tu pago de ${amount} del pedido ${n} nos llegó cuando ya había terminado el plazo para pagar, y lo que pediste ya no estaba disponible. Te hemos devuelto el importe completo a la tarjeta o cuenta con la que pagaste; tu banco puede tardar unos días en mostrarlo.`,
    sorry: 'Sentimos las molestias.',
  },
} as const

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The mail of a late payment refunded (decision 067: money wins, the customer is told). */
export function lateRefundMail(c: LateRefundMailContext): { subject: string; html: string; text: string } {
  const w = words[c.locale]
  const lines = [w.body(c.orderNumber, c.amount), w.sorry]
  return {
    subject: w.subject(c.orderNumber),
    html: [
      `<h1>${escapeHtml(c.centreName)}</h1>`,
      `<p>${escapeHtml(w.greeting(c.customerName))}</p>`,
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ].join('\n'),
    text: [w.greeting(c.customerName), '', ...lines, '', c.centreName].join('\n'),
  }
}

/**
 * `PaymentsDeps.mailLateRefund`: the mail above, in the customer's language, queued in the outbox in
 * the caller's unit of work (the settle that decided the refund).
 */
export function createLateRefundMailer(deps: {
  mail: Pick<Mailer, 'queue'>
  content: Pick<ContentService, 'mainSettings'>
  customers: {
    contactOf(id: number): Promise<{ id: number; email: string; name: string; language: Locale } | undefined>
  }
}) {
  return async (customerId: number, orderNumber: string, amountCents: number): Promise<void> => {
    const who = await deps.customers.contactOf(customerId)
    if (!who) return
    const settings = await deps.content.mainSettings(who.language).catch(() => undefined)
    const money = {
      decimalSeparator: settings?.decimalSeparator ?? ',',
      currencySymbol: settings?.currencySymbol ?? '€',
    }
    const content = lateRefundMail({
      locale: who.language,
      centreName: settings?.name || 'Clubhouse',
      customerName: who.name,
      orderNumber,
      amount: formatMoney(amountCents, money),
    })
    await deps.mail.queue({ customerId: who.id, to: who.email, ...content })
  }
}
