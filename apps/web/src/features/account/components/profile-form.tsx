import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  isValidIban,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  type Customer,
  type CustomerSaveBody,
} from '@clubhouse/contract'
import { CustomFieldInput } from '../../../components/form/custom-field-input.tsx'
import {
  CheckboxField,
  PasswordField,
  SelectField,
  TextField,
  type TextFieldProps,
} from '../../../components/form/field.tsx'
import { serverFieldErrors, useFieldErrors } from '../../../components/form/use-field-errors.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Tabs } from '../../../components/ui/tabs.tsx'
import { errorText } from '../../../lib/error-text.ts'
import '../../../lib/i18n/link-texts.ts'
import { useSaveCustomer } from '../api/get-customer.ts'
import { groupIban } from '../account-format.ts'
import { CardList } from './card-list.tsx'

export type AccountTab = 'personal' | 'address' | 'payment' | 'cards'

type TextName =
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

interface FormValues extends Record<TextName, string> {
  gender: '' | '0' | '1'
  okRss: boolean
  /** Asked for only while the email typed differs from the login email (the server needs it then). */
  currentPassword: string
  /** Custom field values by customFieldId: text, 'true'/'false', or a pick-list option. */
  custom: Record<number, string>
}

/** A field of the profile: the customer's own, or one of the centre's custom fields by id. */
type ProfileField = TextName | 'currentPassword' | 'gender' | 'okRss' | `custom.${number}`
type Errors = Partial<Record<ProfileField, string>>

/** Required by the spec's profile save (spec 1 §5). */
const REQUIRED: readonly TextName[] = ['name', 'surname', 'email', 'phone']
/** The fields of each tab, in the order they show: the first error is looked for in this order. */
const FIELDS_OF = {
  personal: ['name', 'surname', 'email', 'currentPassword', 'phone', 'gender', 'birthDate', 'dni'],
  address: ['addressLine1', 'postalCode', 'city', 'town', 'country'],
  payment: ['accountHolderName', 'iban'],
} as const satisfies Record<
  Exclude<AccountTab, 'cards'>,
  readonly (TextName | 'currentPassword' | 'gender')[]
>
const TAB_OF = new Map<string, AccountTab>(
  Object.entries(FIELDS_OF).flatMap(([tab, fields]) => fields.map((field) => [field, tab as AccountTab])),
)

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
    currentPassword: '',
    custom: Object.fromEntries(customer.customFields.map((field) => [field.customFieldId, field.value])),
  }
}

/**
 * Whether the email typed is another login email than the saved one: the server compares them
 * trimmed and in lower case, and asks for the current password only then.
 */
const changesEmail = (values: Pick<FormValues, 'email'>, customer: Customer) =>
  values.email.trim().toLowerCase() !== customer.email.toLowerCase()

