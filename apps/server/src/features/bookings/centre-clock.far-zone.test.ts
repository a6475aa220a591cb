// The process in a zone far from the centre's (Auckland is 11 to 13 hours ahead of Madrid and changes
// its clock in the other season): Madrid's slots, days and prices come out the same.
const processZone = process.env.TZ
process.env.TZ = 'Pacific/Auckland'

import { afterAll } from 'vitest'
import { centreClockCases } from './centre-clock.cases.ts'

// Test files share a worker (decision 101): the next one gets the zone the process had.
afterAll(() => {
  if (processZone === undefined) delete process.env.TZ
  else process.env.TZ = processZone
})

centreClockCases('Pacific/Auckland')
