import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormIdentifier, RENDERED_INPUT_TYPES } from '@clubhouse/contract'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSettings } from '../../content/settings.tsx'
import { useFormDef } from '../../forms/api/dynamic-forms.ts'
import { saveRegistrationEntry } from '../registration-entry.ts'
import { carryEmail } from './carried-email.ts'
import { RegisterForm, Registered } from './register-form.tsx'

const DynamicForm = lazy(() =>
  import('../../forms/dynamic-form.tsx').then((m) => ({ default: m.DynamicForm })),
)

/** The registration form the centre defined (decision 064): parent `CustomRegisterForm` 1. */
const REGISTER_FORM = { parentName: FormIdentifier.CustomRegisterForm, parentId: 1 } as const

/**
 * The register mode of the login popup: the centre's own registration form when its settings say
 * so and the form exists with fields to fill in (spec 1 §1: "registration can also be done through
 * a dynamic form"), else the fixed form. A form that fails to load leaves the fixed one.
 */
export function RegisterEntry() {
  const { customRegisterForm } = useSettings()
  return customRegisterForm ? <CustomRegistration /> : <RegisterForm />
}

function CustomRegistration() {
  const { t } = useTranslation()
  const loading = <Spinner label={t('common.loading')} />
  const def = useFormDef(REGISTER_FORM.parentName, REGISTER_FORM.parentId)
  const [done, setDone] = useState(false)
  if (done) return <Registered />
  if (def.isPending) return loading
  const fields = def.data?.fields.filter((f) => RENDERED_INPUT_TYPES.includes(f.columnDef.editInputType))
  if (!fields?.length) return <RegisterForm />
  return (
    <Suspense fallback={loading}>
      <DynamicForm
        {...REGISTER_FORM}
        onSaved={(model, values) => {
          // As after the fixed form: the login that follows starts with the address just
          // registered, and the registration entry keeps it for 5 minutes (the server names no
          // account, decision 076: its id is 0).
          const email = (values.email ?? '').trim().toLowerCase()
          carryEmail(email)
          saveRegistrationEntry({ id: model.customerId ?? 0, email })
          setDone(true)
        }}
        submitLabel={t('auth.register')}
      />
    </Suspense>
  )
}
