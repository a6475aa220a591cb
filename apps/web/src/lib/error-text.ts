import type { TFunction } from 'i18next'
import { ApiError } from './api-error.ts'

/**
 * The words to show for a failed call: our own wording for codes we know, the server's errorMsg
 * (safe to show) otherwise, or undefined when there is nothing to tell the visitor.
 */
export function errorText(error: unknown, t: TFunction): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.code === 'rate_limited') return t('messages.tooManyRequests')
  if (error.code === 'validation' && error.errors?.email) return t('messages.invalidEmail')
  return error.errorMsg || undefined
}
