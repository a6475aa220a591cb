import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { STAFF_MIN_PASSWORD_LENGTH, staffRoutes } from '@clubhouse/contract/server'
import { PasswordField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { usePageTitle } from '../app/use-page-title.ts'
import { FormError, StaffCard, useStaffSubmit } from './staff-form.tsx'
import { callStaff } from './staff-session.ts'

/** /staff/set-password?token=…: the one-time link an owner or the command line gave a new account. */
export function SetPasswordPage() {
  const { t } = useTranslation()
  usePageTitle(t('staff.setPasswordTitle'))
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [password, setPassword] = useState('')
  const [savedFor, setSavedFor] = useState<string | null>(null)
  const submit = useStaffSubmit(async () => {
    const { model } = await callStaff(staffRoutes.staffSetPassword, { body: { token, password } })
    setSavedFor(model.email)
  })

  if (savedFor) {
    return (
      <StaffCard title={t('staff.setPasswordTitle')}>
        <p role="status">{t('staff.passwordSaved', { email: savedFor })}</p>
        <Link className="button button--primary" to="/staff">
          {t('staff.goToSignIn')}
        </Link>
      </StaffCard>
    )
  }
  if (!token) {
    return (
      <StaffCard title={t('staff.setPasswordTitle')}>
        <p role="alert">{t('staff.noToken')}</p>
      </StaffCard>
    )
  }
  return (
    <StaffCard
      title={t('staff.setPasswordTitle')}
      lead={t('staff.setPasswordLead', { count: STAFF_MIN_PASSWORD_LENGTH })}
    >
      <form className="staff-form" onSubmit={(e) => void submit.onSubmit(e)} noValidate>
        <PasswordField
          id="staff-new-password"
          label={t('staff.newPassword')}
          value={password}
          onValueChange={setPassword}
          autoComplete="new-password"
          minLength={STAFF_MIN_PASSWORD_LENGTH}
          required
        />
        <FormError error={submit.error} />
        <Button type="submit" busy={submit.busy} busyLabel={t('common.loading')}>
          {t('staff.savePassword')}
        </Button>
      </form>
    </StaffCard>
  )
}
