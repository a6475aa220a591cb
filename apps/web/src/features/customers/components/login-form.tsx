import type { TFunction } from 'i18next'
import { useId, useLayoutEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { createPath, useLocation, useNavigate } from 'react-router'
import { CustomerErrorCode } from '@clubhouse/contract/constants'
import { PasswordField, TextField } from '../../../components/form/field.tsx'
import { useFieldErrors } from '../../../components/form/use-field-errors.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-error.ts'
import { errorText } from '../../../lib/error-text.ts'
import '../../../lib/i18n/link-texts.ts'
import { closeLogin, getLoginPrompt, setLoginMode } from '../../../lib/login-prompt.ts'
import { useSettings } from '../../content/settings.tsx'
import { useLogin } from '../api/login.ts'
import { useResendActivation } from '../api/resend-activation.ts'
import { useLinkTimes } from '../link-times.ts'
import { getRegistrationEntry } from '../registration-entry.ts'
import '../auth.css'
import { carryEmail, getCarriedEmail } from './carried-email.ts'

type Errors = { email?: 'required' | 'needsAt'; password?: 'required' }

/**
 * The login mode of the login popup (spec 1 §4, §5): email and password. The email must contain an
 * at sign (the phone no longer logs in). On success the session is stored, the visitor goes to the
 * page that asked for the login, if it is another one, and the popup closes once that page is there.
 */
export function LoginForm() {
  const { t } = useTranslation()
  const id = useId()
  const navigate = useNavigate()
  const location = useLocation()
  const settings = useSettings()
  const [email, setEmail] = useState(() => getCarriedEmail() || getRegistrationEntry()?.email || '')
  const [password, setPassword] = useState('')
  const loginCall = useLogin()
  const resend = useResendActivation()
  const linkTimes = useLinkTimes()
  const ids = { email: `${id}-email`, password: `${id}-password` }
  const { errors, passes, edited } = useFieldErrors<Errors>(ids)
  // The location a successful login left from, while the page that asked for it loads.
  const [leftFrom, setLeftFrom] = useState<string | null>(null)

  // The router renders a navigation as a transition: the page that asked may still be loading its
  // code when the popup's own update lands. Closing only once the location has changed keeps the
  // popup (with its spinner) over the old page until the new one is there, never a closed popup
  // over a page that seems to ignore the login. A layout effect, so both show in the same paint.
  useLayoutEffect(() => {
    if (leftFrom !== null && location.key !== leftFrom) closeLogin()
  }, [leftFrom, location.key])

  const check = (values: { email: string; password: string }): Errors => ({
    ...(values.email.trim() === ''
      ? { email: 'required' as const }
      : !values.email.includes('@')
        ? { email: 'needsAt' as const }
        : {}),
    ...(values.password === '' ? { password: 'required' as const } : {}),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loginCall.isPending) return
    if (!passes(check({ email, password }))) return
    resend.reset()
    loginCall.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          const { backUrl } = getLoginPrompt()
          if (!backUrl || backUrl === createPath(location)) {
            closeLogin()
            return
          }
          setLeftFrom(location.key)
          void navigate(backUrl)
        },
        onError: (error) => {
          // The server asks for a new password: the form becomes the reset form, email kept.
          if (error instanceof ApiError && error.redirect) {
            carryEmail(email.trim(), loginFailureText(error, t))
            setLoginMode('reset')
          }
        },
      },
    )
  }

  function change(field: 'email' | 'password', value: string) {
    if (field === 'email') {
      setEmail(value)
      carryEmail(value)
    } else setPassword(value)
    // After a first submit the messages follow what is typed.
    edited(field, () => check({ email, password, [field]: value }))
  }

  const failure = loginCall.error
  const notActivated = failure instanceof ApiError && failure.code === CustomerErrorCode.notActivated
  const contact = [settings.phone, settings.email].filter(Boolean).join(' · ')

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('login.titleLogin')}>
      <TextField
        id={ids.email}
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        value={email}
        onValueChange={(value) => change('email', value)}
        error={
          errors.email === 'required' ? (
            t('messages.required')
          ) : errors.email === 'needsAt' ? (
            <>
              {t('auth.emailNeedsAt')}
              {contact && (
                <>
                  {' '}
                  <span className="auth-form__contact">{t('auth.contactCentre', { contact })}</span>
                </>
              )}
            </>
          ) : undefined
        }
      />
      <PasswordField
        id={ids.password}
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        required
        maxLength={200}
        value={password}
        onValueChange={(value) => change('password', value)}
        error={errors.password ? t('messages.required') : undefined}
      />
      <Button
        type="submit"
        className="auth-form__submit"
        busy={loginCall.isPending || leftFrom !== null}
        busyLabel={t('common.sending')}
      >
        {t('auth.login')}
      </Button>
      {failure && !loginCall.isPending && (
        <div className="auth-form__failure" role="alert">
          <p>{notActivated ? t('auth.notActivated') : loginFailureText(failure, t)}</p>
        </div>
      )}
      {notActivated && !loginCall.isPending && (
        <div className="auth-form__resend">
          {resend.isSuccess ? (
            <p className="auth-form__notice" role="status">
              {resend.data.model.alreadySent
                ? t('auth.linkAlreadySent', linkTimes(resend.data.model))
                : t('auth.activationResent')}
            </p>
          ) : (
            <Button
              type="button"
              variant="secondary"
              busy={resend.isPending}
              busyLabel={t('common.sending')}
              onClick={() => resend.mutate(email.trim())}
            >
              {t('auth.resendActivation')}
            </Button>
          )}
          {resend.isError && (
            <p className="auth-form__failure" role="alert">
              {errorText(resend.error, t) ?? t('messages.technical')}
            </p>
          )}
        </div>
      )}
    </form>
  )
}

/**
 * A refused login in words (spec 1 §8): our wording for the codes we know, the server's message as
 * it comes otherwise, 'Invalid Email or Password' when no message came.
 */
function loginFailureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === CustomerErrorCode.invalidCredentials) {
    return t('messages.invalidLogin')
  }
  return errorText(error, t) ?? t('messages.invalidLogin')
}
