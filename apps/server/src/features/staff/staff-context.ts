import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'

/** What the parts of the staff feature share: the database, its units of work, the clock and the site. */
export interface StaffContext {
  db: Db
  units: Units
  /** Every instant of tokens and sessions comes from here (tests move it); the database's `now()` decides nothing. */
  clock: () => number
  /** The site's public address, which set-password links start with. */
  publicUrl: string
  /** NODE_ENV=production: owners and managers must have a second factor (decision 108). */
  production: boolean
  /** The name authenticator apps show beside a staff member's codes: the centre's. */
  issuer: () => Promise<string>
}
