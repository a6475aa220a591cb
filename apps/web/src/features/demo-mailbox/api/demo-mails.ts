import { queryOptions, useQuery } from '@tanstack/react-query'
import { DEMO_MAILBOX_REFRESH_MS, demoMailboxRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/** The mails the site kept for want of SMTP, newest first; asked again every 5 s while shown. */
export const demoMailsQuery = () =>
  queryOptions({
    queryKey: ['demo-mailbox', 'list'],
    queryFn: ({ signal }) => callApi(demoMailboxRoutes.demoMailbox, { signal }).then((answer) => answer.data),
  })

export function useDemoMails() {
  return useQuery({ ...demoMailsQuery(), refetchInterval: DEMO_MAILBOX_REFRESH_MS })
}

/** One mail of the demo mailbox, with its sanitised HTML. A mail never changes: read once. */
export const demoMailQuery = (id: number) =>
  queryOptions({
    queryKey: ['demo-mailbox', 'mail', id],
    queryFn: ({ signal }) =>
      callApi(demoMailboxRoutes.demoMail, { params: { id }, signal }).then((answer) => answer.model),
    staleTime: Infinity,
  })

export function useDemoMail(id: number | undefined) {
  return useQuery({ ...demoMailQuery(id ?? 0), enabled: id !== undefined })
}
