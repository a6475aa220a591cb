import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CommonErrorCode, RateLimitErrorCode } from '@clubhouse/contract/constants'
import { TextField } from '../../../components/form/field.tsx'
import { serverFieldErrors, useFieldErrors } from '../../../components/form/use-field-errors.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-error.ts'
import { errorText } from '../../../lib/error-text.ts'
import '../../../lib/i18n/link-texts.ts'
import { closeLogin } from '../../../lib/login-prompt.ts'
import { useRequestPasswordReset } from '../api/request-password-reset.ts'
import { useLinkTimes } from '../link-times.ts'
import '../auth.css'
import { DemoMailboxLink } from './demo-mailbox-link.tsx'
import { carryEmail, clearCarriedNotice, getCarriedEmail, getCarriedNotice } from './carried-email.ts'

type Errors = { email?: 'required' | 'invalid' }

/** A written email address, as far as a form can tell: something@something.something. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)

/**
 * The reset-password mode of the login popup (spec 1 §4): the email and "Send"; once sent the
 * button becomes "Close" and a message asks to check the inbox, or, when a link went to this address
 * a few minutes ago and no new one was sent, says when it went and from when another can be asked
 * for. The message is the same for any email, as the server's answer is; no answer, or a failed
 * one, shows the technical problems message.
 */
export function ResetRequestForm() {
  const { t } = useTranslation()
  const id = useId()
  const [email, setEmail] = useState(getCarriedEmail)
  const [notice] = useState(getCarriedNotice)
  const request = useRequestPasswordReset()
  const linkTimes = useLinkTimes()
  const emailId = `${id}-email`
  const { errors, passes, edited, showServer } = useFieldErrors<Errors>({ email: emailId })

  const check = (value: string): Errors =>
    value.trim() === '' ? { email: 'required' } : looksLikeEmail(value.trim()) ? {} : { email: 'invalid' }

  useEffect(clearCarriedNotice, [])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (request.isSuccess) {
      closeLogin()
      return
    }
    if (request.isPending) return
    if (!passes(check(email))) return
    request.mutate(email.trim(), {
      // The server's words for a badly written email are ours too: 'Enter a valid email address'.
      onError: (failure) => {
        if (serverFieldErrors(failure, { email: 'email' }).email) showServer({ email: 'invalid' })
      },
    })
  }

  const failure = request.error
  const failureText =
    failure instanceof ApiError && failure.code === RateLimitErrorCode.rateLimited
      ? (errorText(failure, t) ?? t('messages.tooManyRequests'))
      : failure instanceof ApiError && failure.code === CommonErrorCode.validation && failure.errors?.email
        ? undefined
        : t('messages.technical')

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('login.titleReset')}>
      {notice && (
        <p className="auth-form__notice" role="status">
          {notice}
        </p>
      )}
      <TextField
        id={emailId}
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        readOnly={request.isSuccess}
        value={email}
        onValueChange={(value) => {
          setEmail(value)
          carryEmail(value)
          edited('email', () => check(value))
        }}
        error={
          errors.email === 'required'
            ? t('messages.required')
            : errors.email === 'invalid'
              ? t('messages.invalidEmail')
              : undefined
        }
      />
      {request.isSuccess && (
        <p className="auth-form__success" role="status">
          {request.data.model.alreadySent
            ? t('auth.resetAlreadySent', linkTimes(request.data.model))
            : t('auth.resetSent')}
        </p>
      )}
      {request.isSuccess && <DemoMailboxLink />}
      <Button
        type="submit"
        className="auth-form__submit"
        busy={request.isPending}
        busyLabel={t('common.sending')}
      >
        {request.isSuccess ? t('common.close') : t('auth.send')}
      </Button>
      {request.isError && failureText && (
        <p className="auth-form__failure" role="alert">
          {failureText}
        </p>
      )}
    </form>
  )
}
