import { useMutation } from '@tanstack/react-query'
import { customerRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/** Asks for a reset link by mail; the server answers the same for known and unknown emails. */
export const requestPasswordReset = (email: string) =>
  callApi(customerRoutes.resetPasswordRequest, { body: { email } })

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset })
