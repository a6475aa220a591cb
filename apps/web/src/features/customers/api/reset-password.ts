import { useMutation } from '@tanstack/react-query'
import { customerRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/** Sets a new password with the token of a reset mail. */
export const resetPassword = (body: { token: string; plainPassword: string }) =>
  callApi(customerRoutes.resetPassword, { body })

export const useResetPassword = () => useMutation({ mutationFn: resetPassword })
