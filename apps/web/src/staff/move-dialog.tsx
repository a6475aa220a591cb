import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  staffMoveRoutes,
  type StaffDay,
  type StaffMoved,
  type StaffScheduleItem,
} from '@clubhouse/contract/server'
import { TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Dialog } from '../components/ui/dialog.tsx'
import { ResourceField } from './book-dialog.tsx'
import { FormError, useStaffSubmit } from './staff-form.tsx'
import { callStaff } from './staff-session.ts'
import { hourMinute } from './schedule-time.ts'
import './staff-texts.ts'

/**
 * Moving a booking at the desk (issue 23, item 4, decision 117): another day, start or court of the
 * day's resources, for as long as it was booked and at the price it was charged. The server's
 * refusal (a time taken meanwhile, closed, off the grid) is shown as it is; the day shows the move.
 */
export function MoveDialog({
  day,
  item,
  onClose,
  onMoved,
}: {
  day: StaffDay
  item: StaffScheduleItem
  onClose: () => void
  onMoved: (moved: StaffMoved) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [resourceId, setResourceId] = useState(String(item.resourceId))
  const [date, setDate] = useState(day.date)
  const [time, setTime] = useState(hourMinute(item.startMinute))
  const minutes = item.endMinute - item.startMinute

  const submit = useStaffSubmit(async () => {
    const { model } = await callStaff(staffMoveRoutes.staffMoveBooking, {
      params: { id: item.id },
      body: { start: `${date} ${time}`, resourceId: Number(resourceId) },
    })
    await queryClient.invalidateQueries({ queryKey: ['staff', 'schedule'] })
    onMoved(model)
  })

  return (
    <Dialog open onClose={onClose} title={t('staff.move.title')} closeLabel={t('staff.schedule.close')}>
      <form className="staff-form book-form" onSubmit={(e) => void submit.onSubmit(e)} noValidate>
        <p className="move-form__lead">
          {t('staff.move.lead', {
            what: item.title,
            who: item.customer?.name ?? '',
            from: `${hourMinute(item.startMinute)}–${hourMinute(item.endMinute)}`,
            minutes,
          })}
        </p>
        <div className="book-form__row">
          <TextField
            id="move-date"
            type="date"
            label={t('staff.move.date')}
            value={date}
            onValueChange={setDate}
            min={day.today}
            required
          />
          <TextField
            id="move-time"
            type="time"
            label={t('staff.move.time')}
            value={time}
            onValueChange={setTime}
            step={300}
            required
          />
        </div>
        <ResourceField id="move-resource" day={day} value={resourceId} onValueChange={setResourceId} />
        <p className="move-form__note">{t('staff.move.samePrice')}</p>
        <FormError error={submit.error} />
        <Button type="submit" busy={submit.busy} busyLabel={t('common.loading')}>
          {t('staff.move.confirm')}
        </Button>
      </form>
    </Dialog>
  )
}
