import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { MAX_PASSWORD_LENGTH } from '@clubhouse/contract'
import { CustomerErrorCode } from '@clubhouse/contract/constants'
import { PasswordField } from '../../../components/form/field.tsx'
import { serverFieldErrors, useFieldErrors } from '../../../components/form/use-field-errors.ts'
import { Button } from '../../../components/ui/button.tsx'
import { paths } from '../../../config/paths.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { errorText } from '../../../lib/error-text.ts'
import { openLogin } from '../../../lib/login-prompt.ts'
import { useResetPassword } from '../api/reset-password.ts'
import { newPasswordProblem } from '../password-rules.ts'
import '../auth.css'

type Errors = { password?: string; repeat?: string }

/**
 * The password reset form (spec 1 §2, §5): New Password and Repeat Password, each required with at
 * least 5 characters, and equal ('Password does not match' on both). Nothing is sent while an error
 * exists; on success the customer goes to /passReset/ok.
 */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation()
  const id = useId()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const reset = useResetPassword()
  const ids = { password: `${id}-password`, repeat: `${id}-repeat` }
  const { errors, showServer, passes, edited } = useFieldErrors<Errors>(ids)

  const check = (first: string, second: string): Errors => {
    const found: Errors = {}
    const firstProblem = newPasswordProblem(first)
    const secondProblem = newPasswordProblem(second)
    if (firstProblem) found.password = t(firstProblem)
    if (secondProblem) found.repeat = t(secondProblem)
    if (!firstProblem && !secondProblem && first !== second) {
      found.password = t('messages.passwordMismatch')
      found.repeat = t('messages.passwordMismatch')
    }
    return found
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (reset.isPending) return
    if (!passes(check(password, repeat))) return
    reset.mutate(
      { token, plainPassword: password },
      {
        onSuccess: () => void navigate(paths.passwordChanged),
        onError: (error) => showServer(serverFieldErrors(error, { plainPassword: 'password' })),
      },
    )
  }

  const failure = reset.error
  const fieldFailure = failure instanceof ApiError && failure.errors?.plainPassword
  const linkFailure = failure instanceof ApiError && failure.isClientError && !fieldFailure

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('auth.resetTitle')}>
      <PasswordField
        id={ids.password}
        label={t('auth.newPassword')}
        name="password"
        autoComplete="new-password"
        required
        maxLength={MAX_PASSWORD_LENGTH}
        value={password}
        onValueChange={(value) => {
          setPassword(value)
          edited('password', () => check(value, repeat))
        }}
        error={errors.password}
      />
      <PasswordField
        id={ids.repeat}
        label={t('auth.repeatPassword')}
        name="repeatPassword"
        autoComplete="new-password"
        required
        maxLength={MAX_PASSWORD_LENGTH}
        value={repeat}
        onValueChange={(value) => {
          setRepeat(value)
          edited('repeat', () => check(password, value))
        }}
        error={errors.repeat}
      />
      <Button
        type="submit"
        className="auth-form__submit"
        busy={reset.isPending}
        busyLabel={t('common.sending')}
      >
        {t('auth.submit')}
      </Button>
      {failure && !fieldFailure && !reset.isPending && (
        <div className="auth-form__failure" role="alert">
          <p>
            {failure instanceof ApiError && failure.code === CustomerErrorCode.invalidToken
              ? t('auth.linkProblem')
              : (errorText(failure, t) ?? t('messages.technical'))}
          </p>
        </div>
      )}
      {linkFailure && !reset.isPending && (
        <Button
          type="button"
          variant="secondary"
          className="auth-form__submit"
          onClick={() => openLogin({ mode: 'reset' })}
        >
          {t('auth.newResetLink')}
        </Button>
      )}
    </form>
  )
}
