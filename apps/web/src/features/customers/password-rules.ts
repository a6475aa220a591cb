import { MIN_PASSWORD_LENGTH } from '@clubhouse/contract'

/** i18n keys of the password messages of spec 1 §5. */
export type PasswordProblem = 'messages.required' | 'messages.minLength'

/** What is wrong with a new password as typed: empty, or shorter than 5 characters. */
export function newPasswordProblem(value: string): PasswordProblem | undefined {
  if (value === '') return 'messages.required'
  if (value.length < MIN_PASSWORD_LENGTH) return 'messages.minLength'
  return undefined
}
