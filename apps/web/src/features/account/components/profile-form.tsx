import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  CustomFieldType,
  isValidIban,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  type Customer,
  type CustomerSaveBody,
  type CustomField,
} from '@clubhouse/contract'
import { Button } from '../../../components/ui/button.tsx'
import { RequiredMark } from '../../../components/ui/required-mark.tsx'
import { Tabs } from '../../../components/ui/tabs.tsx'
import { ApiError } from '../../../lib/api-error.ts'
import { errorText } from '../../../lib/error-text.ts'
import { stripNonPrintable } from '../../../lib/text.ts'
import { useSaveCustomer } from '../api/get-customer.ts'
import { groupIban } from '../account-format.ts'
import { CardList } from './card-list.tsx'

export type AccountTab = 'personal' | 'address' | 'payment' | 'cards'

type TextField =
  | 'name'
  | 'surname'
  | 'email'
  | 'phone'
  | 'birthDate'
  | 'dni'
  | 'addressLine1'
  | 'postalCode'
  | 'city'
  | 'town'
  | 'country'
  | 'accountHolderName'
  | 'iban'

interface FormValues extends Record<TextField, string> {
  gender: '' | '0' | '1'
  okRss: boolean
  /** Custom field values by customFieldId: text, 'true'/'false', or a pick-list option. */
  custom: Record<number, string>
}

type FieldErrors = Partial<Record<TextField | `custom.${number}`, string>>

/** Required by the spec's profile save (spec 1 §5). */
const REQUIRED: readonly TextField[] = ['name', 'surname', 'email', 'phone']
/** Which tab holds each field, to show the first error wherever it is. */
const TAB_OF: Record<TextField, AccountTab> = {
  name: 'personal',
  surname: 'personal',
  email: 'personal',
  phone: 'personal',
  birthDate: 'personal',
  dni: 'personal',
  addressLine1: 'address',
  postalCode: 'address',
  city: 'address',
  town: 'address',
  country: 'address',
  accountHolderName: 'payment',
  iban: 'payment',
}

function toValues(customer: Customer): FormValues {
  return {
    name: customer.name,
    surname: customer.surname,
    email: customer.email,
    phone: customer.phone,
    birthDate: customer.birthDate ?? '',
    dni: customer.dni,
    addressLine1: customer.addressLine1,
    postalCode: customer.postalCode,
    city: customer.city,
    town: customer.town,
    country: customer.country,
    accountHolderName: customer.accountHolderName,
    iban: groupIban(customer.iban),
    gender: customer.gender === null ? '' : (String(customer.gender) as '0' | '1'),
    okRss: customer.okRss,
    custom: Object.fromEntries(customer.customFields.map((field) => [field.customFieldId, field.value])),
  }
}

function toBody(values: FormValues, customer: Customer): CustomerSaveBody {
  const identities = new Map(customer.customFieldValues.map((v) => [v.customFieldId, v.identity]))
  return {
    id: customer.id,
    name: values.name.trim(),
    surname: values.surname.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    gender: values.gender === '' ? null : values.gender === '0' ? 0 : 1,
    birthDate: values.birthDate || null,
    dni: values.dni.trim(),
    addressLine1: values.addressLine1.trim(),
    postalCode: values.postalCode.trim(),
    city: values.city.trim(),
    town: values.town.trim(),
    country: values.country.trim(),
    accountHolderName: values.accountHolderName.trim(),
    iban: values.iban.replace(/\s+/g, '').toUpperCase(),
    okRss: values.okRss,
    customFieldValues: customer.customFields.map((field) => ({
      identity: identities.get(field.customFieldId) ?? null,
      customFieldId: field.customFieldId,
      value: values.custom[field.customFieldId] ?? '',
    })),
  }
}

/**
 * "My account" (spec 1 §2): Personal Data (with the centre's custom fields), Address, Payment Info
 * and Credit Cards, as tabs. Each of the first three saves the whole profile. Name, surname, email
 * and phone must be filled ('Field required' on the field and above the button); the IBAN must
 * pass its checksum; the server's errorMsg is shown as it comes.
 */
