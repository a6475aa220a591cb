import type { Locale } from '@clubhouse/contract/server'
import type { Units } from '../../db/units.ts'
import type { BookingsService, NoOnlineBlock, NoOnlineBlockInput } from '../bookings/bookings.service.ts'
import type { StaffAudit } from './staff-audit.ts'

/** What the desk's blocks need of the bookings feature, which owns the blocks. */
export type BlockBookings = Pick<
  BookingsService,
  'addNoOnlineBlocks' | 'noOnlineBlocks' | 'releaseNoOnlineBlocks'
>

/** A block as the audit keeps it: what it took, never its resource's name (which may change). */
const audited = (b: NoOnlineBlock) => ({
  id: b.id,
  seriesId: b.seriesId,
  resourceId: b.resourceId,
  startsAt: new Date(b.start).toISOString(),
  endsAt: new Date(b.end).toISOString(),
  note: b.note,
})

/**
 * The desk's no-online blocks (issue 23, item 5): each write is one unit of work in which the
 * bookings feature takes or releases the time and the audit records it, so a refused or undone
 * write leaves neither blocks nor an audit row.
 */
export function createStaffBlocks(deps: {
  units: Units
  bookings: BlockBookings
  audit: Pick<StaffAudit, 'recordAudit'>
}) {
  const { units, bookings, audit } = deps

  /** Takes the time (one block or a weekly series), recording `block.add` with the blocks taken. */
  function addBlocks(staffId: number, input: NoOnlineBlockInput, locale: Locale) {
    return units.run(async () => {
      const added = await bookings.addNoOnlineBlocks(input, locale)
      await audit.recordAudit({
        staffId,
        action: 'block.add',
        subject: `resource:${input.resourceId}`,
        before: null,
        after: { seriesId: added.seriesId, blocks: added.blocks.map(audited) },
      })
      return added
    })
  }

  /** Releases a block, or it and the rest of its series, recording `block.remove` with what was released. */
  function releaseBlocks(staffId: number, id: number, series: boolean, locale: Locale) {
    return units.run(async () => {
      const released = await bookings.releaseNoOnlineBlocks(id, series, locale)
      await audit.recordAudit({
        staffId,
        action: 'block.remove',
        subject: `resource:${released[0]!.resourceId}`,
        before: { series, blocks: released.map(audited) },
        after: null,
      })
      return released
    })
  }

  return { addBlocks, listBlocks: bookings.noOnlineBlocks, releaseBlocks }
}

export type StaffBlocks = ReturnType<typeof createStaffBlocks>
