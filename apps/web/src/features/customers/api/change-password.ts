import { useMutation } from '@tanstack/react-query'
import { customerRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { getCustomerId } from '../../../lib/storage.ts'

/** Changes the logged-in customer's password, knowing the current one. */
export const changePassword = (body: { plainOldPass: string; plainNewPass: string }) =>
  callApi(customerRoutes.changePassword, { body: { customerId: getCustomerId(), ...body } })

export const useChangePassword = () => useMutation({ mutationFn: changePassword })