export function ProfileForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation()
  const id = useId()
  const [tab, setTab] = useState<AccountTab>('personal')
  const [values, setValues] = useState(() => toValues(customer))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [outcome, setOutcome] = useState<{ tab: AccountTab; ok: boolean; message: string } | null>(null)
  const [savingFrom, setSavingFrom] = useState<AccountTab | null>(null)
  const save = useSaveCustomer(customer.id)

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => {
      const { [key as TextField]: _, ...rest } = current
      return rest
    })
  }
  const setCustom = (fieldId: number, value: string) => {
    setValues((current) => ({ ...current, custom: { ...current.custom, [fieldId]: value } }))
    setErrors((current) => {
      const { [`custom.${fieldId}` as const]: _, ...rest } = current
      return rest
    })
  }

  /** Shows the tab of the first error and puts focus on its field. */
  function focusFirstError(found: FieldErrors) {
    const first = (Object.keys(found) as (keyof FieldErrors)[])[0]
    if (!first) return
    const fieldTab = first.startsWith('custom.') ? 'personal' : TAB_OF[first as TextField]
    setTab(fieldTab)
    // After the tab's panel is shown.
    setTimeout(() => document.getElementById(`${id}-${first}`)?.focus(), 0)
  }

  function validate(): FieldErrors {
    const found: FieldErrors = {}
    for (const field of REQUIRED) if (!values[field].trim()) found[field] = t('messages.fieldRequired')
    if (!isValidIban(values.iban)) found.iban = t('account.invalidIban')
    return found
  }

  function onSubmit(from: AccountTab) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (save.isPending) return
      const found = validate()
      setErrors(found)
      if (Object.keys(found).length > 0) {
        const general = REQUIRED.some((field) => found[field])
          ? t('messages.fieldRequired')
          : (found.iban ?? t('messages.fieldRequired'))
        setOutcome({ tab: from, ok: false, message: general })
        focusFirstError(found)
        return
      }
      setOutcome(null)
      setSavingFrom(from)
      save.mutate(toBody(values, customer), {
        onSuccess: (answer) => {
          setValues(toValues(answer.data))
          setOutcome({ tab: from, ok: true, message: t('messages.dataModified') })
        },
        onError: (error) => {
          const fieldErrors: FieldErrors = {}
          if (error instanceof ApiError && error.errors) {
            for (const [key, message] of Object.entries(error.errors)) {
              const match = /^customFieldValues\.(\d+)/.exec(key)
              if (match) {
                const field = customer.customFields[Number(match[1])]
                if (field) fieldErrors[`custom.${field.customFieldId}`] = message
              } else if (key in TAB_OF) fieldErrors[key as TextField] = message
            }
          }
          setErrors(fieldErrors)
          setOutcome({ tab: from, ok: false, message: errorText(error, t) ?? t('messages.technical') })
          focusFirstError(fieldErrors)
        },
      })
    }
  }

  const field = (name: TextField, props: FieldProps = {}) => (
    <TextInput
      id={`${id}-${name}`}
      label={props.label ?? t(`account.${name}`)}
      value={values[name]}
      onChange={(value) => set(name, value)}
      error={errors[name]}
      required={REQUIRED.includes(name)}
      {...props}
    />
  )

  const footer = (from: AccountTab) => (
    <div className="account-form__footer">
      {outcome?.tab === from && (
        <p className={outcome.ok ? 'account-form__ok' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </p>
      )}
      <Button type="submit" busy={save.isPending && savingFrom === from} busyLabel={t('account.saving')}>
        {t('account.save')}
      </Button>
    </div>
  )

  const personal = (
    <form
      className="account-form"
      noValidate
      onSubmit={onSubmit('personal')}
      aria-labelledby={`${id}-h-personal`}
    >
      <h2 id={`${id}-h-personal`} className="account-form__title">
        {t('account.personal')}
      </h2>
      <div className="account-form__grid">
        {field('name', { autoComplete: 'given-name', maxLength: MAX_NAME_LENGTH })}
        {field('surname', { autoComplete: 'family-name', maxLength: MAX_NAME_LENGTH })}
        {field('email', { type: 'email', autoComplete: 'email', maxLength: MAX_EMAIL_LENGTH })}
        {field('phone', { type: 'tel', autoComplete: 'tel', maxLength: 30 })}
        <div className="field">
          <label htmlFor={`${id}-gender`}>{t('account.gender')}</label>
          <select
            id={`${id}-gender`}
            className="input"
            value={values.gender}
            onChange={(event) => set('gender', event.target.value as FormValues['gender'])}
          >
            <option value="">{t('account.genderNone')}</option>
            <option value="0">{t('account.male')}</option>
            <option value="1">{t('account.female')}</option>
          </select>
        </div>
        {field('birthDate', { type: 'date', autoComplete: 'bday' })}
        {field('dni', { maxLength: 20 })}
      </div>
      {customer.customFields.length > 0 && (
        <fieldset className="account-form__fieldset">
          <legend>{t('account.moreAboutYou')}</legend>
          <div className="account-form__grid">
            {customer.customFields.map((custom) => (
              <CustomFieldInput
                key={custom.customFieldId}
                id={`${id}-custom.${custom.customFieldId}`}
                field={custom}
                value={values.custom[custom.customFieldId] ?? ''}
                error={errors[`custom.${custom.customFieldId}`]}
                onChange={(value) => setCustom(custom.customFieldId, value)}
              />
            ))}
          </div>
        </fieldset>
      )}
      <div className="account-check">
        <input
          id={`${id}-okRss`}
          type="checkbox"
          checked={values.okRss}
          onChange={(event) => set('okRss', event.target.checked)}
        />
        <label htmlFor={`${id}-okRss`}>{t('legal.optIn')}</label>
      </div>
      {footer('personal')}
    </form>
  )

  const address = (
    <form
      className="account-form"
      noValidate
      onSubmit={onSubmit('address')}
      aria-labelledby={`${id}-h-address`}
    >
      <h2 id={`${id}-h-address`} className="account-form__title">
        {t('account.address')}
      </h2>
      <div className="account-form__grid">
        {field('addressLine1', { autoComplete: 'street-address', maxLength: 200, wide: true })}
        {field('postalCode', { autoComplete: 'postal-code', maxLength: 20 })}
        {field('city', { autoComplete: 'address-level2', maxLength: 100 })}
        {field('town', { autoComplete: 'address-level1', maxLength: 100 })}
        {field('country', { autoComplete: 'country-name', maxLength: 100 })}
      </div>
      {footer('address')}
    </form>
  )

  const payment = (
    <form
      className="account-form"
      noValidate
      onSubmit={onSubmit('payment')}
      aria-labelledby={`${id}-h-payment`}
    >
      <h2 id={`${id}-h-payment`} className="account-form__title">
        {t('account.payment')}
      </h2>
      <p className="account-form__intro">{t('account.paymentIntro')}</p>
      <div className="account-form__grid">
        {field('accountHolderName', { autoComplete: 'name', maxLength: MAX_NAME_LENGTH * 2, wide: true })}
        {field('iban', {
          wide: true,
          maxLength: 42,
          autoComplete: 'off',
          spellCheck: false,
          className: 'input input--mono',
          hint: t('account.ibanHint'),
          onBlur: () => set('iban', groupIban(values.iban)),
          onChange: (value) => set('iban', value.toUpperCase()),
        })}
      </div>
      {footer('payment')}
    </form>
  )

  return (
    <div>
      <Tabs
        className="account-tabs"
        label={t('account.sections')}
        selected={tab}
        onSelect={setTab}
        items={[
          { key: 'personal', label: t('account.personal'), panel: personal },
          { key: 'address', label: t('account.address'), panel: address },
          { key: 'payment', label: t('account.payment'), panel: payment },
          {
            key: 'cards',
            label: t('account.cards'),
            panel: <CardList customerId={customer.id} titleId={`${id}-h-cards`} />,
          },
        ]}
      />
    </div>
  )
}

