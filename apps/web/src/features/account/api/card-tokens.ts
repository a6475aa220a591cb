import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { customerRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** The customer's saved cards (last digits only). */
export const cardTokensQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['account', 'cards', customerId],
    queryFn: ({ signal }) =>
      logCrash(
        'cards',
        signal,
        callApi(customerRoutes.cardTokens, { params: { customerId }, signal }).then((answer) => answer.data),
      ),
  })

export function useCardTokens(customerId: number) {
  return useQuery(cardTokensQuery(customerId))
}

/** Forgets one saved card; on success the list is read again (spec 1 §7). */
export function useDeleteCardToken(customerId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (methodId: number) =>
      callApi(customerRoutes.deleteCardToken, { params: { customerId, methodId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardTokensQuery(customerId).queryKey }),
  })
}