function toBody(values: FormValues, customer: Customer): CustomerSaveBody {
  const identities = new Map(customer.customFieldValues.map((v) => [v.customFieldId, v.identity]))
  return {
    ...(changesEmail(values, customer) ? { currentPassword: values.currentPassword } : {}),
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
 *
 * A new email is a new login email: while the email typed differs from the saved one, the current
 * password is asked for too. Saved, the change waits for the link the server mails to the new address
 * (the message says so), and the profile says which email waits for it until it is followed.
 */
export function ProfileForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation()
  const id = useId()
  const [tab, setTab] = useState<AccountTab>('personal')
  const [values, setValues] = useState(() => toValues(customer))
  const [outcome, setOutcome] = useState<{ tab: AccountTab; ok: boolean; message: string } | null>(null)
  const [savingFrom, setSavingFrom] = useState<AccountTab | null>(null)
  const save = useSaveCustomer(customer.id)

  const idOf = (field: ProfileField) => `${id}-${field}`
  const customKey = (customFieldId: number) => `custom.${customFieldId}` as const
  // Every field in the order the tabs show them; custom fields close the personal data.
  const order: ProfileField[] = [
    ...FIELDS_OF.personal,
    ...customer.customFields.map((field) => customKey(field.customFieldId)),
    'okRss',
    ...FIELDS_OF.address,
    ...FIELDS_OF.payment,
  ]
  const ids = Object.fromEntries(order.map((field) => [field, idOf(field)])) as Record<ProfileField, string>
  const { errors, passes, edited, showServer } = useFieldErrors<Errors>(ids, {
    // The first error may be on another tab: show that tab before focusing it.
    reveal: (field) => setTab(TAB_OF.get(field) ?? 'personal'),
  })

  function check(next: FormValues): Errors {
    const found: Errors = {}
    for (const field of REQUIRED) if (!next[field].trim()) found[field] = t('messages.fieldRequired')
    if (!isValidIban(next.iban)) found.iban = t('account.invalidIban')
    if (changesEmail(next, customer) && !next.currentPassword)
      found.currentPassword = t('messages.fieldRequired')
    return found
  }

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    const next = { ...values, [key]: value }
    setValues(next)
    if (key !== 'custom') edited(key as ProfileField, () => check(next))
  }
  const setCustom = (fieldId: number, value: string) => {
    const next = { ...values, custom: { ...values.custom, [fieldId]: value } }
    setValues(next)
    edited(customKey(fieldId), () => check(next))
  }

  /** The server's field names: the profile's own, or `customFieldValues.<index>...` for custom fields. */
  function fieldOfServer(apiField: string): ProfileField | undefined {
    const custom = /^customFieldValues\.(\d+)/.exec(apiField)
    if (custom) {
      const field = customer.customFields[Number(custom[1])]
      return field ? customKey(field.customFieldId) : undefined
    }
    return (order as string[]).includes(apiField) ? (apiField as ProfileField) : undefined
  }

  function onSubmit(from: AccountTab) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (save.isPending) return
      const found = check(values)
      if (!passes(found)) {
        const general = REQUIRED.some((field) => found[field])
          ? t('messages.fieldRequired')
          : (found.iban ?? t('messages.fieldRequired'))
        setOutcome({ tab: from, ok: false, message: general })
        return
      }
      setOutcome(null)
      setSavingFrom(from)
      const newEmail = changesEmail(values, customer)
      save.mutate(toBody(values, customer), {
        onSuccess: (answer) => {
          setValues(toValues(answer.data))
          const pending = newEmail ? answer.data.pendingEmail : null
          const message = pending
            ? `${t('messages.dataModified')} ${t('account.emailLinkSent', { email: pending })}`
            : t('messages.dataModified')
          setOutcome({ tab: from, ok: true, message })
        },
        onError: (error) => {
          setOutcome({ tab: from, ok: false, message: errorText(error, t) ?? t('messages.technical') })
          showServer(serverFieldErrors(error, fieldOfServer))
        },
      })
    }
  }

  const field = (name: TextName, props: Partial<TextFieldProps> = {}) => (
    <TextField
      id={idOf(name)}
      label={t(`account.${name}`)}
      value={values[name]}
      onValueChange={(value) => set(name, value)}
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
      {customer.pendingEmail && (
        <p className="account-form__notice">
          {t('account.emailPending', { email: customer.pendingEmail, current: customer.email })}
        </p>
      )}
      <div className="account-form__grid">
        {field('name', { autoComplete: 'given-name', maxLength: MAX_NAME_LENGTH })}
        {field('surname', { autoComplete: 'family-name', maxLength: MAX_NAME_LENGTH })}
        {field('email', { type: 'email', autoComplete: 'email', maxLength: MAX_EMAIL_LENGTH })}
        {changesEmail(values, customer) && (
          <PasswordField
            id={idOf('currentPassword')}
            label={t('auth.currentPassword')}
            required
            autoComplete="current-password"
            maxLength={MAX_PASSWORD_LENGTH}
            value={values.currentPassword}
            onValueChange={(value) => set('currentPassword', value)}
            hint={t('account.currentPasswordHint')}
            error={errors.currentPassword}
          />
        )}
        {field('phone', { type: 'tel', autoComplete: 'tel', maxLength: 30 })}
        <SelectField
          id={idOf('gender')}
          label={t('account.gender')}
          value={values.gender}
          onValueChange={(value) => set('gender', value as FormValues['gender'])}
          error={errors.gender}
          options={[
            { value: '', label: t('account.genderNone') },
            { value: '0', label: t('account.male') },
            { value: '1', label: t('account.female') },
          ]}
        />
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
                id={idOf(customKey(custom.customFieldId))}
                field={custom}
                value={values.custom[custom.customFieldId] ?? ''}
                error={errors[customKey(custom.customFieldId)]}
                onValueChange={(value) => setCustom(custom.customFieldId, value)}
              />
            ))}
          </div>
        </fieldset>
      )}
      <CheckboxField
        id={idOf('okRss')}
        label={t('legal.optIn')}
        checked={values.okRss}
        onCheckedChange={(checked) => set('okRss', checked)}
        error={errors.okRss}
      />
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
          className: 'input--mono',
          hint: t('account.ibanHint'),
          onBlur: () => set('iban', groupIban(values.iban)),
          onValueChange: (value) => set('iban', value.toUpperCase()),
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
