import { useMutation } from '@tanstack/react-query'
import { customerRoutes, type LoginBody } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { saveSession } from '../../../lib/storage.ts'

/**
 * Logs in (spec 1 §4): on success the token and the customer id (with the first name the menu
 * shows) are stored until the expiry the server gives, which also marks the session logged in.
 */
export async function login(body: LoginBody) {
  const { model } = await callApi(customerRoutes.login, { body })
  saveSession(model.token, { id: model.id, name: model.name }, new Date(model.expiry))
  return model
}

export const useLogin = () => useMutation({ mutationFn: login })
