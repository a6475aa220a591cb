import { sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import {
  createTestClub,
  HOUR,
  MINUTE,
  prebookBody,
  T0,
  testClock,
  type TestClub,
} from '../../test/booking-fixtures.ts'
import {
  describeOnPostgres,
  buildTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/build-test-app.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { TEST_MAIN_SETTINGS } from '../../test/settings-fixtures.ts'
import { startSmtp, type ReceivedMail } from '../../test/smtp.ts'

/**
 * The mails of a booking as a customer's mailbox and calendar receive them, over real SMTP: the
 * confirmation with a calendar file that adds the event, the cancellation with one that removes it
 * (same UID), and the reminder, sent once however many instances sweep.
 */

/** The one event of a calendar file, read by ical.js as a calendar application would. */
function calendarOf(mail: ReceivedMail) {
  const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))
  expect(ics, `calendar file in "${mail.subject}"`).toBeDefined()
  expect(ics!.content).toMatch(/\r\n/)
  const calendar = new ICAL.Component(ICAL.parse(ics!.content))
  const vevent = calendar.getFirstSubcomponent('vevent')!
  const event = new ICAL.Event(vevent)
  return {
    filename: ics!.filename,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    status: vevent.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    location: event.location,
  }
}

async function makeEnglish(app: App, customer: LoggedIn) {
  await app.database.db.execute(sql`update customers set language = 'en-US' where id = ${customer.id}`)
}

