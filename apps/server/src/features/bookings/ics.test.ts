import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { calendarFile, foldLine } from './ics.ts'

describe('calendar files', () => {
  const event = {
    uid: 'booking-7@club.example',
    method: 'PUBLISH' as const,
    sequence: 0,
    start: Date.parse('2030-03-31T16:00:00Z'),
    end: Date.parse('2030-03-31T17:30:00Z'),
    stamp: Date.parse('2030-03-20T10:00:00Z'),
    summary: 'Pádel 90 min — Pista 3 + Palas Control (31/03/2030 18:00); ñandú, pingüino',
    description: 'Club Mistral Pádel & Fitness — reserva con palas\nLínea dos',
    location: 'Carrer de la Brisa, 14; 46011 València',
    organizer: { name: 'Club Mistral, Pádel & "Fitness"', email: 'hola@clubmistral.es' },
  }

  it('keeps every line within 75 octets, never cutting a character in two', () => {
    const folded = foldLine(`SUMMARY:${'ñ'.repeat(100)}`)
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i ? l.slice(1) : l))
        .join(''),
    ).toBe(`SUMMARY:${'ñ'.repeat(100)}`)
  })

  it('reads back, in a calendar parser, exactly the texts and instants it was given', () => {
    const text = calendarFile(event)
    expect(text.endsWith('\r\n')).toBe(true)
    const calendar = new ICAL.Component(ICAL.parse(text))
    const vevent = calendar.getFirstSubcomponent('vevent')!
    const parsed = new ICAL.Event(vevent)
    expect(parsed.summary).toBe(event.summary)
    expect(parsed.description).toBe(event.description)
    expect(parsed.location).toBe(event.location)
    expect(parsed.startDate.toJSDate().getTime()).toBe(event.start)
    expect(parsed.endDate.toJSDate().getTime()).toBe(event.end)
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Club Mistral, Pádel & Fitness')
  })
})
