import { z } from 'zod'
import { safeString } from './fields.ts'
import { defineRoute, okOnly } from './http.ts'

/** A visitor's question from the footer form. Both fields required; the email well-formed. */
export const InfoRequestBody = z.object({
  email: safeString().trim().min(1, 'Required').max(254).pipe(z.email('Enter a valid email address')),
  question: safeString().trim().min(1, 'Required').max(2000),
})
export type InfoRequestBody = z.infer<typeof InfoRequestBody>

export const commsRoutes = {
  infoRequest: defineRoute({
    method: 'POST',
    path: '/api/publiccomms/info-request',
    summary: 'Ask the centre for more information',
    tags: ['comms'],
    body: InfoRequestBody,
    response: okOnly(),
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
}
