import { useMutation } from '@tanstack/react-query'
import { customerRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/** Makes the new email of a change the login email, with the token of the link mailed to it. */
export const confirmEmail = (token: string) =>
  callApi(customerRoutes.confirmEmail, { body: { token } }).then((answer) => answer.model)

export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail })
