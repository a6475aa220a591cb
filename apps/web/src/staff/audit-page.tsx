import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  STAFF_AUDIT_PAGE_SIZE,
  staffAuditRoutes,
  staffRoutes,
  type StaffAuditEntry,
} from '@clubhouse/contract/server'
import type { Locale } from '@clubhouse/contract'
import { SelectField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Pagination } from '../components/ui/pagination.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { readId, readListPage, readListText, useListParams, withParams } from '../app/list-params.ts'
import { usePageTitle } from '../app/use-page-title.ts'
import { useFormat } from '../features/content/settings.tsx'
import { LOCALES } from '../lib/constants.ts'
import { useLanguage } from '../lib/i18n/use-language.ts'
import type { auditTextsEnUS } from './audit-texts.ts'
import { isForbidden, StaffLoadError } from './staff-load-error.tsx'
import { callStaff } from './staff-session.ts'
import './audit-texts.ts'
import './staff-texts.ts'

/** The actions the server writes (every `recordAudit` of the staff feature), as the filter lists them. */
export const AUDIT_ACTIONS = [
  'account.add',
  'account.disable',
  'account.enable',
  'account.role',
  'account.link',
  'second-factor.reset',
  'activation.resend',
  'attendance.mark',
  'block.add',
  'block.remove',
  'booking.add',
  'booking.cancel',
  'booking.move',
  'customer.edit',
  'customer.disable',
  'customer.enable',
  'debt.add',
  'order.refund',
  'order.ship',
  'participant.add',
  'voucher.add',
  'voucher.top-up',
]

/** An action's text key: the server's name with `_` for `.` and `-` (`voucher.top-up`, `action_voucher_top_up`). */
export const actionKey = (action: string) => `action_${action.replace(/[.-]/g, '_')}`

/** A value's text key, per field: `role` `manager` is `value_role_manager`. */
const valueKey = (key: string, value: string) => `value_${key}_${value.replace(/[^A-Za-z0-9]/g, '_')}`

type AuditTexts = typeof auditTextsEnUS.staffAudit

/** What a change was made to (`sale:12`): its kind, its id, and the desk's page of it when it has one. */
function subjectOf(subject: string, action: string) {
  const [kind = '', id = ''] = subject.split(':')
  const href =
    kind === 'customer'
      ? `/staff/customers/${id}`
      : kind === 'session'
        ? `/staff/sessions/${id}`
        : kind === 'sale' && action.startsWith('order.')
          ? `/staff/orders/${id}`
          : undefined
  return { kind, id, href }
}

