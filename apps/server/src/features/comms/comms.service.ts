import type { InfoRequestBody } from '@clubhouse/contract'
import type { Db } from '../../db/client.ts'
import { infoRequests } from './comms.tables.ts'

export function createCommsService(db: Db) {
  /** Stores a visitor's question for the centre's staff. */
  async function receiveInfoRequest(request: InfoRequestBody) {
    const [row] = await db
      .insert(infoRequests)
      .values({ email: request.email, question: request.question })
      .returning({ id: infoRequests.id })
    return row
  }
  return { receiveInfoRequest }
}
export type CommsService = ReturnType<typeof createCommsService>
