import { useMutation } from '@tanstack/react-query'
import { customerRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/** Sends the activation mail again (offered when a login is refused as not activated). */
export const resendActivation = (email: string) =>
  callApi(customerRoutes.resendActivation, { body: { email } })

export const useResendActivation = () => useMutation({ mutationFn: resendActivation })
