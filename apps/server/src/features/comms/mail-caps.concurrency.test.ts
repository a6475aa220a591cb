import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnPostgres } from '../../test/build-test-app.ts'
import { buildTwoInstances, type TwoInstances } from '../../test/two-instances.ts'
import { communications } from './comms.tables.ts'
import { MAIL_CAPS } from './mailer.ts'

// The cap on the link mails one address receives is counted and written under a lock of the
// address: mails asked for at once, on two instances, never pass it together.
describeOnPostgres('the hourly cap of link mails, asked for at once on two instances', () => {
  let pair: TwoInstances

  beforeAll(async () => {
    pair = await buildTwoInstances('postgres')
  })
  afterAll(() => pair.close())

  it(`lets ${MAIL_CAPS.perHour} through, however many are queued together`, async () => {
    const to = 'flooded@example.com'
    const mail = (i: number) => ({
      customerId: null,
      to,
      subject: `Reset ${i}`,
      html: `<p>Reset ${i}</p>`,
      text: `Reset ${i}`,
      purpose: 'reset' as const,
    })
    const queued = await Promise.all(
      Array.from({ length: MAIL_CAPS.perHour * 3 }, (_, i) => pair.apps[i % 2]!.services.mail.queue(mail(i))),
    )
    expect(queued.filter((id) => id !== undefined)).toHaveLength(MAIL_CAPS.perHour)
    const rows = await pair.apps[0].database.db
      .select({ id: communications.id })
      .from(communications)
      .where(and(eq(communications.toAddress, to), eq(communications.purpose, 'reset')))
    expect(rows).toHaveLength(MAIL_CAPS.perHour)
  })
})
