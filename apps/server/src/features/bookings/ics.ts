/**
 * Calendar files (iCalendar, RFC 5545) for booking mails: one event per booking with a stable UID,
 * so the cancellation (METHOD:CANCEL, a higher SEQUENCE) removes the event the confirmation added.
 * Times are written in UTC (`…Z`): every calendar shows them in its own zone, and the file needs no
 * VTIMEZONE of the centre's.
 */

export interface CalendarEvent {
  /** Stable per booking: `booking-42@club.example`. */
  uid: string
  method: 'PUBLISH' | 'CANCEL'
  /** 0 for the confirmation, 1 for the cancellation. */
  sequence: number
  start: number
  end: number
  /** When the file is written. */
  stamp: number
  summary: string
  description: string
  location: string
  /** The centre's name and email. */
  organizer: { name: string; email: string }
}

/** `20261125T170000Z` */
function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** Folds a content line at 75 octets, never inside a UTF-8 sequence (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const ch of line) {
    const size = Buffer.byteLength(ch)
    // The first line holds 75 octets; each continuation starts with a space and holds 74 more.
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += ch
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

/** The text of a calendar file with one event, lines ending in CRLF. */
export function calendarFile(event: CalendarEvent): string {
  const cancelled = event.method === 'CANCEL'
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clubhouse//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    // A parameter value is quoted, not escaped; it cannot hold a double quote or a line break.
    `ORGANIZER;CN="${event.organizer.name.replace(/["\r\n]/g, '')}":mailto:${event.organizer.email}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
