import { VoucherKind, type Locale } from '@clubhouse/contract/server'
import type { MailAttachment } from '../comms/mailer.ts'
import { calendarFile, type CalendarEvent } from './ics.ts'

/**
 * The mails of a booking, in the customer's language: the confirmation (with a calendar file that
 * adds the event), the cancellation (with one that removes it), the reminder before the start, the
 * offer of a place that freed in a full session, held for the first customer of its waiting list,
 * and the move of a booking to another time or court at the desk (with a file that updates the event).
 */

export type BookingMailKind = 'confirmation' | 'cancellation' | 'reminder' | 'offer' | 'moved'

export interface BookingMailContext {
  locale: Locale
  centreName: string
  customerName: string
  /** What is booked: type, duration, resources and the start on the centre's clock. */
  description: string
  /** "18,00 €"; empty for a free booking. */
  price: string
  /** Cancellation: what went back, in its kind ("1 session"), and the voucher it went to ("sessions voucher"). */
  returned?: Array<{ amount: string; voucher: string }>
  address: string
  cancellationText: string
  /** My bookings on the site. */
  link: string
  /** Hours before the start the reminder goes (reminder only). */
  hoursBefore?: number
  /** `HH:mm` on the centre's clock until which an offered place is held (offer only). */
  heldUntil?: string
}

interface Texts {
  subject: string
  greeting: string
  lines: string[]
  button: string
}

const texts: Record<BookingMailKind, Record<Locale, (c: BookingMailContext) => Texts>> = {
  confirmation: {
    'en-US': (c) => ({
      subject: `Booking confirmed: ${c.description}`,
      greeting: `Hello ${c.customerName},`,
      lines: [
        `Your booking at ${c.centreName} is confirmed.`,
        `${c.description}.${c.price ? ` Price: ${c.price}.` : ''}`,
        ...(c.address ? [`Where: ${c.address}.`] : []),
        ...(c.cancellationText ? [c.cancellationText] : []),
        'The attached calendar file adds it to your calendar.',
      ],
      button: 'See my bookings',
    }),
    'es-ES': (c) => ({
      subject: `Reserva confirmada: ${c.description}`,
      greeting: `Hola ${c.customerName}:`,
      lines: [
        `Tu reserva en ${c.centreName} está confirmada.`,
        `${c.description}.${c.price ? ` Precio: ${c.price}.` : ''}`,
        ...(c.address ? [`Dónde: ${c.address}.`] : []),
        ...(c.cancellationText ? [c.cancellationText] : []),
        'Con el archivo de calendario adjunto la añades a tu calendario.',
      ],
      button: 'Ver mis reservas',
    }),
  },
  cancellation: {
    'en-US': (c) => ({
      subject: `Booking cancelled: ${c.description}`,
      greeting: `Hello ${c.customerName},`,
      lines: [
        `Your booking at ${c.centreName} has been cancelled and its time is free again.`,
        `${c.description}.`,
        ...(c.returned ?? []).map(
          (r) => `What you paid (${r.amount}) is back in your ${r.voucher} at ${c.centreName}.`,
        ),
        'The attached calendar file removes it from your calendar.',
      ],
      button: 'See my bookings',
    }),
    'es-ES': (c) => ({
      subject: `Reserva cancelada: ${c.description}`,
      greeting: `Hola ${c.customerName}:`,
      lines: [
        `Tu reserva en ${c.centreName} se ha cancelado y su hora vuelve a estar libre.`,
        `${c.description}.`,
        ...(c.returned ?? []).map(
          (r) => `Lo que pagaste (${r.amount}) vuelve a tu ${r.voucher} de ${c.centreName}.`,
        ),
        'Con el archivo de calendario adjunto la quitas de tu calendario.',
      ],
      button: 'Ver mis reservas',
    }),
  },
  moved: {
    'en-US': (c) => ({
      subject: `Booking changed: ${c.description}`,
      greeting: `Hello ${c.customerName},`,
      lines: [
        `${c.centreName} has moved your booking to another time or court.`,
        `It is now: ${c.description}.${c.price ? ` Price: ${c.price}, as before.` : ''}`,
        ...(c.address ? [`Where: ${c.address}.`] : []),
        'The attached calendar file updates it in your calendar.',
      ],
      button: 'See my bookings',
    }),
    'es-ES': (c) => ({
      subject: `Reserva cambiada: ${c.description}`,
      greeting: `Hola ${c.customerName}:`,
      lines: [
        `${c.centreName} ha cambiado tu reserva de hora o de pista.`,
        `Ahora es: ${c.description}.${c.price ? ` Precio: ${c.price}, como antes.` : ''}`,
        ...(c.address ? [`Dónde: ${c.address}.`] : []),
        'Con el archivo de calendario adjunto la actualizas en tu calendario.',
      ],
      button: 'Ver mis reservas',
    }),
  },
  reminder: {
    'en-US': (c) => ({
      subject: `Reminder: ${c.description}`,
      greeting: `Hello ${c.customerName},`,
      lines: [
        `A reminder of your booking at ${c.centreName}, in less than ${c.hoursBefore ?? 24} hours.`,
        `${c.description}.`,
        ...(c.address ? [`Where: ${c.address}.`] : []),
      ],
      button: 'See my bookings',
    }),
    'es-ES': (c) => ({
      subject: `Recordatorio: ${c.description}`,
      greeting: `Hola ${c.customerName}:`,
      lines: [
        `Te recordamos tu reserva en ${c.centreName}, dentro de menos de ${c.hoursBefore ?? 24} horas.`,
        `${c.description}.`,
        ...(c.address ? [`Dónde: ${c.address}.`] : []),
      ],
      button: 'Ver mis reservas',
    }),
  },
  offer: {
    'en-US': (c) => ({
      subject: `A place is held for you: ${c.description}`,
      greeting: `Hello ${c.customerName},`,
      lines: [
        `A place has freed up in a session at ${c.centreName} whose waiting list you joined, and it is held for you until ${c.heldUntil ?? ''}.`,
        `${c.description}.${c.price ? ` Price: ${c.price}.` : ''}`,
        c.price
          ? 'Pay it from your bookings before then to keep it.'
          : 'Confirm it from your bookings before then to keep it.',
        'After that time it goes to the next person on the waiting list.',
      ],
      button: 'See my bookings',
    }),
    'es-ES': (c) => ({
      subject: `Te guardamos una plaza: ${c.description}`,
      greeting: `Hola ${c.customerName}:`,
      lines: [
        `Se ha liberado una plaza en una sesión de ${c.centreName} en cuya lista de espera estás, y te la guardamos hasta las ${c.heldUntil ?? ''}.`,
        `${c.description}.${c.price ? ` Precio: ${c.price}.` : ''}`,
        c.price
          ? 'Págala desde tus reservas antes de esa hora para quedártela.'
          : 'Confírmala desde tus reservas antes de esa hora para quedártela.',
        'Después pasará a la siguiente persona de la lista de espera.',
      ],
      button: 'Ver mis reservas',
    }),
  },
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Subject, HTML and text of a booking mail, with its calendar file when there is one. */
export function bookingMail(
  kind: BookingMailKind,
  ctx: BookingMailContext,
  event?: CalendarEvent,
): { subject: string; html: string; text: string; attachments: MailAttachment[] } {
  const t = texts[kind][ctx.locale](ctx)
  const html = [
    `<h1>${escapeHtml(ctx.centreName)}</h1>`,
    `<p>${escapeHtml(t.greeting)}</p>`,
    ...t.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(ctx.link)}"><strong>${escapeHtml(t.button)}</strong></a></p>`,
    `<p>${escapeHtml(ctx.centreName)}</p>`,
  ].join('\n')
  const text = [t.greeting, '', ...t.lines, '', `${t.button}: ${ctx.link}`, '', ctx.centreName].join('\n')
  const attachments: MailAttachment[] = event
    ? [
        {
          filename: event.method === 'CANCEL' ? 'cancelled-booking.ics' : 'booking.ics',
          contentType: `text/calendar; charset=utf-8; method=${event.method}`,
          content: calendarFile(event),
        },
      ]
    : []
  return { subject: t.subject, html, text, attachments }
}

