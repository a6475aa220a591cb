import type { FastifyPluginAsync } from 'fastify'
import { staffAuditRoutes } from '@clubhouse/contract/server'
import { addRoute } from '../../http/route.ts'
import type { StaffService } from './staff.service.ts'

/** The audit of the staff's writes, for owners (issue 23, item 9): newest first, a page at a time. */
export const staffAuditFeature: FastifyPluginAsync<{ staff: StaffService }> = async (app, { staff }) => {
  addRoute(app, staffAuditRoutes.staffAudit, async (req) => {
    const { rows, totalCount } = await staff.auditPage(req.query)
    return {
      ok: true as const,
      data: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      totalCount,
    }
  })
}
