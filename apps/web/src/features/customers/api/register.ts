import { useMutation } from '@tanstack/react-query'
import { customerRoutes, type RegisterBody } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { saveRegistrationEntry } from '../registration-entry.ts'

/**
 * Creates an account; the server mails the activation link. The new customer's id is kept as the
 * temporary registration entry for 5 minutes (spec 1 §4, docs/decisions/019).
 */
export async function register(body: RegisterBody) {
  const answer = await callApi(customerRoutes.register, { body })
  saveRegistrationEntry({ id: answer.model.id, email: body.email.trim().toLowerCase() })
  return answer.model
}

export const useRegister = () => useMutation({ mutationFn: register })
