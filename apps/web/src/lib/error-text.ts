import type { TFunction } from 'i18next'
import { CommonErrorCode, RateLimitErrorCode } from '@clubhouse/contract/constants'
import { ApiError } from './api-error.ts'

/**
 * The words to show for a failed call: the server's errorMsg (safe to show, in the site's language:
 * the client sends it as Accept-Language), our own wording for codes we know where it reads better
 * than the server's summary, or undefined when there is nothing to tell the visitor.
 */
export function errorText(error: unknown, t: TFunction): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  // The server says which limit was reached (per email or per address); ours when it said nothing.
  if (error.code === RateLimitErrorCode.rateLimited) return error.errorMsg || t('messages.tooManyRequests')
  if (error.code === CommonErrorCode.validation && error.errors?.email) return t('messages.invalidEmail')
  return error.errorMsg || undefined
}
