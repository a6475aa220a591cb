// The process in UTC: the centre's clock must not borrow the process's zone (see the far-zone file).
const processZone = process.env.TZ
process.env.TZ = 'UTC'

import { afterAll } from 'vitest'
import { centreClockCases } from './centre-clock.cases.ts'

// Test files share a worker (decision 101): the next one gets the zone the process had.
afterAll(() => {
  if (processZone === undefined) delete process.env.TZ
  else process.env.TZ = processZone
})

centreClockCases('UTC')
