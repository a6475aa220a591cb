// The process in a zone far from the centre's (Auckland is 11 to 13 hours ahead of Madrid and changes
// its clock in the other season): Madrid's slots, days and prices come out the same.
process.env.TZ = 'Pacific/Auckland'

import { afterAll } from 'vitest'
import { centreClockCases } from './centre-clock.cases.ts'

afterAll(() => {
  delete process.env.TZ
})

centreClockCases('Pacific/Auckland')
