import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_PASSWORD_LENGTH } from '@clubhouse/contract'
import { CustomerErrorCode } from '@clubhouse/contract/constants'
import { PasswordField } from '../../../components/form/field.tsx'
import { serverFieldErrors, useFieldErrors } from '../../../components/form/use-field-errors.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-error.ts'
import { errorText } from '../../../lib/error-text.ts'
import { useChangePassword } from '../api/change-password.ts'
import { newPasswordProblem } from '../password-rules.ts'
import '../auth.css'

type Errors = { current?: string; next?: string }

/**
 * The change password form (spec 1 §2, §5): the current password ('Required'), the new one
 * ('Required', 'Minimum length is 5'). A wrong current password shows 'Wrong password'; success
 * shows 'Data modified!'.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation()
  const id = useId()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const change = useChangePassword()
  const ids = { current: `${id}-current`, next: `${id}-new` }
  const { errors, showServer, passes, edited, restart } = useFieldErrors<Errors>(ids)

  const check = (currentValue: string, nextValue: string): Errors => {
    const found: Errors = {}
    if (currentValue === '') found.current = t('messages.required')
    const problem = newPasswordProblem(nextValue)
    if (problem) found.next = t(problem)
    return found
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (change.isPending) return
    if (!passes(check(current, next))) return
    change.mutate(
      { plainOldPass: current, plainNewPass: next },
      {
        onSuccess: () => {
          setCurrent('')
          setNext('')
          restart()
        },
        onError: (error) => {
          const found: Errors = serverFieldErrors(error, { plainOldPass: 'current', plainNewPass: 'next' })
          if (error instanceof ApiError && error.code === CustomerErrorCode.wrongPassword) {
            found.current = t('messages.wrongPassword')
          }
          showServer(found)
        },
      },
    )
  }

  const failure = change.error
  const onField =
    failure instanceof ApiError && (failure.code === CustomerErrorCode.wrongPassword || failure.errors)

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('auth.changeTitle')}>
      <PasswordField
        id={ids.current}
        label={t('auth.currentPassword')}
        name="currentPassword"
        autoComplete="current-password"
        required
        maxLength={MAX_PASSWORD_LENGTH}
        value={current}
        onValueChange={(value) => {
          setCurrent(value)
          change.reset()
          edited('current', () => check(value, next))
        }}
        error={errors.current}
      />
      <PasswordField
        id={ids.next}
        label={t('auth.newPasswordLower')}
        name="newPassword"
        autoComplete="new-password"
        required
        maxLength={MAX_PASSWORD_LENGTH}
        value={next}
        onValueChange={(value) => {
          setNext(value)
          change.reset()
          edited('next', () => check(current, value))
        }}
        error={errors.next}
      />
      <Button
        type="submit"
        className="auth-form__submit"
        busy={change.isPending}
        busyLabel={t('common.sending')}
      >
        {t('auth.submit')}
      </Button>
      {change.isSuccess && (
        <p className="auth-form__success" role="status">
          {t('messages.dataModified')}
        </p>
      )}
      {failure && !onField && (
        <p className="auth-form__failure" role="alert">
          {errorText(failure, t) ?? t('messages.technical')}
        </p>
      )}
    </form>
  )
}
