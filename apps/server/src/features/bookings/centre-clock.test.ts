// The process in UTC: the centre's clock must not borrow the process's zone (see the far-zone file).
process.env.TZ = 'UTC'

import { centreClockCases } from './centre-clock.cases.ts'

centreClockCases('UTC')
