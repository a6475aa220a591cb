import { useMutation } from '@tanstack/react-query'
import { customerRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/** Activates an account with the token of its activation mail. */
export const activateAccount = (token: string) => callApi(customerRoutes.activate, { body: { token } })

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount })
