import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-error.ts'
import { errorText } from '../../../lib/error-text.ts'
import { closeLogin } from '../../../lib/login-prompt.ts'
import { useRequestPasswordReset } from '../api/request-password-reset.ts'
import { TextField } from './auth-fields.tsx'
import { DemoMailboxLink } from './demo-mailbox-link.tsx'
import { carryEmail, clearCarriedNotice, getCarriedEmail, getCarriedNotice } from './carried-email.ts'

/** A written email address, as far as a form can tell: something@something.something. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)

/**
 * The reset-password mode of the login popup (spec 1 §4): the email and "Send"; once sent the
 * button becomes "Close" and a message asks to check the inbox. The message is the same for any
 * email, as the server's answer is; no answer, or a failed one, shows the technical problems message.
 */
export function ResetRequestForm() {
  const { t } = useTranslation()
  const id = useId()
  const [email, setEmail] = useState(getCarriedEmail)
  const [notice] = useState(getCarriedNotice)
  const [error, setError] = useState<'required' | 'invalid' | undefined>()
  const request = useRequestPasswordReset()
  const emailId = `${id}-email`

  useEffect(clearCarriedNotice, [])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (request.isSuccess) {
      closeLogin()
      return
    }
    if (request.isPending) return
    const value = email.trim()
    const problem = value === '' ? 'required' : looksLikeEmail(value) ? undefined : 'invalid'
    setError(problem)
    if (problem) {
      document.getElementById(emailId)?.focus()
      return
    }
    request.mutate(value, {
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'validation' && failure.errors?.email) {
          setError('invalid')
        }
      },
    })
  }

  const failure = request.error
  const failureText =
    failure instanceof ApiError && failure.code === 'rate_limited'
      ? (errorText(failure, t) ?? t('messages.tooManyRequests'))
      : failure instanceof ApiError && failure.code === 'validation' && failure.errors?.email
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
          if (error) setError(undefined)
        }}
        error={
          error === 'required'
            ? t('messages.required')
            : error === 'invalid'
              ? t('messages.invalidEmail')
              : undefined
        }
      />
      {request.isSuccess && (
        <p className="auth-form__success" role="status">
          {t('auth.resetSent')}
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
