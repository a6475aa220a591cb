import { useId, useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from '@clubhouse/contract'
import { PUBLICITY_CONSENT_DEFAULT } from '@clubhouse/contract/constants'
import { CheckboxField, PasswordField, TextField } from '../../../components/form/field.tsx'
import { sameNames, serverFieldErrors, useFieldErrors } from '../../../components/form/use-field-errors.ts'
import { Button } from '../../../components/ui/button.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { closeLogin } from '../../../lib/login-prompt.ts'
import { LEGAL_TEXTS, type LegalText } from '../../content/legal-texts.ts'
import { useRegister } from '../api/register.ts'
import { useLegalDialog } from '../legal-dialog-context.ts'
import '../auth.css'
import { carryEmail, getCarriedEmail } from './carried-email.ts'
import { DemoMailboxLink } from './demo-mailbox-link.tsx'

const TEXT_FIELDS = ['name', 'surname', 'email', 'phone', 'password'] as const
type TextFieldName = (typeof TEXT_FIELDS)[number]
type Values = Record<TextFieldName, string>
type Errors = Partial<Record<TextFieldName | 'acceptConditions', string>>

const legalText = (key: LegalText['key']) => LEGAL_TEXTS.find((text) => text.key === key) ?? null

/**
 * The register mode of the login popup (spec 1 §4, §5): name, surname, email, phone and password
 * (all marked required), the promotional opt-in (unticked: consent is asked, not assumed, decision
 * 051) and the legal conditions, which must
 * be accepted. Once the server accepts it, a message asks to check the inbox and activate.
 */
export function RegisterForm() {
  const { t } = useTranslation()
  const id = useId()
  const [values, setValues] = useState<Values>(() => ({
    name: '',
    surname: '',
    email: getCarriedEmail(),
    phone: '',
    password: '',
  }))
  const [okRss, setOkRss] = useState(PUBLICITY_CONSENT_DEFAULT)
  const [acceptConditions, setAcceptConditions] = useState(false)
  const [legal, setLegal] = useState<LegalText | null>(null)
  const LegalDialog = useLegalDialog()
  const registration = useRegister()
  const ids = {
    name: `${id}-name`,
    surname: `${id}-surname`,
    email: `${id}-email`,
    phone: `${id}-phone`,
    password: `${id}-password`,
    acceptConditions: `${id}-conditions`,
  }
  const { errors, showServer, passes, edited } = useFieldErrors<Errors>(ids)

  const check = (next: Values, accepted: boolean): Errors => {
    const found: Errors = {}
    for (const field of TEXT_FIELDS) {
      if (next[field].trim() === '') found[field] = t('messages.required')
    }
    if (!accepted) found.acceptConditions = t('messages.acceptConditions')
    return found
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (registration.isPending) return
    if (!passes(check(values, acceptConditions))) return
    registration.mutate(
      {
        name: values.name.trim(),
        surname: values.surname.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        password: values.password,
        okRss,
        acceptConditions,
      },
      {
        // Field messages from the server go on their fields, the first one focused (not an email,
        // too common a password), as the server words them, in the site's language. A taken email
        // is not one: it is answered as any other (decision 076).
        onError: (error) => showServer(serverFieldErrors(error, sameNames(TEXT_FIELDS))),
      },
    )
  }

  function change(field: TextFieldName, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (field === 'email') carryEmail(value)
    edited(field, () => check(next, acceptConditions))
  }

  if (registration.isSuccess) return <Registered />

  const failure = registration.isError
    ? (errorText(registration.error, t) ?? t('messages.technical'))
    : undefined
  const field = (name: TextFieldName) => ({
    id: ids[name],
    required: true,
    value: values[name],
    onValueChange: (value: string) => change(name, value),
    error: errors[name],
  })

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('login.titleRegister')}>
      <p className="auth-form__note">{t('auth.requiredNote')}</p>
      <div className="auth-form__row">
        <TextField
          {...field('name')}
          label={t('auth.name')}
          name="name"
          autoComplete="given-name"
          maxLength={MAX_NAME_LENGTH}
        />
        <TextField
          {...field('surname')}
          label={t('auth.surname')}
          name="surname"
          autoComplete="family-name"
          maxLength={MAX_NAME_LENGTH}
        />
      </div>
      <TextField
        {...field('email')}
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={MAX_EMAIL_LENGTH}
      />
      <TextField
        {...field('phone')}
        label={t('auth.phone')}
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        maxLength={30}
      />
      <PasswordField
        {...field('password')}
        label={t('auth.password')}
        name="password"
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
      />
      <CheckboxField
        id={`${id}-okrss`}
        label={t('legal.optIn')}
        name="okRss"
        checked={okRss}
        onCheckedChange={setOkRss}
      />
      <CheckboxField
        id={ids.acceptConditions}
        label={t('auth.acceptConditions')}
        name="acceptConditions"
        required
        checked={acceptConditions}
        onCheckedChange={(checked) => {
          setAcceptConditions(checked)
          edited('acceptConditions', () => check(values, checked))
        }}
        error={errors.acceptConditions}
        hint={
          <Trans
            i18nKey="auth.readConditions"
            components={{
              general: (
                <button
                  type="button"
                  className="link-button auth-inline-link"
                  onClick={() => setLegal(legalText('generalConditions'))}
                />
              ),
              privacy: (
                <button
                  type="button"
                  className="link-button auth-inline-link"
                  onClick={() => setLegal(legalText('privacyPolicyFull'))}
                />
              ),
            }}
          />
        }
      />
      <Button
        type="submit"
        className="auth-form__submit"
        busy={registration.isPending}
        busyLabel={t('common.sending')}
      >
        {t('auth.register')}
      </Button>
      {failure && (
        <p className="auth-form__failure" role="alert">
          {failure}
        </p>
      )}
      <LegalDialog text={legal} onClose={() => setLegal(null)} />
    </form>
  )
}

/**
 * What follows a registration the server accepted: check the inbox and activate. The same for an
 * address that had an account already, whose mail says how to log in (decision 076).
 */
export function Registered() {
  const { t } = useTranslation()
  return (
    <div className="auth-form">
      <p className="auth-form__success" role="status">
        {t('auth.registered')}
      </p>
      <DemoMailboxLink />
      <Button type="button" className="auth-form__submit" onClick={closeLogin}>
        {t('common.close')}
      </Button>
    </div>
  )
}
