import { describe, expect, it } from 'vitest'
import { readScheduleAddress } from './schedule-query.ts'
import { hourMinute, minuteIn } from './schedule-time.ts'

describe("the schedule's address and times", () => {
  it('takes a real day and a resource type from the address, and nothing else', () => {
    expect(readScheduleAddress(new URLSearchParams('date=2030-01-07&type=3'))).toEqual({
      date: '2030-01-07',
      resourceTypeId: 3,
    })
    for (const query of [
      'date=2030-02-30&type=0',
      'date=tomorrow&type=-1',
      'date=2030-1-7&type=1.5',
      'type=%00',
    ]) {
      expect(readScheduleAddress(new URLSearchParams(query)), query).toEqual({
        date: undefined,
        resourceTypeId: undefined,
      })
    }
  })

  it("places the present time on the centre's clock, not the browser's", () => {
    // 23:30 UTC on 7 January is 00:30 on the 8th in Madrid, and still the 7th in New York.
    const at = Date.parse('2030-01-07T23:30:00Z')
    expect(minuteIn(at, 'Europe/Madrid')).toEqual({ date: '2030-01-08', minute: 30 })
    expect(minuteIn(at, 'America/New_York')).toEqual({ date: '2030-01-07', minute: 18 * 60 + 30 })
    expect([hourMinute(0), hourMinute(8 * 60 + 5), hourMinute(1440)]).toEqual(['00:00', '08:05', '24:00'])
  })
})
