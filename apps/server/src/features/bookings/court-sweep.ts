import { sql } from 'drizzle-orm'
import { rowsOf } from '../../db/client.ts'
import { repeatEvery } from '../../lib/repeat.ts'
import type { CourtContext } from './court-context.ts'
import type { CourtMails } from './court-mails.ts'
import { OVERLAP } from './court-prebook.ts'

/**
 * The holds of courts as the holds module knows them, and the sweep: holds that ran out released
 * (every kind's), and the reminders now due queued.
 */
export function createCourtSweep(ctx: CourtContext, mails: CourtMails) {
  const { db, units, clock, catalogue, availability, centre } = ctx
  const { queueBookingMail } = mails

  // -------------------------------------------------------------------------------------------
  // Holds of courts (decision 072): the bookings of sales outside sessions, their time their blocks

  const courts = availability.courtHolds
  ctx.holds.register({
    takenBy: Object.keys(OVERLAP),
    lock: courts.lock,
    extend: courts.extend,
    async releaseExpired(now) {
      const settings = await centre()
      return units.run(async () =>
        availability.releaseExpiredHolds({ now, zone: settings.zone, cat: await catalogue.catalogue() }),
      )
    },
    async retake(saleIds, at) {
      const settings = await centre()
      const cat = await catalogue.catalogue()
      return availability.retakeHolds({ saleIds, ...at, zone: settings.zone, cat })
    },
  })

  // -------------------------------------------------------------------------------------------
  // The sweep: holds that ran out, reminders

  /**
   * Releases every hold that ran out (courts, places and sign-ups, through the holds module), and
   * claims and queues the reminders now due: confirmed bookings starting within REMINDER_HOURS that
   * were confirmed before that window opened (one confirmed later has just had its confirmation).
   * The claim is one UPDATE over rows locked with SKIP LOCKED whose `reminder_sent_at` is still
   * empty, in the unit that queues the mails: however many instances sweep at once, each reminder
   * goes once.
   */
  async function sweep(): Promise<{ released: number; reminded: number }> {
    const now = clock()
    const released = await ctx.holds.releaseExpired(now)
    let reminded = 0
    for (;;) {
      const batch = await units.run(async () => {
        const at = new Date(now).toISOString()
        const window = `${ctx.reminderHours} hours`
        const claimed = rowsOf<{ id: number }>(
          await db.execute(sql`update bookings set reminder_sent_at = ${at}::timestamptz
          where id in (
            select id from bookings
            where status = 'confirmed' and reminder_sent_at is null
              and starts_at > ${at}::timestamptz
              and starts_at <= ${at}::timestamptz + ${window}::interval
              and coalesce(confirmed_at, created_at) <= starts_at - ${window}::interval
            order by starts_at limit 50
            for update skip locked)
            and reminder_sent_at is null
          returning id`),
        )
        for (const row of claimed) await queueBookingMail('reminder', Number(row.id))
        return claimed.length
      })
      reminded += batch
      if (batch < 50) break
    }
    return { released, reminded }
  }

  /** Runs the sweep now and then (every `everyMs`; 0: never, for tests that sweep by hand); `stop` ends it. */
  function startSweeping(everyMs: number) {
    return repeatEvery(everyMs, 5_000, () =>
      sweep().catch((err: unknown) => ctx.log.warn({ err }, 'booking sweep failed')),
    )
  }

  return { sweep, startSweeping }
}