interface FieldProps {
  label?: string
  type?: string
  autoComplete?: string
  maxLength?: number
  wide?: boolean
  hint?: string
  spellCheck?: boolean
  className?: string
  onBlur?: () => void
  onChange?: (value: string) => void
}

function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  required = false,
  type = 'text',
  wide = false,
  hint,
  className = 'input',
  ...rest
}: FieldProps & {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  required?: boolean
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <input
        {...rest}
        id={id}
        className={className}
        type={type}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(stripNonPrintable(event.target.value))}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null
  return (
    <p id={id} className="field__error">
      {children}
    </p>
  )
}

/** One of the centre's own profile fields, drawn by its type. */
function CustomFieldInput({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string
  field: CustomField
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation()
  const label = field.label || field.name
  const described = error ? `${id}-error` : undefined
  if (field.fieldType === CustomFieldType.Bool) {
    return (
      <div className="account-check field--wide">
        <input
          id={id}
          type="checkbox"
          checked={value === 'true'}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
        />
        <label htmlFor={id}>{label}</label>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    )
  }
  if (field.fieldType === CustomFieldType.PickList) {
    const options = field.pickListValues
      .split(',')
      .map((option) => option.trim())
      .filter(Boolean)
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          className="input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('account.choose')}</option>
          {/* A stored value no longer among the options stays visible rather than silently lost. */}
          {value && !options.includes(value) && <option value={value}>{value}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    )
  }
  return <TextInput id={id} label={label} value={value} onChange={onChange} error={error} maxLength={500} />
}