/** A date of the centre (`yyyy-MM-dd`) in a date-fns style pattern of the settings (`dd/MM/yyyy`). */
export function formatCentreDate(date: string, pattern: string): string {
  const [y, m, d] = date.split('-') as [string, string, string]
  const out = pattern.replace(/yyyy|MM|dd/g, (token) => (token === 'yyyy' ? y : token === 'MM' ? m : d))
  return /\d/.test(out) ? out : date
}

/**
 * A voucher amount as the centre writes it, in its unit: money "18,00 €", sessions "1 session" /
 * "1 sesión", hours "1,5 h" (stored in cents, sessions and minutes).
 */
export function formatVoucherAmount(
  kind: VoucherKind,
  stored: number,
  settings: { decimalSeparator: string; currencySymbol: string },
  locale: Locale,
): string {
  if (kind === VoucherKind.Money) return formatMoney(stored, settings)
  if (kind === VoucherKind.Sessions) {
    const one = stored === 1
    return locale === 'es-ES'
      ? `${stored} ${one ? 'sesión' : 'sesiones'}`
      : `${stored} ${one ? 'session' : 'sessions'}`
  }
  const hours = String(Math.round((stored / 60) * 100) / 100).replace('.', settings.decimalSeparator)
  return `${hours} h`
}

/** Cents as the centre writes money: "18,00 €". */
export function formatMoney(cents: number, settings: { decimalSeparator: string; currencySymbol: string }) {
  const text = (cents / 100).toFixed(2).replace('.', settings.decimalSeparator)
  return `${text} ${settings.currencySymbol}`.trim()
}
