import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { customerRoutes, type CustomerSaveBody } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { logCrash } from '../../../lib/crash-log.ts'
import { rememberCustomerName } from '../../../lib/storage.ts'

/** The logged-in customer's profile with the centre's custom fields. */
export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: ['account', 'customer', id],
    queryFn: ({ signal }) =>
      logCrash(
        'customer',
        signal,
        callApi(customerRoutes.getCustomer, { params: { id }, signal }).then((answer) => {
          // The menu shows the first name; a session from before it was stored learns it here.
          rememberCustomerName(answer.data.name)
          return answer.data
        }),
      ),
  })

export function useCustomer(id: number) {
  return useQuery(customerQuery(id))
}

/** Saves the whole profile (PUT /api/publiccustomers/:id) and keeps the answer as the new profile. */
export function useSaveCustomer(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CustomerSaveBody) => callApi(customerRoutes.saveCustomer, { params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(customerQuery(id).queryKey, answer.data)
      rememberCustomerName(answer.data.name)
    },
  })
}