describe.each(testDatabaseKinds())('booking mails over SMTP on %s', (kind) => {
  const clock = testClock()
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let t: TestApp
  let club: TestClub
  let ana: LoggedIn
  let ben: LoggedIn

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url }, now: clock.now })
    club = await createTestClub(t.app.services)
    ;[ana, ben] = (await insertLoggedInCustomers(t.app, 2, 'mailed')) as [LoggedIn, LoggedIn]
    await makeEnglish(t.app, ben)
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(t.app)
  })

  const mailsTo = async (email: string) => {
    await t.app.services.mail.flush()
    return smtp.received.filter((m) => m.to === email)
  }
  const prebook = async (
    who: LoggedIn,
    start: string,
    duration: number,
    resources: number[],
    type: number,
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: who.headers,
      payload: prebookBody(who.id, type, start, duration, resources),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().model as { bookingId: number; sale: { id: number } | null; description: string }
  }

  it("confirms a free booking in the customer's language with a calendar file of its time and place", async () => {
    const booking = await prebook(ana, '2030-01-08 09:00', 60, [club.room], club.gym)
    const [mail] = await mailsTo('mailed1@example.com')
    expect(mail!.subject).toBe('Reserva confirmada: Sala fitness 60 min — Sala fitness (08/01/2030 09:00)')
    expect(mail!.text).toContain('Tu reserva en Centro Prueba & Co está confirmada.')
    expect(mail!.text).toContain('http://test.local/customer-bookings')
    expect(calendarOf(mail!)).toEqual({
      filename: 'booking.ics',
      method: 'PUBLISH',
      uid: `booking-${booking.bookingId}@test.local`,
      sequence: 0,
      status: 'CONFIRMED',
      // 09:00 in Madrid in January is 08:00 UTC.
      start: '2030-01-08T08:00:00.000Z',
      end: '2030-01-08T09:00:00.000Z',
      summary: 'Sala fitness 60 min — Sala fitness (08/01/2030 09:00)',
      location: TEST_MAIN_SETTINGS.address,
    })
  })

  it('confirms a paid booking once the checkout confirms it, and its cancellation removes it from the calendar', async () => {
    const held = await prebook(ben, '2030-01-10 18:00', 90, [club.court1, club.rackets1], club.padel)
    expect(await mailsTo('mailed2@example.com')).toHaveLength(0)
    await t.app.services.sales.paySale(held.sale!.id, { paymentMethodId: 15 })
    await t.app.services.bookings.confirmBooking(held.bookingId)
    const [confirmation] = await mailsTo('mailed2@example.com')
    expect(confirmation!.subject).toMatch(/^Booking confirmed: Padel 90 min — Court 1 \+ Rackets A/)
    expect(confirmation!.text).toContain('Price: 27,00 €.')
    const added = calendarOf(confirmation!)
    expect(added).toMatchObject({
      method: 'PUBLISH',
      start: '2030-01-10T17:00:00.000Z',
      end: '2030-01-10T18:30:00.000Z',
    })

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/publicbookings/cancel/${held.bookingId}/${ben.id}`,
      headers: ben.headers,
    })
    expect(res.statusCode).toBe(200)
    const mails = await mailsTo('mailed2@example.com')
    expect(mails).toHaveLength(2)
    const cancellation = mails[1]!
    expect(cancellation.subject).toMatch(/^Booking cancelled: /)
    expect(cancellation.text).toContain('What you paid (27,00 €) is back in your money voucher')
    expect(calendarOf(cancellation)).toEqual({
      ...added,
      filename: 'cancelled-booking.ics',
      method: 'CANCEL',
      sequence: 1,
      status: 'CANCELLED',
    })
  })

  it('sends no mail for a hold nobody paid, nor for its release', async () => {
    const before = (await mailsTo('mailed2@example.com')).length
    const held = await prebook(ben, '2030-01-11 10:00', 60, [club.court2], club.padel)
    await t.app.inject({
      method: 'POST',
      url: `/api/publicbookings/cancel/${held.bookingId}/${ben.id}`,
      headers: ben.headers,
    })
    clock.advance(20 * MINUTE)
    await t.app.services.bookings.sweep()
    expect(await mailsTo('mailed2@example.com')).toHaveLength(before)
  })

  it('reminds the customer once, REMINDER_HOURS before the start, and not one who booked inside that time', async () => {
    const start = Date.parse('2030-01-12T09:00:00Z') // Saturday 10:00 in Madrid
    const early = await prebook(ana, '2030-01-12 10:00', 60, [club.room], club.gym)
    clock.set(start - 25 * HOUR)
    expect((await t.app.services.bookings.sweep()).reminded).toBe(0)
    // Booked 5 hours ahead: its confirmation is reminder enough.
    clock.set(start - 5 * HOUR)
    const late = await prebook(ana, '2030-01-12 11:00', 60, [club.room], club.gym)
    clock.set(start - 2 * HOUR)
    const [first, second] = await Promise.all([
      t.app.services.bookings.sweep(),
      t.app.services.bookings.sweep(),
    ])
    expect(first!.reminded + second!.reminded).toBe(1)
    expect((await t.app.services.bookings.sweep()).reminded).toBe(0)
    const reminders = (await mailsTo('mailed1@example.com')).filter((m) =>
      m.subject.startsWith('Recordatorio'),
    )
    expect(reminders.map((m) => m.subject)).toEqual([
      'Recordatorio: Sala fitness 60 min — Sala fitness (12/01/2030 10:00)',
    ])
    expect(reminders[0]!.text).toContain('dentro de menos de 24 horas')
    expect(early.bookingId).not.toBe(late.bookingId)
  })
})

describeOnPostgres('the reminder with two instances sweeping at once on PostgreSQL', () => {
  const clock = testClock()
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let apps: App[]
  let close: () => Promise<void>
  let club: TestClub
  let racers: LoggedIn[]

  beforeAll(async () => {
    smtp = await startSmtp()
    ;({ apps, close } = await startInstances(2, { now: clock.now, env: { SMTP_URL: smtp.url } }))
    club = await createTestClub(apps[0]!.services)
    racers = await insertLoggedInCustomers(apps[0]!, 12, 'reminded')
  })
  afterAll(async () => {
    await close()
    await smtp.close()
  })

  it('sends each of many reminders exactly once', async () => {
    // Twelve customers, each with a free hour on Saturday from 08:00.
    for (const [i, who] of racers.entries()) {
      const hour = String(8 + i).padStart(2, '0')
      const res = await apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/publicbookings/prebook',
        headers: who.headers,
        remoteAddress: `203.0.113.${i + 1}`,
        payload: prebookBody(who.id, club.gym, `2030-01-12 ${hour}:00`, 60, [club.room]),
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    clock.set(Date.parse('2030-01-11T20:00:00Z'))
    const sweeps = await Promise.all([...apps, ...apps].map((app) => app.services.bookings.sweep()))
    expect(sweeps.reduce((sum, s) => sum + s.reminded, 0)).toBe(racers.length)
    await Promise.all(apps.map((app) => app.services.mail.flush()))
    const reminders = smtp.received.filter((m) => m.subject.startsWith('Recordatorio'))
    expect(reminders.map((m) => m.to).sort()).toEqual(
      racers.map((_, i) => `reminded${i + 1}@example.com`).sort(),
    )
  })
})
