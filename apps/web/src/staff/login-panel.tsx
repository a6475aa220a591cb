import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { staffRoutes, type StaffLoginModel } from '@clubhouse/contract/server'
import { PasswordField, TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { usePageTitle } from '../app/use-page-title.ts'
import { FormError, StaffCard, useStaffSubmit } from './staff-form.tsx'
import { callStaff, saveStaffToken, staffMeQuery } from './staff-session.ts'

/**
 * The staff's sign-in: email and password, then the code of the second factor when the account has
 * one. The session's token is kept in this browser; who signed in goes straight to the desk.
 */
export function LoginPanel() {
  const { t } = useTranslation()
  usePageTitle(t('staff.loginTitle'))
  const queryClient = useQueryClient()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [challenge, setChallenge] = useState<string | null>(null)
  const [code, setCode] = useState('')

  function opened(model: StaffLoginModel) {
    if (model.step === 'code') {
      setChallenge(model.challenge)
      return
    }
    queryClient.setQueryData(staffMeQuery, model.account)
    saveStaffToken(model.token)
  }

  const first = useStaffSubmit(async () => {
    opened((await callStaff(staffRoutes.staffLogin, { body: { email, password } })).model)
  })
  const second = useStaffSubmit(async () => {
    const body = { challenge: challenge ?? '', code }
    opened((await callStaff(staffRoutes.staffLoginSecondStep, { body })).model)
  })

  if (challenge) {
    return (
      <StaffCard title={t('staff.codeTitle')} lead={t('staff.codeLead')}>
        <form className="staff-form" onSubmit={(e) => void second.onSubmit(e)} noValidate>
          <TextField
            id="staff-code"
            label={t('staff.code')}
            value={code}
            onValueChange={setCode}
            autoComplete="one-time-code"
            inputMode="text"
            required
            autoFocus
          />
          <FormError error={second.error} />
          <Button type="submit" busy={second.busy} busyLabel={t('staff.signingIn')}>
            {t('staff.verify')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setChallenge(null)}>
            {t('staff.back')}
          </Button>
        </form>
      </StaffCard>
    )
  }

  return (
    <StaffCard title={t('staff.loginTitle')} lead={t('staff.loginLead')}>
      <form className="staff-form" onSubmit={(e) => void first.onSubmit(e)} noValidate>
        <TextField
          id="staff-email"
          type="email"
          label={t('staff.email')}
          value={email}
          onValueChange={setEmail}
          autoComplete="username"
          required
        />
        <PasswordField
          id="staff-password"
          label={t('staff.password')}
          value={password}
          onValueChange={setPassword}
          autoComplete="current-password"
          required
        />
        <FormError error={first.error} />
        <Button type="submit" busy={first.busy} busyLabel={t('staff.signingIn')}>
          {t('staff.signIn')}
        </Button>
      </form>
    </StaffCard>
  )
}
