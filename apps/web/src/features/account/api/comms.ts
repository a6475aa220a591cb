import { queryOptions, useQuery } from '@tanstack/react-query'
import { accountRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** The emails and SMS sent to the customer, newest first. */
export const commsQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['account', 'comms', customerId],
    queryFn: ({ signal }) =>
      logCrash(
        'communications',
        signal,
        callApi(accountRoutes.customerComms, { params: { customerId }, signal }).then(
          (answer) => answer.model,
        ),
      ),
  })

export function useComms(customerId: number) {
  return useQuery(commsQuery(customerId))
}

/** One email sent to the customer, with its sanitised HTML body. */
export const emailQuery = (customerId: number, id: number) =>
  queryOptions({
    queryKey: ['account', 'email', customerId, id],
    queryFn: ({ signal }) =>
      logCrash('email', signal, callApi(accountRoutes.customerEmail, { params: { id, customerId }, signal })),
  })

export function useEmail(customerId: number, id: number, enabled = true) {
  return useQuery({ ...emailQuery(customerId, id), enabled })
}
