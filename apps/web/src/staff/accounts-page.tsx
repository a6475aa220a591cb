import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { StaffRole, staffRoutes, type StaffAccountShown, type StaffMe } from '@clubhouse/contract/server'
import { SelectField, TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { usePageTitle } from '../app/use-page-title.ts'
import { useFormat } from '../features/content/settings.tsx'
import { FormError, useStaffSubmit } from './staff-form.tsx'
import { callStaff, staffMeOptions } from './staff-session.ts'
import './accounts-texts.ts'
import './staff-texts.ts'

const accountsQuery = ['staff', 'accounts'] as const

/**
 * The owners' page of the staff accounts (issue 23, item 1): every account with its role, its second
 * factor and whether it works; a new account, whose set-password link is shown this once; an
 * account given another role, a new link (a forgotten password), disabled and enabled again, or its
 * second factor reset. The server's refusals (the last owner) are shown
 * as it words them.
 */
export function AccountsPage() {
  const { t } = useTranslation()
  usePageTitle(t('staffAccounts.title'))
  const me = useQuery(staffMeOptions)
  const accounts = useQuery({
    enabled: me.data?.role === 'owner',
    queryKey: accountsQuery,
    queryFn: async ({ signal }) => (await callStaff(staffRoutes.staffAccounts, { signal })).data,
    staleTime: 0,
  })
  const [notice, setNotice] = useState('')
  if (me.data && me.data.role !== 'owner') {
    return <p className="staff-centre">{t('staffAccounts.ownersOnly')}</p>
  }

  return (
    <div className="accounts">
      <h1 className="schedule__title">{t('staffAccounts.title')}</h1>
      <p className="accounts__notice" role="status">
        {notice}
      </p>
      <div className="accounts__layout">
        <section className="roster__section" aria-labelledby="accounts-list">
          <h2 id="accounts-list" className="roster__heading">
            {t('staffAccounts.list')}
          </h2>
          {accounts.isError ? (
            <div>
              <p role="alert">{t('staff.error')}</p>
              <Button onClick={() => void accounts.refetch()}>{t('staff.retry')}</Button>
            </div>
          ) : !accounts.data ? (
            <Skeleton height="12rem" />
          ) : (
            <ul className="accounts__list">
              {accounts.data.map((a) => (
                <AccountRow key={a.id} account={a} me={me.data} onDone={setNotice} />
              ))}
            </ul>
          )}
        </section>
        <AddAccount />
      </div>
    </div>
  )
}

type Confirming = 'disable' | 'reset' | 'role' | null

function AccountRow({
  account,
  me,
  onDone,
}: {
  account: StaffAccountShown
  me: StaffMe | undefined
  onDone: (notice: string) => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [role, setRole] = useState<StaffRole>(account.role)
  const [link, setLink] = useState<{ link: string; expiresAt: string } | null>(null)
  const who = account.name || account.email
  async function done(notice: string) {
    setConfirming(null)
    await queryClient.invalidateQueries({ queryKey: accountsQuery })
    onDone(notice)
  }
  const params = { params: { id: account.id } }
  const disable = useStaffSubmit(async () => {
    await callStaff(staffRoutes.staffDisableAccount, params)
    await done(t('staffAccounts.disabledDone', { who }))
  })
  const reset = useStaffSubmit(async () => {
    await callStaff(staffRoutes.staffResetSecondFactor, params)
    await done(t('staffAccounts.resetDone', { who }))
  })
  const changeRole = useStaffSubmit(async () => {
    const { data } = await callStaff(staffRoutes.staffChangeRole, { ...params, body: { role } })
    await done(t('staffAccounts.roleDone', { who, role: t(`staff.role_${data.role}`) }))
  })
  const enable = useStaffSubmit(async () => {
    await callStaff(staffRoutes.staffEnableAccount, params)
    await done(t('staffAccounts.enabledDone', { who }))
  })
  const newLink = useStaffSubmit(async () => {
    const { model } = await callStaff(staffRoutes.staffNewPasswordLink, params)
    setLink(model)
  })
  const action = confirming === 'disable' ? disable : confirming === 'reset' ? reset : changeRole
  const warning = {
    disable: t('staffAccounts.disableWarning', { who }),
    reset: t('staffAccounts.resetWarning', { who }),
    role: t('staffAccounts.roleWarning', { who }),
  }
  const confirm = {
    disable: t('staffAccounts.disableConfirm'),
    reset: t('staffAccounts.resetConfirm'),
    role: t('staffAccounts.roleConfirm'),
  }

  return (
    <li className="accounts__item">
      <div className="accounts__who">
        <strong>{who}</strong>
        {account.name && <span className="accounts__email">{account.email}</span>}
      </div>
      <div className="accounts__badges">
        <span className="customer__badge">{t(`staff.role_${account.role}`)}</span>
        <span className={account.hasSecondFactor ? 'customer__badge' : 'customer__badge is-pending'}>
          {t(account.hasSecondFactor ? 'staffAccounts.secondFactorOn' : 'staffAccounts.secondFactorOff')}
        </span>
        {!account.hasPassword && (
          <span className="customer__badge is-pending">{t('staffAccounts.noPassword')}</span>
        )}
        {account.disabledAt && (
          <span className="customer__badge is-off">
            {t('staffAccounts.disabledSince', { date: format.date(account.disabledAt, 'dd/MM/yyyy') })}
          </span>
        )}
        {me?.id === account.id && <span className="customer__badge">{t('staffAccounts.you')}</span>}
      </div>
      {link && (
        <LinkBox
          lead={t('staffAccounts.newLinkLead', {
            who,
            date: format.date(link.expiresAt, 'dd/MM/yyyy HH:mm'),
          })}
          link={link.link}
          onDone={() => setLink(null)}
        />
      )}
      {confirming ? (
        <form className="staff-form customer__confirm" onSubmit={(e) => void action.onSubmit(e)} noValidate>
          {confirming === 'role' && (
            <SelectField
              id={`account-role-${account.id}`}
              label={t('staffAccounts.newRole', { who })}
              value={role}
              onValueChange={(r) => setRole(r as StaffRole)}
              options={StaffRole.map((r) => ({ value: r, label: t(`staff.role_${r}`) }))}
              required
            />
          )}
          <p role={confirming === 'role' ? undefined : 'alert'}>{warning[confirming]}</p>
          <FormError error={action.error} />
          <div className="accounts__actions">
            <Button
              type="submit"
              className={confirming === 'role' ? undefined : 'customer__danger'}
              busy={action.busy}
              busyLabel={t('common.loading')}
            >
              {confirm[confirming]}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(null)}>
              {t('staffAccounts.keep')}
            </Button>
          </div>
        </form>
      ) : account.disabledAt ? (
        <form className="accounts__actions" onSubmit={(e) => void enable.onSubmit(e)} noValidate>
          <FormError error={enable.error} />
          <Button type="submit" variant="secondary" busy={enable.busy} busyLabel={t('common.loading')}>
            {t('staffAccounts.enable')}
          </Button>
        </form>
      ) : (
        <div className="accounts__actions">
          <FormError error={newLink.error} />
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setRole(account.role)
              setConfirming('role')
            }}
          >
            {t('staffAccounts.changeRole')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            busy={newLink.busy}
            busyLabel={t('common.loading')}
            onClick={() => void newLink.onSubmit()}
          >
            {t('staffAccounts.newLink')}
          </Button>
          {account.hasSecondFactor && (
            <Button type="button" variant="secondary" onClick={() => setConfirming('reset')}>
              {t('staffAccounts.reset')}
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={() => setConfirming('disable')}>
            {t('staffAccounts.disable')}
          </Button>
        </div>
      )}
    </li>
  )
}

/** A set-password link shown this once, to select or copy and give to the person. */
function LinkBox({ lead, link, onDone }: { lead: string; link: string; onDone: () => void }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div className="accounts__link">
      <p>{lead}</p>
      <input
        className="accounts__link-field"
        readOnly
        value={link}
        aria-label={t('staffAccounts.link')}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="accounts__actions">
        <Button type="button" onClick={() => void copy()}>
          {t(copied ? 'staffAccounts.copied' : 'staffAccounts.copy')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('staffAccounts.linkDone')}
        </Button>
      </div>
    </div>
  )
}

function AddAccount() {
  const { t } = useTranslation()
  const format = useFormat()
  const queryClient = useQueryClient()
  const [values, setValues] = useState({ email: '', name: '', role: 'desk' as StaffRole })
  const [made, setMade] = useState<{ email: string; link: string; expiresAt: string } | null>(null)
  const submit = useStaffSubmit(async () => {
    const { model } = await callStaff(staffRoutes.staffAddAccount, { body: values })
    setMade({ email: model.account.email, link: model.link, expiresAt: model.expiresAt })
    setValues({ email: '', name: '', role: 'desk' })
    await queryClient.invalidateQueries({ queryKey: accountsQuery })
  })

  return (
    <section className="roster__section" aria-labelledby="accounts-add">
      <h2 id="accounts-add" className="roster__heading">
        {t('staffAccounts.add')}
      </h2>
      {made && (
        <LinkBox
          lead={t('staffAccounts.linkLead', {
            email: made.email,
            date: format.date(made.expiresAt, 'dd/MM/yyyy HH:mm'),
          })}
          link={made.link}
          onDone={() => setMade(null)}
        />
      )}
      <form className="staff-form" onSubmit={(e) => void submit.onSubmit(e)} noValidate>
        <TextField
          id="account-email"
          type="email"
          label={t('staffAccounts.email')}
          value={values.email}
          onValueChange={(email) => setValues((v) => ({ ...v, email }))}
          required
        />
        <TextField
          id="account-name"
          label={t('staffAccounts.name')}
          value={values.name}
          onValueChange={(name) => setValues((v) => ({ ...v, name }))}
        />
        <SelectField
          id="account-role"
          label={t('staffAccounts.role')}
          value={values.role}
          onValueChange={(role) => setValues((v) => ({ ...v, role: role as StaffRole }))}
          options={StaffRole.map((r) => ({ value: r, label: t(`staff.role_${r}`) }))}
          required
        />
        <FormError error={submit.error} />
        <Button type="submit" busy={submit.busy} busyLabel={t('common.loading')}>
          {t('staffAccounts.create')}
        </Button>
      </form>
    </section>
  )
}
