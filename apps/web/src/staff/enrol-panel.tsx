import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { staffRoutes } from '@clubhouse/contract/server'
import { TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Spinner } from '../components/ui/spinner.tsx'
import { usePageTitle } from '../app/use-page-title.ts'
import { FormError, StaffCard, useStaffSubmit } from './staff-form.tsx'
import { callStaff, staffMeQuery } from './staff-session.ts'

/**
 * The enrolment of a second factor an owner or a manager must make before anything else in
 * production: the key for an authenticator app, its first code, then the recovery codes, once.
 */
export function EnrolPanel() {
  const { t } = useTranslation()
  usePageTitle(t('staff.enrolTitle'))
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [recovery, setRecovery] = useState<string[] | null>(null)
  const secret = useQuery({
    queryKey: ['staff', 'enrolment'],
    queryFn: async () => (await callStaff(staffRoutes.staffSecondFactorStart)).model,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const confirm = useStaffSubmit(async () => {
    const { model } = await callStaff(staffRoutes.staffSecondFactorConfirm, { body: { code } })
    setRecovery(model.recoveryCodes)
  })

  if (recovery) {
    return (
      <StaffCard title={t('staff.recoveryTitle')} lead={t('staff.recoveryLead')}>
        <ol className="staff-codes">
          {recovery.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <Button onClick={() => void queryClient.invalidateQueries({ queryKey: staffMeQuery })}>
          {t('staff.recoveryDone')}
        </Button>
      </StaffCard>
    )
  }
  return (
    <StaffCard title={t('staff.enrolTitle')} lead={t('staff.enrolLead')}>
      {secret.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : secret.isError ? (
        <p role="alert">{t('staff.error')}</p>
      ) : (
        <>
          <p className="staff-secret">
            {t('staff.enrolKey')}: <code>{secret.data.secret}</code>
          </p>
          <p>
            <a href={secret.data.uri}>{t('staff.enrolLink')}</a>
          </p>
          <form className="staff-form" onSubmit={(e) => void confirm.onSubmit(e)} noValidate>
            <TextField
              id="staff-enrol-code"
              label={t('staff.code')}
              value={code}
              onValueChange={setCode}
              autoComplete="one-time-code"
              inputMode="numeric"
              required
            />
            <FormError error={confirm.error} />
            <Button type="submit" busy={confirm.busy} busyLabel={t('common.loading')}>
              {t('staff.enrolConfirm')}
            </Button>
          </form>
        </>
      )}
    </StaffCard>
  )
}