/** A field the page has no words for, as a person reads it: `refundedCents` is "Refunded". */
function fieldName(key: string) {
  const words = key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A text the server keeps in both languages: a record whose keys are only `es-ES` and `en-US`. */
const isLocalised = (value: unknown): value is Partial<Record<Locale, unknown>> =>
  isRecord(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((key) => (LOCALES as readonly string[]).includes(key))

/** A list of things (refunds, blocks, lines), each read field by field rather than as one text. */
const isListOfRecords = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && !isLocalised(item))

/**
 * The owner's audit (issue 23, item 9): every write of the staff, newest first, 50 a page, by one
 * staff member or one action, each with who, when, what and the thing before and after it.
 */
export function AuditPage() {
  const { t } = useTranslation()
  const words = useAuditWords()
  usePageTitle(t('staffAudit.title'))
  const [params, choose] = useListParams()
  const staffId = readId(params.get('staff') ?? undefined) ?? undefined
  const action = readListText(params, 'action').slice(0, 64) || undefined
  const page = readListPage(params)
  const filters = { staffId, action, page }
  const audit = useQuery({
    queryKey: ['staff', 'audit', filters],
    queryFn: async ({ signal }) => callStaff(staffAuditRoutes.staffAudit, { query: filters, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  const accounts = useQuery({
    queryKey: ['staff', 'accounts'],
    queryFn: async ({ signal }) => (await callStaff(staffRoutes.staffAccounts, { signal })).data,
  })
  const data = audit.data
  const total = data?.totalCount ?? 0
  const filtered = staffId !== undefined || action !== undefined
  const first = total === 0 ? 0 : (page - 1) * STAFF_AUDIT_PAGE_SIZE + 1
  const last = Math.min(total, page * STAFF_AUDIT_PAGE_SIZE)
  const hrefFor = (n: number) =>
    `/staff/audit?${withParams(params, { page: n > 1 ? String(n) : null }).toString()}`
  const actions = action && !AUDIT_ACTIONS.includes(action) ? [...AUDIT_ACTIONS, action] : AUDIT_ACTIONS
  const clear = () => choose({ staff: null, action: null })

  if (audit.isError && !data) {
    return <StaffLoadError forbidden={isForbidden(audit.error)} onRetry={() => void audit.refetch()} />
  }
  return (
    <div className="orders audit">
      <h1 className="roster__title">{t('staffAudit.title')}</h1>
      <p className="customers__lead">{t('staffAudit.lead')}</p>
      <form
        className="orders__filters"
        aria-label={t('staffAudit.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          id="audit-staff"
          label={t('staffAudit.who')}
          value={staffId === undefined ? '' : String(staffId)}
          onValueChange={(value) => choose({ staff: value || null })}
          options={[
            { value: '', label: t('staffAudit.anyone') },
            ...(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name || a.email })),
            // The one in the address, before the list arrives (or when it is no account).
            ...(staffId !== undefined && !accounts.data?.some((a) => a.id === staffId)
              ? [{ value: String(staffId), label: `#${staffId}` }]
              : []),
          ]}
        />
        <SelectField
          id="audit-action"
          label={t('staffAudit.action')}
          value={action ?? ''}
          onValueChange={(value) => choose({ action: value || null })}
          options={[
            { value: '', label: t('staffAudit.anyAction') },
            ...actions.map((a) => ({ value: a, label: actionLabel(words, a) })),
          ]}
        />
        {filtered && (
          <Button type="button" variant="ghost" className="orders__clear" onClick={clear}>
            {t('staffAudit.clear')}
          </Button>
        )}
      </form>
      <p className="orders__count" role="status">
        {data && total > 0 ? t('staffAudit.showing', { from: first, to: last, count: total }) : ''}
      </p>
      {!data ? (
        <div aria-busy="true">
          <Skeleton height="16rem" />
        </div>
      ) : data.data.length === 0 ? (
        <div className="orders__empty">
          <p>{filtered ? t('staffAudit.noneFiltered') : t('staffAudit.none')}</p>
          {filtered && (
            <Button variant="secondary" onClick={clear}>
              {t('staffAudit.clear')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <ol
            className={audit.isPlaceholderData ? 'audit__list is-loading' : 'audit__list'}
            aria-label={t('staffAudit.title')}
            aria-busy={audit.isPlaceholderData || undefined}
          >
            {data.data.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
          <Pagination page={page} pageCount={Math.ceil(total / STAFF_AUDIT_PAGE_SIZE)} hrefFor={hrefFor} />
        </>
      )}
    </div>
  )
}

/** The page's words by key, for actions and kinds of subject the server names. */
function useAuditWords(): Record<string, string> {
  const { t } = useTranslation()
  return t('staffAudit', { returnObjects: true }) as AuditTexts
}

/** An action's words in the page's language; an action the desk does not know, as the server wrote it. */
const actionLabel = (words: Record<string, string>, action: string) => words[actionKey(action)] ?? action

/**
 * How the page reads a recorded value of the field `key`, in its language: a text in both languages
 * as the page's one, yes or no, a known word of the field, money, an instant, a list joined, and a
 * record (a walk-in, a refund) as its fields one after another.
 */
function useValueText() {
  const { t } = useTranslation()
  const format = useFormat()
  const language = useLanguage()
  const words = useAuditWords()
  const name = (key: string) => words[`field_${key}`] ?? fieldName(key)
  const fields = (record: Record<string, unknown>) =>
    Object.entries(record)
      .map(([key, value]) => `${name(key)} ${text(key, value)}`)
      .join(' · ')
  const text = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('staffAudit.empty')
    if (typeof value === 'boolean') return t(value ? 'staffAudit.yes' : 'staffAudit.no')
    if (typeof value === 'number') return key.endsWith('Cents') ? format.currency(value / 100) : String(value)
    if (typeof value === 'string') {
      if (key.endsWith('At') && !Number.isNaN(Date.parse(value)))
        return format.date(value, 'dd/MM/yyyy HH:mm')
      return words[valueKey(key, value)] ?? value
    }
    if (Array.isArray(value))
      return value.length === 0 ? t('staffAudit.empty') : value.map((v) => text(key, v)).join(', ')
    if (isLocalised(value)) return text(key, value[language] ?? Object.values(value)[0])
    if (isRecord(value)) return fields(value)
    return JSON.stringify(value)
  }
  return { name, text, fields }
}

/** A recorded value in a cell: a list of records one to a line, anything else as one text. */
function Value({ field, value }: { field: string; value: unknown }) {
  const { text, fields } = useValueText()
  if (!isListOfRecords(value)) return <>{text(field, value)}</>
  return (
    <ul className="audit__records">
      {value.map((record, i) => (
        <li key={i}>{fields(record)}</li>
      ))}
    </ul>
  )
}

function AuditRow({ entry }: { entry: StaffAuditEntry }) {
  const { t } = useTranslation()
  const format = useFormat()
  const subject = subjectOf(entry.subject, entry.action)
  const words = useAuditWords()
  const kind = words[`subject_${subject.kind}`]
  const subjectText = kind ? `${kind} ${subject.id}` : entry.subject
  return (
    <li className="audit__entry">
      <div className="audit__head">
        <strong className="audit__action">{actionLabel(words, entry.action)}</strong>
        {subject.href ? <Link to={subject.href}>{subjectText}</Link> : <span>{subjectText}</span>}
        <time className="audit__at" dateTime={entry.at}>
          {format.date(entry.at, 'dd/MM/yyyy HH:mm:ss')}
        </time>
      </div>
      <p className="audit__who">
        {entry.staff ? (
          <span title={entry.staff.email}>{entry.staff.name || entry.staff.email}</span>
        ) : (
          t('staffAudit.commandLine')
        )}
      </p>
      <Changes before={entry.before} after={entry.after} />
    </li>
  )
}

/** The thing before and after, field by field, the changed ones marked. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation()
  const { name, text } = useValueText()
  const wasNone = before === null || before === undefined
  const isGone = after === null || after === undefined
  if (wasNone && isGone) return <p className="roster__empty">{t('staffAudit.noDetail')}</p>
  const plain = (value: unknown) => !isRecord(value ?? {}) || isLocalised(value)
  if (plain(before) || plain(after)) {
    return (
      <p className="audit__plain">
        {text('', before)} → {text('', after)}
      </p>
    )
  }
  const old = isRecord(before) ? before : {}
  const now = isRecord(after) ? after : {}
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])]
  // A thing made or removed reads as one column; a change as before and after side by side.
  const single = wasNone || isGone
  return (
    <div className="order__scroll">
      <table className="audit__changes">
        {single && <caption>{wasNone ? t('staffAudit.created') : t('staffAudit.removed')}</caption>}
        <thead className={single ? 'visually-hidden' : undefined}>
          <tr>
            <th scope="col">{t('staffAudit.field')}</th>
            {!wasNone && <th scope="col">{t('staffAudit.before')}</th>}
            {!isGone && <th scope="col">{t('staffAudit.after')}</th>}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const changed = !single && JSON.stringify(old[key]) !== JSON.stringify(now[key])
            return (
              <tr key={key} className={changed ? 'is-changed' : undefined}>
                <th scope="row">{name(key)}</th>
                {!wasNone && (
                  <td>
                    <Value field={key} value={old[key]} />
                  </td>
                )}
                {!isGone && (
                  <td>
                    <Value field={key} value={now[key]} />
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
