import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { staffTakingsRoutes } from '@clubhouse/contract/server'
import { Button } from '../components/ui/button.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { isLocalDate } from '../features/bookings/booking-rules.ts'
import { useFormat } from '../features/content/settings.tsx'
import { usePageTitle } from '../app/use-page-title.ts'
import { callStaff } from './staff-session.ts'
import { DayNav } from './day-nav.tsx'
import { takingsCsv } from './takings-csv.ts'
import './staff-texts.ts'

/**
 * The day's takings (issue 23, item 9), for managers and owners: what came in by method — online by
 * provider, desk cash and card, money vouchers — less refunds, the units vouchers paid, the total,
 * and the same as a CSV file. The day is the address's (`?date=`), the centre's today without one.
 */
export function TakingsPage() {
  const { t } = useTranslation()
  usePageTitle(t('staff.takings.title'))
  const format = useFormat()
  const [params, setParams] = useSearchParams()
  const asked = params.get('date')
  const date = isLocalDate(asked) ? asked : undefined
  const takings = useQuery({
    queryKey: ['staff', 'takings', date ?? 'today'],
    queryFn: async ({ signal }) =>
      (await callStaff(staffTakingsRoutes.staffTakings, { query: { date }, signal })).data,
    staleTime: 0,
  })
  const data = takings.data
  const go = (day: string) => setParams(new URLSearchParams({ date: day }))

  function download() {
    if (!data) return
    const csv = takingsCsv(data, {
      method: t('staff.takings.method'),
      count: t('staff.takings.count'),
      amount: t('staff.takings.amount'),
      total: t('staff.takings.total'),
    })
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `takings-${data.date}.csv`
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <div className="takings">
      <div className="schedule__bar">
        <h1 className="schedule__title">{t('staff.takings.title')}</h1>
        {data && (
          <div className="schedule__controls">
            <DayNav id="takings-date" date={data.date} onDay={go} />
            <Button onClick={download}>{t('staff.takings.export')}</Button>
          </div>
        )}
      </div>
      {takings.isError ? (
        <div className="staff-centre">
          <p role="alert">{t('staff.error')}</p>
          <Button onClick={() => void takings.refetch()}>{t('staff.retry')}</Button>
        </div>
      ) : !data ? (
        <Skeleton height="12rem" />
      ) : (
        <div className="takings__card">
          <table className="takings__table">
            <caption className="visually-hidden">{t('staff.takings.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.takings.method')}</th>
                <th scope="col" className="is-number">
                  {t('staff.takings.count')}
                </th>
                <th scope="col" className="is-number">
                  {t('staff.takings.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.lines.length === 0 && (
                <tr>
                  <td colSpan={3} className="takings__none">
                    {t('staff.takings.none')}
                  </td>
                </tr>
              )}
              {data.lines.map((line) => (
                <tr
                  key={`${line.channel}-${line.provider}-${line.label}`}
                  className={line.amountCents < 0 ? 'is-refund' : ''}
                >
                  <th scope="row">{line.label}</th>
                  <td className="is-number">{line.count}</td>
                  <td className="is-number">{format.currency(line.amountCents / 100)}</td>
                </tr>
              ))}
              {data.voucherUnits.map((u) => (
                <tr key={u.kind} className="is-units">
                  <th scope="row">{u.label}</th>
                  <td className="is-number">{u.count}</td>
                  <td className="is-number">{t(`staff.takings.units_${u.kind}`, { count: u.units })}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('staff.takings.total')}</th>
                <td />
                <td className="is-number">{format.currency(data.totalCents / 100)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  )
}
